import { style } from '@vanilla-extract/css';
import { vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const section = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: '16px',
  marginTop: '24px',
});
export const sectionTitle = style({ fontSize: '1.25rem', margin: '0 0 12px' });
export const status = style({
  padding: '16px',
  borderRadius: '8px',
  background: vars.color.surfaceAlt,
  borderLeft: `4px solid ${vars.color.brand}`,
  margin: '16px 0',
});
export const statusTitle = style({ fontSize: '1.125rem', margin: '0 0 8px' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '4px 16px',
  margin: 0,
  '@media': { [mq.small]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' } },
});
export const term = style({ fontWeight: 600 });
export const definition = style({
  margin: '0 0 8px',
  overflowWrap: 'anywhere',
  '@media': { [mq.small]: { margin: 0 } },
});
export const estimate = style({
  padding: '16px',
  borderRadius: '8px',
  border: `2px solid ${vars.color.brand}`,
  margin: '16px 0',
});
export const estimateAmount = style({ fontSize: '1.5rem', fontWeight: 700, margin: '0 0 8px' });
export const steps = style({ margin: '8px 0 0', paddingLeft: '20px', display: 'grid', gap: '4px' });
export const form = style({ maxWidth: '32rem' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '12px',
  alignItems: 'center',
  marginTop: '8px',
});
export const handOff = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '10px 20px',
  borderRadius: '4px',
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontWeight: 600,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
});
export const muted = style({ color: vars.color.textMuted });
