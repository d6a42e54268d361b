import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  marginBottom: tokens.space.md,
});
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem' });
export const input = style({
  font: 'inherit',
  minHeight: '44px',
  padding: `${tokens.space.sm} ${tokens.space.ms}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  maxWidth: '28rem',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceAlt, color: vars.color.textMuted },
  },
});
// Empty, the error stays in the accessibility tree (a live region must exist before its text) but
// out of the layout.
export const error = style({
  color: vars.color.danger,
  fontWeight: 600,
  fontSize: '0.9375rem',
  selectors: { '&:empty': { position: 'absolute' } },
});
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '10px',
  marginBottom: tokens.space.md,
});
export const checkbox = style({
  width: '22px',
  height: '22px',
  flexShrink: 0,
  marginTop: tokens.space.xxs,
  accentColor: vars.color.brand,
});
/**
 * The reason beside a disabled submit (submit-hint.tsx). While submit is disabled its line is
 * reserved from the first render, before its words go in: filled a moment later, it moved what
 * follows the form (sign-in's register panel: a layout shift of 0.015). Empty while submit is
 * enabled, it takes no room (decision 862).
 */
export const submitHint = style({
  flexBasis: '100%',
  margin: 0,
  color: vars.color.text,
  fontSize: '0.9375rem',
  selectors: {
    '&:empty:not([data-reserved])': { position: 'absolute' },
    '&[data-reserved]': { minHeight: '1lh' },
  },
});
