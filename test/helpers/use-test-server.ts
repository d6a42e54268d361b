import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SeedReport } from '#server/seed/context.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export type UseTestServerOptions = Omit<TestServerOptions, 'log'> & {
  /** Wipe the database and load the demo data again before every test (default: once, at start). */
  resetEachTest?: boolean;
  /** Collects the server's log lines (reset and confirm links); emptied before every test. */
  logLines?: string[];
};

/**
 * Registers a server-test file's hooks: one local server for the file (beforeAll), closed after it,
 * optionally reset and its log cleared before each test. Returns the server, usable from the first
 * test on; the file's own beforeEach hooks run after this one's.
 */
export function useTestServer(opts: UseTestServerOptions = {}): TestServer {
  const { resetEachTest = false, logLines, ...serverOpts } = opts;
  let current: TestServer | undefined;
  const live = (): TestServer => {
    if (!current) throw new Error('the test server starts in beforeAll: use it inside a hook or a test');
    return current;
  };
  beforeAll(async () => {
    current = await startTestServer(logLines ? { ...serverOpts, log: (line) => logLines.push(line) } : serverOpts);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    if (resetEachTest) await live().reset('demo');
    if (logLines) logLines.length = 0;
  });
  return {
    get url() {
      return live().url;
    },
    get origin() {
      return live().origin;
    },
    get port() {
      return live().port;
    },
    get seeded(): SeedReport {
      return live().seeded;
    },
    reset: (scenario) => live().reset(scenario),
    setClock: (offsetMs) => live().setClock(offsetMs),
    query: (sql, params) => live().query(sql, params),
    answer: (...args) => live().answer(...args),
    close: () => live().close(),
  };
}
