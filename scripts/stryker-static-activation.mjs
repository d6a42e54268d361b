/**
 * Runs before `npm run mutate` (docs/decisions/132). Stryker 9.6.1's planner activates a static
 * mutant (one in module-level code, as every chart's config is) at run time whenever the run has
 * a test filter, after the module has already loaded, so the mutant is never seen and "survives"
 * (stryker-mutator/stryker-js#6144). The fix proposed upstream (#6145) is one line: choose the
 * activation from the planner's own `canHotSwap`. This applies that line to the installed copy,
 * does nothing when it is already applied, and stops the run when the file no longer looks as
 * expected (a Stryker upgrade: check whether the release carries the fix, then delete this file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { toolsRequire } from './tools.mjs';

const core = dirname(toolsRequire.resolve('@stryker-mutator/core/package.json'));
const file = join(core, 'dist/src/mutants/mutant-test-planner.js');
const before = "mutantActivation: testFilter ? 'runtime' : 'static',";
const after = "mutantActivation: canHotSwap ? 'runtime' : 'static',";
const source = readFileSync(file, 'utf8');
if (source.includes(after)) process.exit(0);
if (!source.includes(before) || !source.includes('const canHotSwap = !!testFilter && isStatic === false;')) {
  console.error(`${file} no longer has the line stryker-js#6144 is about: see docs/decisions/132 before mutating.`);
  process.exit(1);
}
writeFileSync(file, source.replace(before, after));
console.log('stryker: static mutants are activated before their module loads (stryker-js#6144 fix applied)');
