import { style } from '@vanilla-extract/css';
import { vars } from '../../src/styles/theme.css';
import { mq } from '../../src/styles/breakpoints';

export const columns = style({
  display: 'grid',
  gap: '24px',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '32px' } },
});
export const panel = style({ borderTop: `4px solid ${vars.color.brand}`, paddingTop: '16px' });
export const panelHeading = style({ fontSize: '1.25rem', marginBottom: '16px' });
export const providers = style({ display: 'grid', gap: '8px', marginTop: '24px', maxWidth: '32rem' });
