import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision records (docs/decisions/NNN-title.md) are cited across code and docs by number. A number
// that no longer has a record, or a record that grows into a log of several choices, sends a
// newcomer to the wrong place: these checks keep both honest.

// Vitest runs from the project root (vitest.config.ts).
const root = process.cwd();
const recordsDir = join(root, 'docs/decisions');

/** Records that do not yet meet the one-decision, one-page shape (they are rewritten one by one). */
const notYetOneDecision = new Set<string>([]);

/** A page: records are a few lines each (docs/architecture.md); this is the ceiling. */
const maxWords = 600;

const records = new Map(
  readdirSync(recordsDir)
    .map((name) => /^(\d{3})-[a-z0-9-]+\.md$/.exec(name))
    .flatMap((match) => (match?.[1] ? [[match[1], match[0]] as const] : [])),
);

/** "decision 150", "Decisions 150", "docs/decisions/150-…": every number a file points at. */
function citedNumbers(text: string): string[] {
  const pattern = /\bdecisions?[ /](\d{3})\b/gi;
  return [...text.matchAll(pattern)].flatMap((match) => (match[1] ? [match[1]] : []));
}

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return listed.filter(
    (file) =>
      /\.(ts|tsx|mts|mjs|js|cjs|json|jsonc|md|css|html|yml|yaml|sql)$/.test(file) && !file.startsWith('src/paraglide/'),
  );
}

describe('decision citations', () => {
  it('finds citations in the forms the code uses', () => {
    expect(citedNumbers('see decision 150 and docs/decisions/081-refund-flows.md; Decision 3')).toEqual(['150', '081']);
  });

  it('cite only records that exist', () => {
    const dangling: string[] = [];
    for (const file of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      for (const number of citedNumbers(text)) if (!records.has(number)) dangling.push(`${file}: decision ${number}`);
    }
    expect(dangling).toEqual([]);
  });
});

describe('decision records', () => {
  it('has a record for every pending number', () => {
    expect([...notYetOneDecision].filter((number) => !records.has(number))).toEqual([]);
  });

  for (const [number, name] of records) {
    const text = readFileSync(join(recordsDir, name), 'utf8');
    const words = text.split(/\s+/).filter(Boolean).length;
    const decisionSections = text.match(/^## Decision\s*$/gm)?.length ?? 0;
    const meetsShape = words <= maxWords && decisionSections === 1 && new RegExp(`^# ${number}: \\S`).test(text);

    if (notYetOneDecision.has(number)) {
      it(`${name} is listed as not yet one decision and is not (drop it from the list once it is)`, () => {
        expect(meetsShape).toBe(false);
      });
      continue;
    }

    it(`${name} is titled "# ${number}: …", holds one "## Decision" and fits a page`, () => {
      expect({ title: text.startsWith(`# ${number}: `), decisionSections, withinAPage: words <= maxWords }).toEqual({
        title: true,
        decisionSections: 1,
        withinAPage: true,
      });
    });
  }

  it('are all listed in docs/decisions/README.md', () => {
    const index = readFileSync(join(recordsDir, 'README.md'), 'utf8');
    expect([...records.values()].filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
