import { assign, fromPromise, setup } from 'xstate';
import type { DataExportState } from '#src/schemas/your-data';
import { doneOutput } from '#machines/lib/done-output';
import { hasStatus, problemOf, statusOf } from '#machines/lib/problems';
import { firstFailed, firstLoaded, type FirstData } from '#machines/lib/first-data';

/**
 * "Download your data" on Account controls (decision 610): a copy of everything the account holds,
 * prepared as a job. Requested, then preparing (the server builds the file and emails the customer;
 * the screen asks again every EXPORT_POLL_MS), then ready (a download link until it expires 7 days
 * later), then expired (a new one can be asked for). One at a time: a second request while one is
 * preparing or ready answers 409 with that one's state, which the screen then shows. The calls are
 * not in docs/product/api.md: a host without them answers 404, and the screen says how to ask the
 * retailer instead (`absent`). Given what its route loaded (docs/decisions/730), the chart starts
 * from it; without it, it asks itself. Either answer, and a check's other than still preparing, is
 * stored and then sorted in one place (`answered`), so the chart draws one choice of four
 * outcomes rather than the same choice from the start, the loading and the check.
 */
export interface DataExportContext {
  /** The export's state as last answered (the route's load, a fetch or a request); null before any. */
  status: DataExportState['status'] | null;
  requestedAt: string | null;
  expiresAt: string | null;
  /** A check (`loadError`) or a request (`requestError`) failed, shown until the next action. */
  error: DataExportError | null;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<DataExportState> | null;
}

export interface DataExportInput {
  first?: FirstData<DataExportState> | null | undefined;
}

export type DataExportError = 'loadError' | 'requestError';

export type DataExportEvent = { type: 'export.request' } | { type: 'export.retry' };

/** docs/product/constants.md: while an export is prepared, its state is asked for every 2000 ms. */
export const EXPORT_POLL_MS = 2000;

/** The state an answer carries: a request's, else a fetch's (isPreparing and storeState run only on those). */
const answered = (event: { type: string }): DataExportState =>
  doneOutput<DataExportState>(
    event,
    event.type === 'xstate.done.actor.requestExport' ? 'requestExport' : 'fetchExport',
  );

export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
    input: {} as DataExportInput | undefined,
  },
  actors: {
    fetchExport: fromPromise<DataExportState>(async () => {
      throw new Error('fetchExport not provided');
    }),
    requestExport: fromPromise<DataExportState>(async () => {
      throw new Error('requestExport not provided');
    }),
  },
  delays: {
    exportPollMs: EXPORT_POLL_MS,
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    /** The route's load answered 404: the host does not offer "Your data". */
    firstAbsent: ({ context }) => firstFailed(context.first) && statusOf(problemOf(context.first.error)) === 404,
    firstFailed: ({ context }) => firstFailed(context.first),
    /** 404: the host does not offer "Your data" (docs/integrators.md). */
    hostLacksExport: ({ event }) => hasStatus(event, 404),
    isPreparing: ({ event }) => answered(event).status === 'preparing',
    /** The stored answer (`answered` sorts it): being prepared, ready, or expired. */
    exportPreparing: ({ context }) => context.status === 'preparing',
    exportReady: ({ context }) => context.status === 'ready',
    exportExpired: ({ context }) => context.status === 'expired',
    /** 409: an export is already being prepared or can be downloaded; the screen asks for its state. */
    alreadyRequested: ({ event }) => hasStatus(event, 409),
  },
  actions: {
    /** The route's answer, as `storeState` stores a fetched one. */
    storeFirstState: assign(({ context }) =>
      firstLoaded(context.first)
        ? {
            status: context.first.data.status,
            requestedAt: context.first.data.requestedAt ?? null,
            expiresAt: context.first.data.expiresAt ?? null,
          }
        : {},
    ),
    storeState: assign(({ event }) => {
      const state = answered(event);
      return {
        status: state.status,
        requestedAt: state.requestedAt ?? null,
        expiresAt: state.expiresAt ?? null,
        error: null,
      };
    }),
    setLoadError: assign({ error: 'loadError' as const }),
    setRequestError: assign({ error: 'requestError' as const }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'dataExport',
  context: ({ input }) => ({
    status: null,
    requestedAt: null,
    expiresAt: null,
    error: null,
    first: input?.first ?? null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the part starts: from what the route loaded (the export, a host without it, or the error), else it asks.',
      always: [
        { guard: 'firstLoaded', target: 'answered', actions: 'storeFirstState' },
        { guard: 'firstAbsent', target: 'absent' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'setLoadError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Whether the account has an export is loading.',
      invoke: {
        id: 'fetchExport',
        src: 'fetchExport',
        onDone: { target: 'answered', actions: 'storeState' },
        onError: [
          { guard: 'hostLacksExport', target: 'absent' },
          { target: 'loadFailed', actions: 'setLoadError' },
        ],
      },
    },
    answered: {
      description:
        'The stored answer sorted (never shown on its own): being prepared, ready, expired, or no export yet.',
      always: [
        { guard: 'exportPreparing', target: 'preparing' },
        { guard: 'exportReady', target: 'ready' },
        { guard: 'exportExpired', target: 'expired' },
        { target: 'none' },
      ],
    },
    absent: {
      description:
        'The host does not offer these calls (404): how to ask the retailer for a copy of your data or to close the account, with its contact details.',
    },
    loadFailed: {
      description: 'The export could not be loaded: an error with a retry.',
      on: { 'export.retry': { target: 'loading', actions: 'clearError' } },
    },
    none: {
      description: 'No export yet: what the file holds, that it is prepared and emailed, and "Request my data".',
      on: { 'export.request': { target: 'requested', actions: 'clearError' } },
    },
    requested: {
      description: 'The request is being sent (POST); the button is busy.',
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        onDone: { target: 'preparing', actions: 'storeState' },
        onError: [
          { guard: 'alreadyRequested', target: 'loading' },
          { target: 'none', actions: 'setRequestError' },
        ],
      },
    },
    preparing: {
      description:
        'The file is being prepared: "we will email you when it is ready", since when; the state is asked for again shortly.',
      after: { exportPollMs: 'checking' },
    },
    checking: {
      description: 'Still preparing, while the server is asked whether the file is ready.',
      invoke: {
        id: 'fetchExport',
        src: 'fetchExport',
        onDone: [
          { guard: 'isPreparing', target: 'preparing' },
          { target: 'answered', actions: 'storeState' },
        ],
        onError: { target: 'loadFailed', actions: 'setLoadError' },
      },
    },
    ready: {
      description: 'The file is ready: "Download your data (ZIP)" and the date it is deleted.',
    },
    expired: {
      description: 'The last file was deleted 7 days after it was ready: a new one can be asked for.',
      // No error to clear: expired is entered only with storeState, which clears it.
      on: { 'export.request': { target: 'requested' } },
    },
  },
});
