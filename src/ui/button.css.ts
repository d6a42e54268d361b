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
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed' },
  },
});

/*
 * A disabled button is drawn in paler colours, not at a lower opacity: opacity fades everything the
 * button draws, its focus ring included, and the ring must keep its full contrast on every control
 * (decisions 370 and 581). The colours are the tone's own mixed
 * with the surface, as 55% opacity looked; a browser without color-mix() draws the first value.
 */
const pale = (colour: string) => `color-mix(in srgb, ${colour} 55%, ${vars.color.surface})`;
const off = '&:disabled, &[aria-disabled="true"]';

export const tone = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.brandContrast,
    selectors: {
      '&:hover:not(:disabled):not([aria-disabled="true"])': {
        background: vars.color.brandHover,
        color: vars.color.brandContrast,
      },
      [off]: { background: [vars.color.textMuted, pale(vars.color.brand)] },
    },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.brand,
    borderColor: vars.color.brand,
    selectors: {
      '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.accent },
      [off]: {
        color: [vars.color.textMuted, pale(vars.color.brand)],
        borderColor: [vars.color.border, pale(vars.color.brand)],
      },
    },
  },
  danger: {
    background: vars.color.danger,
    color: '#ffffff',
    selectors: { [off]: { background: [vars.color.textMuted, pale(vars.color.danger)] } },
  },
  link: {
    background: 'transparent',
    color: vars.color.brand,
    padding: `${tokens.space.xs} 0`,
    minHeight: 'auto',
    textDecoration: 'underline',
    selectors: { [off]: { color: [vars.color.textMuted, pale(vars.color.brand)] } },
  },
});

export const block = style({ width: '100%' });
