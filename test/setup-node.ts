/**
 * Node test setup (server and e2e projects): any console.error during a test fails that test
 * (docs/architecture.md: "A test that logs a React or console error fails"). A test that expects an
 * error calls `allowConsoleError(/pattern/)` first; matching messages are then accepted (and
 * checked: an expected error that never came fails the test too, unless `optional` is set).
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { format } from 'node:util';

type ConsoleErrorState = {
  seen: string[];
  allowed: { pattern: RegExp; optional: boolean; hits: number }[];
};

// Shared through globalThis so every import of this module sees the same state.
const KEY = Symbol.for('my-account.test.console-errors');
const globals = globalThis as typeof globalThis & { [KEY]?: ConsoleErrorState };
const state: ConsoleErrorState = (globals[KEY] ??= { seen: [], allowed: [] });

/** Accept console.error calls matching `pattern` in the current test. */
export function allowConsoleError(pattern: RegExp, opts: { optional?: boolean } = {}): void {
  state.allowed.push({ pattern, optional: opts.optional ?? false, hits: 0 });
}

const original = console.error.bind(console);
if (!(console.error as { __failsTests?: boolean }).__failsTests) {
  const wrapped = (...args: unknown[]) => {
    const message = format(...args);
    const allowance = state.allowed.find((a) => a.pattern.test(message));
    if (allowance) {
      allowance.hits += 1; // expected: counted, kept out of the output
      return;
    }
    state.seen.push(message);
    original(...args);
  };
  (wrapped as { __failsTests?: boolean }).__failsTests = true;
  console.error = wrapped;
}

function check(where: string): void {
  const unexpected = state.seen.splice(0);
  const missing = state.allowed.filter((a) => !a.optional && a.hits === 0).map((a) => String(a.pattern));
  state.allowed = [];
  const problems: string[] = [];
  if (unexpected.length > 0) problems.push(`console.error was called ${where}:\n${unexpected.join('\n---\n')}`);
  if (missing.length > 0) problems.push(`expected console.error ${where} never came: ${missing.join(', ')}`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

beforeEach(() => {
  // Errors logged outside any test (e.g. in beforeAll) are reported by the first test after them.
  check('before this test (setup hooks)');
});

afterEach(() => {
  check('during this test');
});

afterAll(() => {
  check('in teardown');
});
