import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands on its own: what the code relies on is written in docs/product/ (the
// retailer's requirements) and docs/ (conventions, decisions), and every citation points there.
// A citation of a document kept outside the repository (the retailer's specification, domain notes,
// hosting contract or architecture notes by their own file names, or a numbered section of one of
// them) sends a reader to a page they do not have. This file names those forms to catch them, so
// it is the one file not read.

// Vitest runs from the project root (vitest.config.ts).
const root = process.cwd();

const self = 'test/unit/self-contained-citations.test.ts';
const outside = ['SPEC', 'DOMAIN', 'ARCHITECTURE', 'CONTRACT'];
const forbidden: { name: string; pattern: RegExp }[] = [
  { name: 'an outside document by file name', pattern: new RegExp(`\\b(?:${outside.join('|')})\\.md\\b`) },
  { name: 'the specification by its own name', pattern: new RegExp(`\\b${outside[0]}\\b(?![-_.])`) },
  { name: 'a numbered section of an outside document', pattern: /\bsections? \d|§ ?\d/i },
  { name: 'a folder outside the repository', pattern: /\/work\/shared\b|\.\.\/shared\//i },
];

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return listed.filter(
    (file) =>
      /\.(ts|tsx|mts|mjs|js|cjs|json|jsonc|md|css|html|yml|yaml|sql|sh)$/.test(file) &&
      !file.startsWith('src/paraglide/') &&
      file !== 'package-lock.json' &&
      file !== self,
  );
}

/** "file:line: text" for every line of `text` that matches `pattern`. */
function hits(file: string, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : []));
}

describe('citations stay inside the repository', () => {
  it('recognises the forms a citation of an outside document takes', () => {
    const cites = (line: string) => forbidden.some(({ pattern }) => pattern.test(line));
    expect(cites(`see ${outside[0]}.md`)).toBe(true);
    expect(cites(`(${outside[1]}.md, Tickets)`)).toBe(true);
    expect(cites(`${outside[0]} gives the call`)).toBe(true);
    expect(cites('spec section 7')).toBe(true);
    expect(cites('the fields of sections 3 and 7')).toBe(true);
    expect(cites('/work/shared/notes.md')).toBe(true);
    // In-repository pages and the code's own names are not citations of outside documents.
    expect(cites('docs/product/api.md and docs/architecture.md')).toBe(false);
    expect(cites("API_SHAPE=spec, specCalls in server/lib/spec-shape.ts, the spec's messages")).toBe(false);
  });

  const files = trackedTextFiles();
  it.each(forbidden)('no tracked file cites $name', ({ pattern }) => {
    const found = files.flatMap((file) => hits(file, readFileSync(join(root, file), 'utf8'), pattern));
    expect(found, 'cite docs/product/<page>.md (or docs/architecture.md) instead').toEqual([]);
  });

  it('every docs/product page a file cites exists', () => {
    const cited = new Set(
      files.flatMap((file) =>
        [...readFileSync(join(root, file), 'utf8').matchAll(/docs\/product\/([a-z-]+\.md)/g)].map((m) => m[1]!),
      ),
    );
    expect([...cited].filter((page) => !existsSync(join(root, 'docs/product', page)))).toEqual([]);
  });
});
