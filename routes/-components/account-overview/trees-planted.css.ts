import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const card = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  padding: tokens.space.ml,
  borderRadius: tokens.radius.md,
  background: vars.color.successBg,
  color: vars.color.text,
  marginBottom: tokens.space.md,
  '@media': { [mq.medium]: { padding: '28px' } },
});
export const icon = style({ width: '48px', height: '48px', flexShrink: 0, fill: vars.color.success });
export const count = style({
  display: 'block',
  fontSize: '2.5rem',
  fontWeight: 700,
  lineHeight: 1.1,
  color: vars.color.success,
});
export const label = style({ display: 'block', fontSize: '1.125rem', fontWeight: 600 });
export const text = style({ margin: 0 });
export const quiet = style({
  color: vars.color.textMuted,
  fontSize: '0.9375rem',
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
});
