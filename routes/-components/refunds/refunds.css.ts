import { globalStyle, style } from '@vanilla-extract/css';
import { mq } from '#src/styles/breakpoints';
import { vars } from '#src/styles/theme.css';

export const section = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: '16px', marginTop: '20px' });
export const sectionTitle = style({ fontSize: '1.25rem', marginBottom: '12px' });
export const groups = style({ display: 'grid', gap: '8px', margin: '8px 0 0', padding: 0, listStyle: 'none' });
export const groupTitle = style({ fontSize: '1rem', margin: '4px 0' });
export const plainList = style({ margin: 0, paddingLeft: '20px', overflowWrap: 'anywhere' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '8px 4px',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});
globalStyle(`${table} td:last-child, ${table} th:last-child`, { textAlign: 'right' });
globalStyle(`${table} td:not(:first-child), ${table} th:not(:first-child)`, {
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
  textAlign: 'right',
});
globalStyle(`${table} caption`, { textAlign: 'left', captionSide: 'top', paddingBottom: '4px' });
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' });
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) max-content',
  gap: '4px 16px',
  margin: '12px 0 0',
});
globalStyle(`${totals} dd`, { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
/** Label and a sentence that wraps (a journey's stations and times): at 375 px the sentence takes the room left. */
export const legLines = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '4px 16px',
  margin: '8px 0 0',
});
globalStyle(`${legLines} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const grandTotal = style({ fontWeight: 700, fontSize: '1.25rem' });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });
export const legend = style({ fontWeight: 700, fontSize: '1.125rem', marginBottom: '8px', padding: 0 });
export const radioRow = style({ display: 'flex', alignItems: 'flex-start', gap: '10px', padding: '6px 0' });
export const radio = style({
  width: '22px',
  height: '22px',
  flex: '0 0 22px',
  margin: '2px 0 0',
  accentColor: vars.color.brand,
});
export const hint = style({ color: vars.color.textMuted, fontSize: '0.9375rem', display: 'block' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '12px',
  alignItems: 'center',
  marginTop: '16px',
});
export const cardGrid = style({
  display: 'grid',
  gap: '0 16px',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.small]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const directions = style({
  display: 'grid',
  gap: '16px',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.medium]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const address = style({ fontStyle: 'normal', whiteSpace: 'pre-line', margin: '8px 0' });
export const stepHeading = style({ outline: 'none', boxShadow: 'none' });
