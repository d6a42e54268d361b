import type { File } from '@vitest/runner';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * For `npm run mutate` only (vitest.mutate.config.ts). Stryker's vitest runner (9.6) builds a
 * mutant's result from the tests it collected, so a mutant that breaks the chart at import time
 * (`states: {}`, `initial: ""`, an invoke id no event matches) makes the test file collect no
 * test and the mutant "survives". Here such a file gets one failed test carrying its load error,
 * so the mutant counts as killed, as it would be by `npm test`.
 */
export default class LoadFailureReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule): void {
    // The task behind the public TestModule: Stryker reads tasks, not TestModules.
    const file = (testModule as unknown as { task: File }).task;
    if (file.result?.state !== 'fail' || file.tasks.length > 0) return;
    const errors = file.result.errors ?? [{ message: 'the test file failed to load', name: 'Error' }];
    file.tasks.push({
      type: 'test',
      id: `${file.id}_load`,
      name: 'loads the test file',
      fullName: `${file.name} loads the test file`,
      mode: 'run',
      file,
      suite: file,
      meta: {},
      timeout: 0,
      annotations: [],
      artifacts: [],
      context: undefined as never,
      result: { state: 'fail', errors },
    } as never);
  }
}
