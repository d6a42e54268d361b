// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * An import cycle is refused even when every edge of it is `import type` (docs/decisions/810): the
 * project's dependency-cruiser configuration sees type-only imports (tsPreCompilationDeps) and its
 * no-circular rule makes no exception for them. Two cycles are written to a scratch folder and
 * cruised with the project's own rules.
 */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const dir = mkdtempSync(join(tmpdir(), 'type-only-cycle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return relative(process.cwd(), join(dir, name));
};

describe('import cycles', () => {
  it('refuses a cycle made only of type imports, and one with a type import in it', async () => {
    const files = [
      write('mode.ts', "import type { Screen } from './screen.ts';\nexport type Mode = { screen?: Screen };\n"),
      write('screen.ts', "import type { Mode } from './mode.ts';\nexport type Screen = { mode?: Mode };\n"),
      write('value.ts', "import { type Shape } from './shape.ts';\nexport const value = 1;\nexport type V = Shape;\n"),
      write('shape.ts', "import { value } from './value.ts';\nexport type Shape = { v: typeof value };\n"),
    ];
    expect(config.options?.tsPreCompilationDeps).toBe(true);
    const { output } = await cruise(files, { ...config.options, ruleSet: config, validate: true });
    const cycles = (output as ICruiseResult).summary.violations
      .filter((violation) => violation.rule.name === 'no-circular')
      .map((violation) => [violation.from, violation.to].map((path) => path.split('/').pop()).join(' → '));
    expect(cycles).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^(mode|screen)\.ts → (mode|screen)\.ts$/),
        expect.stringMatching(/^(value|shape)\.ts → (value|shape)\.ts$/),
      ]),
    );
  });
});
