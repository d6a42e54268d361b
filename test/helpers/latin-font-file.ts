import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * src/documents/latin-font-file.ts for tests in Node (no server to fetch the build's asset from):
 * the same font files, read from the repository. Use as
 * `vi.mock('#src/documents/latin-font-file', () => import('#test/helpers/latin-font-file'))`.
 */
const FILES = { regular: 'noto-sans-sc-latin-400.ttf', bold: 'noto-sans-sc-latin-700.ttf' } as const;

export async function loadLatinFontBytes(weight: keyof typeof FILES): Promise<Uint8Array> {
  return new Uint8Array(readFileSync(join(process.cwd(), 'src', 'documents', 'fonts', FILES[weight])));
}
