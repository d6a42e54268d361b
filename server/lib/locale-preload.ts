import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripLocale } from './known-routes.ts';

/**
 * Decision 240: index.html is the same for every locale, so it loads a boot file that picks the
 * locale's bundle from the URL. This server knows the locale before it answers, so it also links
 * that bundle's entry (and its localized imports) from the HTML: the browser fetches them beside
 * the boot file instead of after it. A static host without this still works through the boot file.
 */
/** dist/.vite/locale-bundles.json, written by scripts/locale-bundles.ts: where each locale's entry is. */
export type LocaleBundleManifest = {
  assetBase: string;
  dirs: Record<string, string>;
  entry: string;
  preload: string[];
};

export type LocalePreloader = (html: string, pathname: string) => Promise<string>;

export function createLocalePreloader(distDir: string): LocalePreloader {
  let cached: { raw: string; manifest: LocaleBundleManifest | null } | null = null;
  const manifest = async (): Promise<LocaleBundleManifest | null> => {
    const raw = await readFile(join(distDir, '.vite', 'locale-bundles.json'), 'utf8').catch(() => '');
    if (cached?.raw !== raw) cached = { raw, manifest: raw ? (JSON.parse(raw) as LocaleBundleManifest) : null };
    return cached.manifest;
  };
  return async (html, pathname) => {
    const m = await manifest();
    if (!m) return html;
    const { locale } = stripLocale(pathname);
    const dir = m.dirs[locale ?? 'en-GB'] ?? m.dirs['en-GB'];
    if (!dir) return html;
    const links = [m.entry, ...m.preload]
      .map((file) => `<link rel="modulepreload" crossorigin href="${m.assetBase}${dir}/${file}">`)
      .join('\n    ');
    return html.replace(/(<script type="module"[^>]*><\/script>)/, `$1\n    ${links}`);
  };
}
