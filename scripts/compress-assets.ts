import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A file's two compressed forms, or null where that form does not shrink it. */
type Compressed = { br: Buffer | null; gz: Buffer | null };

async function compress(body: Buffer): Promise<Compressed> {
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  return { br: br.length < body.length ? br : null, gz: gzipped.length < body.length ? gzipped : null };
}

/**
 * Writes .br and .gz beside one file when they are smaller; true when it was compressed. `done`
 * holds the compressed forms by content: brotli and gzip give the same bytes for the same input,
 * and over half of the per-locale copies (decision 240) are byte for byte another locale's (a chunk
 * with no words in it), so each content is compressed once (brotli 11 is most of a build's CPU).
 */
async function compressFile(file: string, done: Map<string, Promise<Compressed>>): Promise<boolean> {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return false;
  const key = createHash('sha256').update(body).digest('hex');
  let compressed = done.get(key);
  if (!compressed) done.set(key, (compressed = compress(body)));
  const { br, gz: gzipped } = await compressed;
  if (br) await writeFile(`${file}.br`, br);
  if (gzipped) await writeFile(`${file}.gz`, gzipped);
  return true;
}

/**
 * Writes .br and .gz beside each compressible file under dir; returns how many files were compressed.
 * zlib's async calls run on libuv's thread pool, so a few files at a time use every core: the
 * per-locale copies (decision 240) make this 17 times the work of one bundle.
 */
async function compressDir(dir: string): Promise<number> {
  const files = (await walk(dir)).filter((f) => COMPRESSIBLE.test(f));
  let next = 0;
  let count = 0;
  const done = new Map<string, Promise<Compressed>>();
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      if (await compressFile(file, done)) count++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return count;
}

/** Vite plugin: compresses the finished build output (only for `vite build`). */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await compressDir(join(outDir, 'assets'));
    },
  };
}
