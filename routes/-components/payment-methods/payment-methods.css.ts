import { style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';

/** Same grid as every card list. */
export { cardGrid as list } from '../../../src/ui/card-grid.css';
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: '16px',
  display: 'flex',
  flexDirection: 'column',
  gap: '6px',
  minWidth: 0,
});
export const cardDeleting = style([card, { opacity: 0.7 }]);
export const heading = style({ fontSize: '1.125rem', display: 'flex', alignItems: 'center', gap: '10px', flexWrap: 'wrap' });
export const brandMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '48px',
  height: '30px',
  padding: '0 6px',
  borderRadius: '4px',
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  background: vars.color.headerBg,
  color: vars.color.headerText,
});
export const detail = style({ margin: 0 });
export const expired = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 700,
  padding: '2px 8px',
  borderRadius: '999px',
  background: vars.color.dangerBg,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
});
export const actions = style({ marginTop: 'auto', paddingTop: '8px', display: 'flex', gap: '12px', flexWrap: 'wrap' });
export const intro = style({ marginTop: 0 });
