import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';
import { mq } from '../styles/breakpoints';

export const dialog = style({
  width: 'calc(100% - 32px)',
  maxWidth: '30rem',
  border: 'none',
  borderRadius: tokens.radius.md,
  padding: `${tokens.space.ml} ${tokens.space.md}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 10px 40px rgba(0, 0, 0, 0.3)',
  '@media': { [mq.medium]: { padding: '28px' } },
  selectors: {
    '&::backdrop': { background: 'rgba(0, 0, 0, 0.55)' },
  },
});
export const title = style({ fontSize: '1.25rem', marginBottom: tokens.space.ms, outline: 'none', boxShadow: 'none' });
export const body = style({ marginBottom: tokens.space.ml });
export const actions = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: tokens.space.ms,
  '@media': { [mq.small]: { flexDirection: 'row', justifyContent: 'flex-end' } },
});
