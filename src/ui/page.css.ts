import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';
import { mq } from '../styles/breakpoints';

export const page = style({
  background: vars.color.surface,
  borderRadius: '8px',
  padding: '20px 16px',
  '@media': { [mq.medium]: { padding: '32px' } },
});
export const heading = style({
  fontSize: '1.5rem',
  marginBottom: '16px',
  outline: 'none',
  '@media': { [mq.medium]: { fontSize: '2rem' } },
});
export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const narrow = style({ maxWidth: '36rem' });
export const loading = style({ color: vars.color.textMuted, padding: '16px 0' });
