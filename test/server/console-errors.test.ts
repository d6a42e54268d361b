import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../setup-node.ts';

type State = { seen: string[]; allowed: unknown[] };
const state = () => (globalThis as Record<symbol, State>)[Symbol.for('my-account.test.console-errors')] as State;

describe('console.error guard (test/setup-node.ts)', () => {
  it('records unexpected console.error calls so the test fails', () => {
    const before = state().seen.length;
    // The guard records (and prints) the call; the test then takes it back so it does not fail.
    console.error('guard self-test %s', 'message');
    const seen = state().seen.splice(before);
    expect(seen).toEqual(['guard self-test message']);
  });

  it('accepts errors a test declared', () => {
    allowConsoleError(/expected by this test/);
    console.error('this one is expected by this test');
  });
});
