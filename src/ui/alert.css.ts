import { styleVariants, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

const base = style({
  padding: '12px 16px',
  borderRadius: '4px',
  borderLeft: '6px solid',
  marginBottom: '16px',
});

export const tone = styleVariants({
  error: [base, { background: vars.color.dangerBg, borderColor: vars.color.danger, color: vars.color.text }],
  success: [base, { background: vars.color.successBg, borderColor: vars.color.success, color: vars.color.text }],
  info: [base, { background: vars.color.infoBg, borderColor: vars.color.info, color: vars.color.text }],
});
export const title = style({ fontWeight: 700, margin: '0 0 4px' });
