import { describe, expect, it } from 'vitest';
import { neutral, portalPalettes } from '#src/styles/tokens';

/**
 * WCAG 1.4.11 for the focus indicator in every portal: the theme's two-colour ring
 * (src/styles/theme.css.ts, focusRing) has, on every background a control sits on, one colour at
 * least 3:1 against it. The two colours are at least 9:1 apart (WCAG technique C40), which makes
 * that hold on any background at all. test/e2e/accessibility-walk.test.ts measures it on screen.
 */
const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x = 0, y = 0] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

describe('focus ring', () => {
  it('its two colours are at least 9:1 apart (C40)', () => {
    expect(contrast(neutral.focus, neutral.focusOuter)).toBeGreaterThanOrEqual(9);
  });

  for (const [portal, palette] of Object.entries(portalPalettes)) {
    it(`${portal}: one ring colour is at least 3:1 against every background`, () => {
      const backgrounds = {
        page: neutral.surfaceAlt,
        surface: neutral.surface,
        info: neutral.infoBg,
        danger: neutral.dangerBg,
        success: neutral.successBg,
        header: palette.headerBg,
        primaryButton: palette.brand,
        dangerButton: neutral.danger,
        accent: palette.accent,
      };
      for (const [name, background] of Object.entries(backgrounds)) {
        const best = Math.max(contrast(neutral.focus, background), contrast(neutral.focusOuter, background));
        expect(best, `${name} ${background}`).toBeGreaterThanOrEqual(3);
      }
    });
  }

  it('the former single amber ring fails on white, which the test would catch', () => {
    expect(contrast('#ffbf47', neutral.surface)).toBeLessThan(3);
  });
});
