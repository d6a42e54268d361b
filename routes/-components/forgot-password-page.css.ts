import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';

export const redesign = style({ maxWidth: '40rem', margin: '0 auto' });
export const back = style({
  display: 'inline-block',
  marginBottom: tokens.space.ms,
  fontWeight: 600,
  color: vars.color.brand,
});
export const subheading = style({ fontSize: '1.125rem', marginTop: tokens.space.md });
