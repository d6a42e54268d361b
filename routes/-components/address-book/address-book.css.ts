import { style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', marginBottom: '20px' });
/** Same grid as every card list. */
export { cardGrid as list } from '../../../src/ui/card-grid.css';
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: '16px',
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  minWidth: 0,
});
export const itemHeading = style({ fontSize: '1.125rem', overflowWrap: 'anywhere' });
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: '8px', margin: 0, padding: 0, listStyle: 'none' });
export const badge = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 600,
  padding: '2px 8px',
  borderRadius: '999px',
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
});
export const badgeStrong = style([badge, { background: vars.color.infoBg, borderColor: vars.color.info, color: vars.color.info }]);
export const lines = style({ fontStyle: 'normal', overflowWrap: 'anywhere', margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', marginTop: 'auto', paddingTop: '8px' });
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: '10px 20px',
  borderRadius: '4px',
  border: `2px solid ${vars.color.brand}`,
  fontWeight: 600,
  textDecoration: 'none',
  color: vars.color.brand,
  background: vars.color.surface,
  selectors: { '&:hover': { background: vars.color.accent } },
});
export const primaryLinkButton = style([
  linkButton,
  {
    background: vars.color.brand,
    color: vars.color.brandContrast,
    selectors: { '&:hover': { background: vars.color.brandHover, color: vars.color.brandContrast } },
  },
]);
export const select = style({
  font: 'inherit',
  minHeight: '44px',
  padding: '8px 12px',
  border: `2px solid ${vars.color.border}`,
  borderRadius: '4px',
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  maxWidth: '28rem',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const fieldset = style({ border: 'none', padding: 0, margin: '0 0 16px' });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: '8px' });
export const radioRow = style({ display: 'flex', alignItems: 'center', gap: '10px', minHeight: '44px' });
export const radio = style({ width: '22px', height: '22px', margin: 0, accentColor: vars.color.brand });
export const note = style({ margin: '0 0 8px' });
