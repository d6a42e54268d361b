import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Build-time compression (docs/decisions/170-compressed-assets-and-caching.md): after `vite build`
 * writes dist/, every compressible asset gets `<file>.br` (brotli, quality 11) and `<file>.gz`
 * (gzip -9) beside it. The local server sends one of them by Accept-Encoding (server/shell.ts),
 * so nothing is compressed per request. A file that does not shrink is left alone.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 256;

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

/** Writes .br and .gz beside each compressible file under dir; returns how many files were compressed. */
async function compressDir(dir: string): Promise<number> {
  const files = (await walk(dir)).filter((f) => COMPRESSIBLE.test(f));
  let count = 0;
  for (const file of files) {
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    count++;
  }
  return count;
}

/** Vite plugin: compresses the finished build output (only for `vite build`). */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await compressDir(join(outDir, 'assets'));
    },
  };
}
