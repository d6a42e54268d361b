/**
 * Writes src/documents/fonts/noto-sans-sc-latin-400.ttf and -700.ttf: the Latin of Noto Sans SC
 * Regular and Bold (the family the Chinese documents already embed, decision 525), cut down to what
 * a ticket or VAT receipt in a Latin-script language can draw (docs/decisions/780-pdf-ua.md): every
 * character of the catalogues but Chinese, what Intl writes in their dates, times, money and
 * percentages, and the Latin a name or a station can hold (Latin-1, Latin Extended-A and -B,
 * Latin Extended Additional, combining accents), with general punctuation and the currency signs.
 * Embedding it makes every glyph of every PDF come from an embedded font (PDF/UA-1).
 *
 * The source fonts are not a dependency (the package with them is 57 MB): fetch them when a
 * catalogue gains characters outside the kept ranges, then run
 *   npm pack @expo-google-fonts/noto-sans-sc@0.4.3 && tar xzf expo-google-fonts-noto-sans-sc-0.4.3.tgz
 *   npm run pdf:latin-font -- package
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import { catalogueText, intlDateText, rangesText } from './lib/font-text.ts';

const FONTS = join(process.cwd(), 'src', 'documents', 'fonts');
export const LATIN_FONT_FILES = {
  regular: join(FONTS, 'noto-sans-sc-latin-400.ttf'),
  bold: join(FONTS, 'noto-sans-sc-latin-700.ttf'),
} as const;

/** What a name, a station or an address line may hold besides the catalogues' own characters. */
const KEPT_RANGES: readonly [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x24f], // Latin-1, Latin Extended-A and -B
  [0x300, 0x36f], // Combining diacritical marks
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese, Welsh ŵ ŷ…)
  [0x2000, 0x206f], // General punctuation (dashes, quotes, narrow no-break space)
  [0x20a0, 0x20bf], // Currency signs
];

/** The locales whose PDFs draw Latin with this font (every catalogue but Chinese, which keeps its CJK font). */
export const latinLocales = (): string[] =>
  readdirSync(join(process.cwd(), 'messages'))
    .filter((f) => f.endsWith('.json') && !f.startsWith('zh'))
    .map((f) => f.replace(/\.json$/, ''));

/** What Intl writes in each locale's dates, times, money and percentages, which the PDFs show too. */
export const intlText = (locale: string): string => {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(-1234567.89);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(0.2);
  return intlDateText(locale) + money + percent;
};

/** Every character the Latin font keeps (the font itself drops what it has no glyph for). */
export const characters = (): string => {
  const text = latinLocales().map((locale) => catalogueText(locale) + intlText(locale));
  const all = new Set([...text.join(''), ...rangesText(KEPT_RANGES)]);
  return [...all].filter((ch) => !/\p{Script=Han}/u.test(ch)).join('');
};

// Run as a script (not when a test imports the character list): the folder of the unpacked package.
const source = process.argv[2];
if (source && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const faces = { regular: '400Regular/NotoSansSC_400Regular.ttf', bold: '700Bold/NotoSansSC_700Bold.ttf' } as const;
  for (const [weight, file] of Object.entries(faces) as [keyof typeof faces, string][]) {
    const out = await subsetFont(readFileSync(join(source, file)), characters(), { targetFormat: 'truetype' });
    writeFileSync(LATIN_FONT_FILES[weight], out);
    console.log(`${LATIN_FONT_FILES[weight]}: ${out.length} bytes`);
  }
}
