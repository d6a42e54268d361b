import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Unit files that need a module graph of their own (see the unit project). */
const unitIsolated = [
  'test/unit/router.test.tsx',
  'test/unit/form-route-loaders.test.tsx',
  'test/unit/claim-assistance-route-loaders.test.tsx',
  'test/unit/account-form-loaders.test.tsx',
  'test/unit/screen-route-loaders.test.tsx',
  'test/unit/guest-route-loaders.test.tsx',
  'test/unit/pdf-cjk.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that ran the whole suite
    // in one worker, leaving a core idle for 12 minutes. One worker per core: a third worker on 2
    // cores left the browser tests' time unchanged (1,050 s against 1,011 s) and tripled the load.
    // Tests share no files, ports or databases.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Component and module tests share one module graph and one jsdom per worker: importing React,
      // the router and the catalogue again for each of 46 files cost 190 s of CPU, against 60 s.
      // Files that mock modules or boot the whole router read module state other files change, so
      // they keep their own module graph (checked with shuffled files).
      mergeConfig(viteConfig, {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: [...unitIsolated],
          setupFiles: ['test/setup-dom.ts'],
          isolate: false,
        },
      }),
      mergeConfig(viteConfig, {
        test: {
          name: 'unit-isolated',
          environment: 'jsdom',
          include: [...unitIsolated],
          setupFiles: ['test/setup-dom.ts'],
        },
      }),
      {
        test: {
          name: 'model',
          environment: 'node',
          include: ['test/model/**/*.test.ts'],
          // Pure chart tests with no shared state: one module graph per worker instead of
          // re-importing xstate, xstate/graph and the harness for each of the 52 files (the model
          // project went from 99 s to 35 s here; files run in any order, checked with shuffled files).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          setupFiles: ['test/setup-node.ts'],
          // Each file starts its own server and in-memory database (test/helpers/use-test-server.ts)
          // and no file mocks a module, so a worker keeps one module graph for all its files instead
          // of importing Hono, PGlite, the server and its seed again for each of the 49 files; the
          // seed's password hashes are then computed once per worker too.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Two servers sharing one PostgreSQL (test/postgres/): only under `npm run test:postgres`,
      // which starts a throwaway cluster and names it in TEST_DATABASE_URL (docs/postgresql.md).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'postgres',
                environment: 'node',
                include: ['test/postgres/**/*.test.ts'],
                setupFiles: ['test/setup-node.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles: ['test/setup-node.ts', 'test/e2e/setup-page-errors.ts'],
          // One server and one browser per worker for all its files (test/e2e/world.ts); each file
          // starts from a reset database, so two workers never see each other's data.
          isolate: false,
          // Real browser timing on a loaded 2-core machine: one retry, so a slow moment is not a red
          // build; a test that fails twice still fails (and the report shows the retry).
          retry: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
