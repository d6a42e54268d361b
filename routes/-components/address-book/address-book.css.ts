import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { card as cardPrimitive } from '#src/ui/card.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.ms,
  alignItems: 'center',
  marginBottom: tokens.space.ml,
});
/** Same grid as every card list. */
export { cardGrid as list } from '#src/ui/card-grid.css';
/** The card primitive (src/ui/card.css.ts). */
export const item = style([cardPrimitive]);
export const itemHeading = style({ fontSize: '1.125rem', overflowWrap: 'anywhere' });
export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const badge = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 600,
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
});
export const badgeStrong = style([
  badge,
  { background: vars.color.infoBg, borderColor: vars.color.info, color: vars.color.info },
]);
export const lines = style({ fontStyle: 'normal', overflowWrap: 'anywhere', margin: 0 });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.ms,
  alignItems: 'center',
  marginTop: 'auto',
  paddingTop: tokens.space.sm,
});
/** Links that look like buttons (src/ui/link-button.css.ts). */
export { linkButton, primaryLinkButton } from '#src/ui/link-button.css';
export const select = style({
  font: 'inherit',
  minHeight: '44px',
  padding: `${tokens.space.sm} ${tokens.space.ms}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  maxWidth: '28rem',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const note = style({ margin: `0 0 ${tokens.space.sm}` });
