// Prints the plain closing line CI reads ("N passed, N failed") from Vitest's JSON report.
import { readFileSync } from 'node:fs';
const file = process.argv[2] ?? '.vitest-report.json';
try {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
} catch {
  console.log('Tests: 0 passed, 1 failed');
}
