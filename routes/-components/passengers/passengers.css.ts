import { style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';
import { mq } from '../../../src/styles/breakpoints';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', marginBottom: '20px' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '16px' });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: '16px',
  background: vars.color.surface,
});
export const cardHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '8px',
  marginBottom: '8px',
});
export const name = style({ fontSize: '1.125rem', margin: 0, overflowWrap: 'anywhere' });
export const meta = style({ color: vars.color.textMuted, margin: '0 0 8px', fontSize: '0.9375rem', overflowWrap: 'anywhere' });
export const badge = style({
  display: 'inline-block',
  fontSize: '0.8125rem',
  fontWeight: 700,
  padding: '2px 8px',
  borderRadius: '999px',
  background: vars.color.infoBg,
  color: vars.color.info,
});
export const railcards = style({ listStyle: 'none', margin: '8px 0', padding: 0, display: 'grid', gap: '8px' });
export const railcard = style({
  display: 'grid',
  gap: '4px 12px',
  padding: '10px 12px',
  background: vars.color.surfaceAlt,
  borderRadius: '6px',
  '@media': { [mq.small]: { gridTemplateColumns: '1fr auto', alignItems: 'center' } },
});
export const railcardName = style({ fontWeight: 600 });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center' });
export const status = style({ fontSize: '0.8125rem', fontWeight: 700, padding: '2px 8px', borderRadius: '999px' });
export const statusValid = style([status, { background: vars.color.successBg, color: vars.color.success }]);
export const statusExpired = style([status, { background: vars.color.dangerBg, color: vars.color.danger }]);
export const empty = style({ color: vars.color.textMuted });

export const fieldset = style({ border: 0, padding: 0, margin: '0 0 16px', minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: '4px' });
export const dateParts = style({ display: 'flex', gap: '12px', flexWrap: 'wrap', marginTop: '4px' });
export const datePart = style({ display: 'flex', flexDirection: 'column', gap: '4px' });
export const dateLabel = style({ fontSize: '0.9375rem' });
export const datePartShort = style({ width: '4.5rem', flex: '0 0 auto' });
export const datePartLong = style({ width: '6.5rem', flex: '0 0 auto' });
export const note = style({
  padding: '12px 16px',
  background: vars.color.surfaceAlt,
  borderRadius: '6px',
  margin: '16px 0 0',
});

