import { style, styleVariants } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { card as cardPrimitive } from '#src/ui/card.css';

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.md });
/** The card primitive (src/ui/card.css.ts). */
export const card = style([cardPrimitive]);
export const heading = style({ fontSize: '1.125rem', overflowWrap: 'anywhere' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: tokens.space.ms,
  rowGap: tokens.space.xs,
  margin: 0,
});
export const term = style({ fontWeight: 600 });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
const pill = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 700,
  padding: '2px 10px',
  borderRadius: tokens.radius.pill,
  border: '1px solid',
});
export const status = styleVariants({
  ACTIVE: [pill, { background: vars.color.successBg, color: vars.color.success, borderColor: vars.color.success }],
  INACTIVE: [pill, { background: vars.color.surfaceAlt, color: vars.color.text, borderColor: vars.color.border }],
  LOST_STOLEN: [pill, { background: vars.color.dangerBg, color: vars.color.danger, borderColor: vars.color.danger }],
  EXPIRED: [pill, { background: vars.color.dangerBg, color: vars.color.danger, borderColor: vars.color.danger }],
});
export const note = style({ margin: 0, color: vars.color.textMuted });
export const products = style({
  marginTop: tokens.space.sm,
  padding: tokens.space.ms,
  borderRadius: '6px',
  background: vars.color.infoBg,
  borderLeft: `4px solid ${vars.color.info}`,
});
export const productsHeading = style({ fontSize: '1rem', marginBottom: '6px' });
export const productList = style({ margin: '0 0 6px', paddingLeft: tokens.space.ml });
export const intro = style({ marginTop: 0 });
