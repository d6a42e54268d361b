import { styleVariants, style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

const base = style({
  padding: `${tokens.space.ms} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  borderLeft: '6px solid',
  marginBottom: tokens.space.md,
});

export const tone = styleVariants({
  error: [base, { background: vars.color.dangerBg, borderColor: vars.color.danger, color: vars.color.text }],
  success: [base, { background: vars.color.successBg, borderColor: vars.color.success, color: vars.color.text }],
  info: [base, { background: vars.color.infoBg, borderColor: vars.color.info, color: vars.color.text }],
});
export const title = style({ fontWeight: 700, margin: `0 0 ${tokens.space.xs}` });
