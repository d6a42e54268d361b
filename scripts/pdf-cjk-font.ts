/**
 * Writes src/documents/fonts/noto-sans-sc-pdf.ttf: Noto Sans SC Regular cut down to what a Chinese
 * ticket or VAT receipt draws (docs/decisions/525-cjk-font-for-chinese-pdfs.md): every character of
 * messages/zh.json and of Intl's Chinese dates, Latin (with Latin-1 and Latin Extended-A), Greek,
 * Cyrillic, general and CJK punctuation, full-width forms and arrows, as far as Noto Sans SC has
 * them, so names in those scripts draw too.
 *
 * The source font is not a dependency (the package with it is 57 MB): fetch it when the zh
 * catalogue gains characters (test/unit/pdf-cjk-font.test.ts says so), then run
 *   npm pack @expo-google-fonts/noto-sans-sc@0.4.3 && tar xzf expo-google-fonts-noto-sans-sc-0.4.3.tgz
 *   npm run pdf:cjk-font -- package/400Regular/NotoSansSC_400Regular.ttf
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import { catalogueText, intlDateText, rangesText } from './lib/font-text.ts';

const FONT_FILE = join(process.cwd(), 'src', 'documents', 'fonts', 'noto-sans-sc-pdf.ttf');

/** The scripts kept besides the catalogue's own characters. */
const KEPT_RANGES: readonly [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x17f], // Latin-1 and Latin Extended-A
  [0x370, 0x3ff], // Greek
  [0x400, 0x4ff], // Cyrillic
  [0x2000, 0x206f], // General punctuation
  [0x20ac, 0x20ac], // €
  [0x2190, 0x21ff], // Arrows
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0xff00, 0xffef], // Full-width forms
];

/** What Intl writes in dates and times in Chinese (weekdays, months, 年月日, 上午/下午…), which the PDFs show too. */
export const zhDateText = (): string => intlDateText('zh');

export const characters = (): string =>
  [...new Set([...catalogueText('zh'), ...zhDateText(), ...rangesText(KEPT_RANGES)])].join('');

// Run as a script (not when a test imports the character list).
const source = process.argv[2];
if (source && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = await subsetFont(readFileSync(source), characters(), { targetFormat: 'truetype' });
  writeFileSync(FONT_FILE, out);
  console.log(`${FONT_FILE}: ${out.length} bytes`);
}
