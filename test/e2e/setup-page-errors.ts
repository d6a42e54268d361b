import { afterEach } from 'vitest';
import { takePageErrors } from './browser';

// One hook for every e2e file (the e2e project's setupFiles): a test fails on a console error or an
// uncaught page error, whether or not it asserts on `errors` itself. The errors are cleared, so the
// next test starts clean. It lives here, not in browser.ts, because `npm run bench` imports
// browser.ts outside Vitest, where a hook cannot be registered.
afterEach(() => {
  const errors = takePageErrors();
  if (errors.length) throw new Error(`The page logged errors during this test:\n${errors.join('\n')}`);
});
