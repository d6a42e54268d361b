import { style } from '@vanilla-extract/css';
import { tokens } from '../styles/theme.css';

export const form = style({ maxWidth: '32rem' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.ms,
  alignItems: 'center',
  marginTop: tokens.space.sm,
});
