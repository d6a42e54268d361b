/**
 * Ends the current task, so the browser can paint and answer input before the next step runs
 * (total blocking time on a slow phone). The boot's steps ran as one task of about 75 ms on this machine,
 * 300 ms on Lighthouse's 4x-slower phone; as separate tasks each stays near or under the 50 ms that
 * counts as blocking. `scheduler.yield()` keeps the continuation ahead of other queued work where
 * the browser has it (Chromium); elsewhere a zero-delay timeout does the same job.
 */
export const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Waits for `work` to settle (resolved or rejected, either way), but no longer than `ms`. The boot
 * uses it to resolve the first route before the first render without leaving a slow network on
 * the shell's skeleton for good.
 */
export const settledOrAfter = (work: Promise<unknown>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
