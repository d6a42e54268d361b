import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';

/** A link that looks like a button (secondary and primary), with a 44 px target. */
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: '10px 20px',
  borderRadius: tokens.radius.sm,
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
