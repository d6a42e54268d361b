import { describe, expect, it } from 'vitest';
import { focusOnDark, neutral, portalPalettes } from '#src/styles/tokens';

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

  /**
   * On a dark surface (a portal's header, the skip link over it) each band is measured against
   * every colour it touches, not only the best of the two (src/styles/tokens.ts, focusOnDark): the
   * band hugging the control against the focused control and the other band, the band round it
   * against the first band and the dark surface.
   */
  for (const [portal, palette] of Object.entries(portalPalettes)) {
    it(`${portal}: on the dark header both bands are at least 3:1 against what they touch`, () => {
      const touches = {
        'inner band / control': [focusOnDark.inner, focusOnDark.control],
        'inner band / outer band': [focusOnDark.inner, focusOnDark.outer],
        'outer band / header': [focusOnDark.outer, palette.headerBg],
      } as const;
      for (const [name, [a, b]] of Object.entries(touches)) {
        expect(contrast(a, b), `${name} ${a} ${b}`).toBeGreaterThanOrEqual(3);
      }
      // The focused control's text stays readable on its yellow fill (1.4.3).
      expect(contrast(focusOnDark.text, focusOnDark.control)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("the light surfaces' ring on a dark header: its black band touches the header at under 3:1, which the test above would catch", () => {
    const darkest = Object.values(portalPalettes)
      .map((p) => contrast(neutral.focusOuter, p.headerBg))
      .sort((a, b) => a - b)[0]!;
    expect(darkest).toBeLessThan(3);
  });

  it('the former single amber ring fails on white, which the test would catch', () => {
    expect(contrast('#ffbf47', neutral.surface)).toBeLessThan(3);
  });
});
