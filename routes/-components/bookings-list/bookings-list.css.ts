import { style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';
import { mq } from '../../../src/styles/breakpoints';

export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '4px',
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: '16px',
  listStyle: 'none',
  padding: 0,
  marginTop: 0,
});
export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  minHeight: '44px',
  padding: '8px 12px',
  whiteSpace: 'nowrap',
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  borderBottom: '4px solid transparent',
  marginBottom: '-2px',
  selectors: {
    '&[aria-current="page"]': { borderBottomColor: vars.color.brand, color: vars.color.brand },
    '&:hover': { background: vars.color.surfaceAlt },
  },
});
export const count = style({
  display: 'inline-block',
  minWidth: '1.5em',
  padding: '0 6px',
  borderRadius: '999px',
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: '0.8125rem',
  textAlign: 'center',
});
export const panelHeading = style({ fontSize: '1.125rem', margin: '0 0 12px' });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '12px' });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: '14px 16px',
  display: 'grid',
  gap: '8px',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.medium]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'start' } },
});
export const cardTitle = style({ fontSize: '1.0625rem', margin: 0, overflowWrap: 'anywhere' });
export const cardLink = style({ color: vars.color.brand });
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.9375rem' });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: '12px',
  rowGap: '2px',
  margin: 0,
  fontSize: '0.9375rem',
});
export const term = style({ color: vars.color.textMuted });
export const definition = style({ margin: 0 });
export const side = style({
  display: 'flex',
  flexDirection: 'row',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '8px',
  '@media': { [mq.medium]: { flexDirection: 'column', alignItems: 'flex-end' } },
});
export const price = style({ fontSize: '1.125rem', fontWeight: 700 });
export const badge = style({
  display: 'inline-block',
  padding: '2px 8px',
  borderRadius: '999px',
  fontSize: '0.8125rem',
  fontWeight: 600,
  background: vars.color.accent,
  color: vars.color.text,
});
export const badgeMuted = style([badge, { background: vars.color.surfaceAlt }]);
export const more = style({ marginTop: '16px', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '12px' });
export const empty = style({
  padding: '24px 16px',
  border: `1px dashed ${vars.color.border}`,
  borderRadius: '8px',
  textAlign: 'center',
});
export const associate = style({
  border: `2px solid ${vars.color.brand}`,
  borderRadius: '8px',
  padding: '16px',
  marginBottom: '16px',
});
export const associateHeading = style({ fontSize: '1.125rem', margin: '0 0 8px' });
