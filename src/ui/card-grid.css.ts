import { style } from '@vanilla-extract/css';
import { mq } from '../styles/breakpoints';
import { tokens } from '../styles/theme.css';

/** A plain list laid out as cards: one column on phones, two from the medium breakpoint. */
export const cardGrid = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.md,
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
