import { style, styleVariants } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

/*
 * Plain classes, not a @vanilla-extract/recipes recipe: the recipe's runtime was 0.7 KiB of the
 * first route's JS for a choice of two class names. src/ui/button-class.ts picks them.
 */
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.sm,
  minHeight: '44px',
  padding: '10px 20px',
  borderRadius: tokens.radius.sm,
  border: '2px solid transparent',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const tone = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.brandContrast,
    selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.brandHover, color: vars.color.brandContrast } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.brand,
    borderColor: vars.color.brand,
    selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.accent } },
  },
  danger: {
    background: vars.color.danger,
    color: '#ffffff',
  },
  link: {
    background: 'transparent',
    color: vars.color.brand,
    padding: `${tokens.space.xs} 0`,
    minHeight: 'auto',
    textDecoration: 'underline',
  },
});

export const block = style({ width: '100%' });
