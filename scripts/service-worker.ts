import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { LocaleBundleManifest } from '#server/lib/locale-preload.ts';
import type { SwManifest } from '#src/offline/sw-core.ts';

/** The placeholder src/offline/sw.ts parses; replaced by the build's asset list. */
const PLACEHOLDER = /(["'`])__MY_ACCOUNT_SW_MANIFEST__\1/;
const SW_FILE = 'sw.js';

/**
 * The modules src/offline/sw.ts is built from. The app's chunk groups leave them out (decision 249),
 * so that none of them lands in an app chunk that sw.js would then have to import. If one is
 * missing here, the build stops at the "no imports" check below.
 */
export const SERVICE_WORKER_MODULES = /[\\/]src[\\/]offline[\\/](sw|sw-core|minimize)\.ts$/;

/** What the worker precaches: JS and CSS (not their .br/.gz twins, which the browser never asks for). */
const isAsset = (name: string) => /\.(js|css)$/.test(name);

/**
 * The asset list of a finished build: the shared files in assets/, and each locale folder's files
 * under the URL prefix that selects it ('' for en-GB, decision 240).
 */
export async function swManifest(outDir: string): Promise<SwManifest> {
  const assets = join(outDir, 'assets');
  const bundles = JSON.parse(
    await readFile(join(outDir, '.vite', 'locale-bundles.json'), 'utf8'),
  ) as LocaleBundleManifest;
  const entries = await readdir(assets, { withFileTypes: true });
  const shared = entries
    .filter((e) => e.isFile() && isAsset(e.name))
    .map((e) => `assets/${e.name}`)
    .sort();
  // Every locale folder holds the same file names (decision 240), so they are listed once.
  const dirs: Record<string, string> = {};
  let localeFiles: string[] | null = null;
  for (const [key, dir] of Object.entries(bundles.dirs)) {
    const files = (await readdir(join(assets, dir))).filter(isAsset).sort();
    if (localeFiles && localeFiles.join() !== files.join())
      throw new Error(`service-worker: ${dir} does not hold the same files as the other locales`);
    localeFiles = files;
    dirs[key === 'en-GB' ? '' : key] = `assets/${dir}/`;
  }
  const version = createHash('sha256')
    .update(JSON.stringify([shared, dirs, localeFiles]))
    .digest('base64url')
    .slice(0, 12);
  return { version, shared, dirs, localeFiles: localeFiles ?? [] };
}

/**
 * Vite plugin (build only): emits src/offline/sw.ts as `dist/sw.js`, a file of its own that the app
 * never imports, and once every locale folder is written, puts the asset list into it (decision 250).
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  let written = false;
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      written = false;
      this.emitFile({ type: 'chunk', id: resolve('src/offline/sw.ts'), fileName: SW_FILE });
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      // closeBundle runs after a failed build too, which wrote nothing: reading sw.js then would
      // put "placeholder missing" (or ENOENT) in place of the build's own error.
      if (!written) return;
      const file = join(outDir, SW_FILE);
      const code = await readFile(file, 'utf8');
      if (!PLACEHOLDER.test(code)) throw new Error('service-worker: the manifest placeholder is missing from sw.js');
      if (/^\s*import[\s{*"']/m.test(code))
        throw new Error('service-worker: sw.js must be one classic script, with no imports');
      const manifest = JSON.stringify(JSON.stringify(await swManifest(outDir)));
      await writeFile(
        file,
        code.replace(PLACEHOLDER, () => manifest),
      );
    },
  };
}
