import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';

export const sections = style({ display: 'grid', gap: tokens.space.xl });
export const section = style({
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}`, paddingTop: tokens.space.lg },
    // A section whose feature the host does not offer renders nothing: no rule, no gap.
    '&:empty': { display: 'none' },
  },
});
export const heading = style({ fontSize: '1.25rem', marginBottom: tokens.space.ms });
export const intro = style({ color: vars.color.textMuted, marginTop: 0, marginBottom: tokens.space.md });
export const email = style({ color: vars.color.text, overflowWrap: 'anywhere' });
/** The calendar feed's address: a read-only field as wide as the column, then its buttons in a row that wraps. */
export const address = style({
  width: '100%',
  boxSizing: 'border-box',
  font: 'inherit',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875rem',
  padding: tokens.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
  marginTop: tokens.space.ms,
});
/** Close your account, under Download your data in the same section: a rule between them. */
export const subsection = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: tokens.space.lg,
  marginTop: tokens.space.xl,
});
