import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';

export const sections = style({ display: 'grid', gap: tokens.space.xl });
export const section = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}`, paddingTop: tokens.space.lg } },
});
export const heading = style({ fontSize: '1.25rem', marginBottom: tokens.space.ms });
export const intro = style({ color: vars.color.textMuted, marginTop: 0, marginBottom: tokens.space.md });
export const email = style({ color: vars.color.text, overflowWrap: 'anywhere' });
