import { assign, fromPromise, setup } from 'xstate';
import type { DataExportState } from '#src/schemas/your-data';
import { doneOutput } from '#machines/lib/done-output';
import { hasStatus } from '#machines/lib/problems';

/**
 * "Download your data" on Account controls (decision 610): a copy of everything the account holds,
 * prepared as a job. Requested, then preparing (the server builds the file and emails the customer;
 * the screen asks again every EXPORT_POLL_MS), then ready (a download link until it expires 7 days
 * later), then expired (a new one can be asked for). One at a time: a second request while one is
 * preparing or ready answers 409 with that one's state, which the screen then shows. The calls are
 * not in docs/product/api.md: a host without them answers 404, and the screen says how to ask the
 * retailer instead (`absent`).
 */
export interface DataExportContext {
  requestedAt: string | null;
  expiresAt: string | null;
  /** A check (`loadError`) or a request (`requestError`) failed, shown until the next action. */
  error: DataExportError | null;
}

export type DataExportError = 'loadError' | 'requestError';

export type DataExportEvent = { type: 'export.request' } | { type: 'export.retry' };

/** docs/product/constants.md: while an export is prepared, its state is asked for every 2000 ms. */
export const EXPORT_POLL_MS = 2000;

/** The state an answer carries: a request's, else a fetch's (the guards and storeState run only on those). */
const answered = (event: { type: string }): DataExportState =>
  doneOutput<DataExportState>(
    event,
    event.type === 'xstate.done.actor.requestExport' ? 'requestExport' : 'fetchExport',
  );

export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
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
    /** 404: the host does not offer "Your data" (docs/integrators.md). */
    hostLacksExport: ({ event }) => hasStatus(event, 404),
    isPreparing: ({ event }) => answered(event).status === 'preparing',
    isReady: ({ event }) => answered(event).status === 'ready',
    isExpired: ({ event }) => answered(event).status === 'expired',
    /** 409: an export is already being prepared or can be downloaded; the screen asks for its state. */
    alreadyRequested: ({ event }) => hasStatus(event, 409),
  },
  actions: {
    storeState: assign(({ event }) => {
      const state = answered(event);
      return { requestedAt: state.requestedAt ?? null, expiresAt: state.expiresAt ?? null, error: null };
    }),
    setLoadError: assign({ error: 'loadError' as const }),
    setRequestError: assign({ error: 'requestError' as const }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'dataExport',
  context: { requestedAt: null, expiresAt: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Whether the account has an export is loading.',
      invoke: {
        id: 'fetchExport',
        src: 'fetchExport',
        onDone: [
          { guard: 'isPreparing', target: 'preparing', actions: 'storeState' },
          { guard: 'isReady', target: 'ready', actions: 'storeState' },
          { guard: 'isExpired', target: 'expired', actions: 'storeState' },
          { target: 'none', actions: 'storeState' },
        ],
        onError: [
          { guard: 'hostLacksExport', target: 'absent' },
          { target: 'loadFailed', actions: 'setLoadError' },
        ],
      },
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
          { guard: 'isReady', target: 'ready', actions: 'storeState' },
          { guard: 'isExpired', target: 'expired', actions: 'storeState' },
          { target: 'none', actions: 'storeState' },
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
