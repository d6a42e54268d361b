import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { card as cardPrimitive } from '#src/ui/card.css';

/** Same grid as every card list. */
export { cardGrid as list } from '#src/ui/card-grid.css';
/** The card primitive (src/ui/card.css.ts), its lines a little closer together. */
export const card = style([cardPrimitive, { gap: '6px' }]);
/** Being deleted: muted text, not opacity, which would fade the focus ring of its button too (decision 581). */
export const cardDeleting = style([card, { color: vars.color.textMuted }]);
export const heading = style({
  fontSize: '1.125rem',
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  flexWrap: 'wrap',
});
export const brandMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '48px',
  height: '30px',
  padding: '0 6px',
  borderRadius: tokens.radius.sm,
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  background: vars.color.headerBg,
  color: vars.color.headerText,
});
export const detail = style({ margin: 0 });
export const expired = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 700,
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
});
export const actions = style({
  marginTop: 'auto',
  paddingTop: tokens.space.sm,
  display: 'flex',
  gap: tokens.space.ms,
  flexWrap: 'wrap',
});
export const intro = style({ marginTop: 0 });
