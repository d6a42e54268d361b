/** Raw design tokens. Portal colours are chosen for WCAG AA contrast on white. */
/** The spacing scale: every margin, padding and gap in *.css.ts uses one of these. */
export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  ms: '12px',
  md: '16px',
  ml: '20px',
  lg: '24px',
  xl: '32px',
  xxl: '48px',
} as const;
export type Space = keyof typeof space;

export const radius = { sm: '4px', md: '8px', pill: '999px' } as const;

export const fontSize = { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem' } as const;

/** The colours every portal shares (text, surfaces, message tones, the focus ring). */
export const neutral = {
  text: '#1b1f23',
  textMuted: '#4f5862',
  surface: '#ffffff',
  surfaceAlt: '#f4f6f8',
  border: '#8a949e',
  danger: '#b00020',
  dangerBg: '#fdecee',
  success: '#1e6b34',
  successBg: '#e6f4ea',
  info: '#1f4e9c',
  infoBg: '#e8effa',
  // The focus ring's two colours (GOV.UK's yellow and black; WCAG technique C40): 14.6:1 apart, so
  // on any background one of them is at least 3:1 (yellow on the dark headers, black on white,
  // the page grey and the tinted panels). test/e2e/accessibility-walk.test.ts measures it on screen,
  // test/unit/focus-ring.test.ts against every portal's colours.
  focus: '#ffdd00',
  focusOuter: '#0b0c0c',
};

/**
 * The focus indicator on a dark surface (a portal's header, and the skip link shown over it): the
 * black band would touch the dark surface (1.34:1 on the darkest header), so there the control
 * turns yellow with black text (GOV.UK's header links) and the bands swap: black hugs the yellow
 * control, yellow goes round it against the dark surface. Every band is then 3:1 or more against
 * each colour it touches (WCAG 1.4.11); test/unit/focus-ring.test.ts checks each portal's header.
 */
export const focusOnDark = {
  /** The focused control's fill and its text. */
  control: neutral.focus,
  text: neutral.focusOuter,
  /** The band hugging the control, and the band round it (next to the dark surface). */
  inner: neutral.focusOuter,
  outer: neutral.focus,
} as const;

export interface PortalPalette {
  brand: string;
  brandHover: string;
  brandContrast: string;
  headerBg: string;
  headerText: string;
  accent: string;
}

export const portalPalettes = {
  Leisure: {
    brand: '#00704a',
    brandHover: '#005a3b',
    brandContrast: '#ffffff',
    headerBg: '#0b2e2a',
    headerText: '#ffffff',
    accent: '#d6f5e8',
  },
  CrossCountry: {
    brand: '#8a1538',
    brandHover: '#6d102c',
    brandContrast: '#ffffff',
    headerBg: '#4a0b1f',
    headerText: '#ffffff',
    accent: '#f6dfe6',
  },
  WestMidlandsRailway: {
    brand: '#5f3a8b',
    brandHover: '#4b2d6e',
    brandContrast: '#ffffff',
    headerBg: '#2d1b45',
    headerText: '#ffffff',
    accent: '#ebe2f5',
  },
  NorthernRailway: {
    brand: '#1f4e9c',
    brandHover: '#173c78',
    brandContrast: '#ffffff',
    headerBg: '#0f2448',
    headerText: '#ffffff',
    accent: '#dde7f7',
  },
  Product: {
    brand: '#00704a',
    brandHover: '#005a3b',
    brandContrast: '#ffffff',
    headerBg: '#0b2e2a',
    headerText: '#ffffff',
    accent: '#d6f5e8',
  },
  LondonNorthwesternRailway: {
    brand: '#006b3f',
    brandHover: '#00522f',
    brandContrast: '#ffffff',
    headerBg: '#003822',
    headerText: '#ffffff',
    accent: '#d9f2e6',
  },
  ScotRail: {
    brand: '#1b3f8b',
    brandHover: '#142f6a',
    brandContrast: '#ffffff',
    headerBg: '#0c1f45',
    headerText: '#ffffff',
    accent: '#dce5f6',
  },
  GreaterAnglia: {
    brand: '#b3003c',
    brandHover: '#8c002f',
    brandContrast: '#ffffff',
    headerBg: '#3d0014',
    headerText: '#ffffff',
    accent: '#fadbe5',
  },
  BrandedBusinessTravel: {
    brand: '#1d2b3a',
    brandHover: '#101a25',
    brandContrast: '#ffffff',
    headerBg: '#1d2b3a',
    headerText: '#ffffff',
    accent: '#e3e8ee',
  },
  TrainHugger: {
    brand: '#2f6b1f',
    brandHover: '#245218',
    brandContrast: '#ffffff',
    headerBg: '#183a10',
    headerText: '#ffffff',
    accent: '#e0f0d9',
  },
} as const satisfies Record<string, PortalPalette>;
