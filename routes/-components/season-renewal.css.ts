import { style } from '@vanilla-extract/css';
import { tokens } from '#src/styles/theme.css';
import { card as cardPrimitive } from '#src/ui/card.css';
import { input } from '#src/ui/field.css';

export const section = style({ marginTop: tokens.space.lg });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.md });
export const card = style([cardPrimitive, { gap: '6px' }]);
export const heading = style({ fontSize: '1.125rem', margin: 0 });
export const text = style({ margin: 0 });
export const select = style([input, { maxWidth: '20rem' }]);
export const actions = style({
  paddingTop: tokens.space.sm,
  display: 'flex',
  gap: tokens.space.ms,
  flexWrap: 'wrap',
  alignItems: 'flex-end',
});
