import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';
import { mq } from '../styles/breakpoints';

export const page = style({
  background: vars.color.surface,
  borderRadius: tokens.radius.md,
  padding: `${tokens.space.ml} ${tokens.space.md}`,
  '@media': { [mq.medium]: { padding: tokens.space.xl } },
});
export const heading = style({
  fontSize: '1.5rem',
  marginBottom: tokens.space.md,
  outline: 'none',
  boxShadow: 'none',
  '@media': { [mq.medium]: { fontSize: '2rem' } },
});
export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const narrow = style({ maxWidth: '36rem' });
export const loading = style({ color: vars.color.textMuted, padding: `${tokens.space.md} 0` });
