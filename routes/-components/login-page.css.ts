import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const columns = style({
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.space.xl } },
});
export const panel = style({ borderTop: `4px solid ${vars.color.brand}`, paddingTop: tokens.space.md });
export const panelHeading = style({ fontSize: '1.25rem', marginBottom: tokens.space.md });
export const providers = style({
  display: 'grid',
  gap: tokens.space.sm,
  marginTop: tokens.space.lg,
  maxWidth: '32rem',
});
