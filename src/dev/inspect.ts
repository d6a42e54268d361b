/**
 * Live inspection for designers (decision 181): in `npm run dev`, `?inspect` on any
 * account URL connects every actor the app starts to Stately's inspector. Only the dev server's
 * `inspectInDev` plugin (scripts/vite-inspect.ts) imports this folder; the production build has
 * none of it (test/e2e/inspect-build.test.ts reads the built JS).
 */
import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';

/** What XState's `inspect` option takes: a callback or an observer. */
export type Inspect = ((event: InspectionEvent) => void) | Observer<InspectionEvent>;

const report = (inspect: Inspect, event: InspectionEvent): void => {
  if (typeof inspect === 'function') inspect(event);
  else inspect.next?.(event);
};

/** The inspector's callback when the page's query has `inspect`, else null. */
export function inspectorFor(
  search: string,
  create: () => { inspect: Inspect } = createBrowserInspector,
): Inspect | null {
  return new URLSearchParams(search).has('inspect') ? create().inspect : null;
}

/** Actor options with the inspector added (an `inspect` the caller gave still runs too). */
export function withInspect<T extends { inspect?: unknown } | undefined>(options: T, inspect: Inspect | null): T {
  if (!inspect) return options;
  const own = options?.inspect as Inspect | undefined;
  const both: Inspect = own
    ? (event) => {
        report(own, event);
        report(inspect, event);
      }
    : inspect;
  return { ...options, inspect: both } as T;
}

/** Read once, when the app first loads: later navigations keep the same inspector window. */
export const pageInspector: Inspect | null =
  typeof window === 'undefined' ? null : inspectorFor(window.location.search);
