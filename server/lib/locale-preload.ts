import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appPath, stripLocale } from './known-routes.ts';

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
  /**
   * The boot file's first routes (decision 245): a URL pattern inside the app's base path, and the
   * files it links, a shared chunk one folder up (`../`). Absent in a build from before decision 860.
   */
  routes?: [pattern: string, files: string[]][];
  /**
   * `low`: the entry and its imports are linked at low priority, as index.html links the shared
   * chunks: the page's first paint (its shell) needs only the stylesheet and the boot file (decision
   * 871). Absent in a build from before it: linked at the browser's default.
   */
  codePriority?: 'low';
};

/**
 * A first route's files (sign-in, the bookings lists, a booking), linked from the HTML rather than by
 * the boot file (decision 860): the browser's preload scanner asks for them as the page arrives, and
 * the boot file, which skips its own links when it finds `data-first-route`, no longer spends a task
 * appending two dozen links on a slow phone. At low priority, as the boot file links them (decision 245).
 */
function firstRouteLinks(m: LocaleBundleManifest, dir: string, path: string | null): string[] {
  if (path === null) return [];
  const files = m.routes?.find(([pattern]) => new RegExp(pattern).test(path))?.[1] ?? [];
  return files.map((file) => {
    const href = file.startsWith('../') ? `${m.assetBase}${file.slice(3)}` : `${m.assetBase}${dir}/${file}`;
    const kind = file.endsWith('.css') ? 'rel="preload" as="style"' : 'rel="modulepreload"';
    return `<link ${kind} crossorigin fetchpriority="low" data-first-route href="${href}">`;
  });
}

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
    const bundle = [m.entry, ...m.preload].map(
      (file) =>
        `<link rel="modulepreload" crossorigin${m.codePriority === 'low' ? ' fetchpriority="low"' : ''} href="${m.assetBase}${dir}/${file}">`,
    );
    const links = [...bundle, ...firstRouteLinks(m, dir, appPath(pathname))].join('\n    ');
    // All at low priority (decision 871), they go after index.html's own module links (the
    // framework's): the browser asks for same-priority files in the page's order, over HTTP/1.1 six
    // at a time, and the framework is the largest.
    const after =
      m.codePriority === 'low'
        ? /(<script type="module"[^>]*><\/script>(?:\s*<link rel="modulepreload"[^>]*>)*)/
        : /(<script type="module"[^>]*><\/script>)/;
    return html.replace(after, `$1\n    ${links}`);
  };
}
