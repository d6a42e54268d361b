import { createGlobalTheme, createTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import { fontSize, neutral, portalPalettes, radius, space } from './tokens';

/** One contract; one theme class per portal (see config/portals.ts for the mapping). */
export const vars = createThemeContract({
  color: {
    brand: null,
    brandHover: null,
    brandContrast: null,
    headerBg: null,
    headerText: null,
    accent: null,
    text: null,
    textMuted: null,
    surface: null,
    surfaceAlt: null,
    border: null,
    danger: null,
    dangerBg: null,
    success: null,
    successBg: null,
    info: null,
    infoBg: null,
    focus: null,
    focusOuter: null,
  },
  font: { body: null },
});

const font = { body: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' };

export const portalThemes = {
  Leisure: createTheme(vars, { color: { ...portalPalettes.Leisure, ...neutral }, font }),
  CrossCountry: createTheme(vars, { color: { ...portalPalettes.CrossCountry, ...neutral }, font }),
  WestMidlandsRailway: createTheme(vars, { color: { ...portalPalettes.WestMidlandsRailway, ...neutral }, font }),
  NorthernRailway: createTheme(vars, { color: { ...portalPalettes.NorthernRailway, ...neutral }, font }),
  Product: createTheme(vars, { color: { ...portalPalettes.Product, ...neutral }, font }),
  LondonNorthwesternRailway: createTheme(vars, {
    color: { ...portalPalettes.LondonNorthwesternRailway, ...neutral },
    font,
  }),
  ScotRail: createTheme(vars, { color: { ...portalPalettes.ScotRail, ...neutral }, font }),
  GreaterAnglia: createTheme(vars, { color: { ...portalPalettes.GreaterAnglia, ...neutral }, font }),
  BrandedBusinessTravel: createTheme(vars, { color: { ...portalPalettes.BrandedBusinessTravel, ...neutral }, font }),
  TrainHugger: createTheme(vars, { color: { ...portalPalettes.TrainHugger, ...neutral }, font }),
};

export const tokens = createGlobalTheme(':root', {
  space,
  radius,
  fontSize,
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', { margin: 0, padding: 0 });
globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.surfaceAlt,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('h1, h2, h3', { lineHeight: 1.25, margin: 0 });
/**
 * The focus indicator of every control in every portal: a 3 px yellow band hugging the control and
 * a 3 px black band around it. A component that draws its own indicator (the contact-preferences
 * switch) spreads `focusRing` so it stays the same.
 */
export const focusRing = {
  outline: `3px solid ${vars.color.focusOuter}`,
  outlineOffset: '3px',
  boxShadow: `0 0 0 3px ${vars.color.focus}`,
} as const;
globalStyle(':focus-visible', focusRing);
/**
 * The focus indicator of a control on a dark surface (src/styles/tokens.ts, focusOnDark): the
 * control turns yellow with black text, a 3 px black band hugs it and a 3 px yellow band goes round
 * that, so no band touches the dark surface but the yellow one.
 */
export const focusRingOnDark = {
  background: vars.color.focus,
  color: vars.color.focusOuter,
  borderColor: vars.color.focus,
  textDecoration: 'none',
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '3px',
  boxShadow: `0 0 0 3px ${vars.color.focusOuter}`,
} as const;
globalStyle('a', { color: vars.color.brand });
globalStyle('a:hover', { color: vars.color.brandHover });
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
