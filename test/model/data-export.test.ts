import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { dataExportMachine, EXPORT_POLL_MS } from '#machines/data-export';
import { dataExportMessages } from '#src/copy/data-export';
import type { DataExportState } from '#src/schemas/your-data';
import { describeMachineModel, errorOf, fromOwnLoadOnly, liveModel } from './harness';

/**
 * "Download your data" (decision 610): what each state means on Account controls. The export is a
 * job: requested, preparing (asked again every EXPORT_POLL_MS), ready, expired; one at a time.
 */
const none: DataExportState = { status: 'none', requestedAt: null, readyAt: null, expiresAt: null };
const preparing: DataExportState = {
  status: 'preparing',
  requestedAt: '2026-12-01T09:00:00.000Z',
  readyAt: null,
  expiresAt: null,
};
const ready: DataExportState = {
  status: 'ready',
  requestedAt: '2026-12-01T09:00:00.000Z',
  readyAt: '2026-12-01T09:00:03.000Z',
  expiresAt: '2026-12-08T09:00:03.000Z',
};
const expired: DataExportState = { ...ready, status: 'expired' };

type DataExportSnapshot = SnapshotFrom<typeof dataExportMachine>;
const fetched = (output: DataExportState) => ({ type: 'xstate.done.actor.fetchExport', output }) as const;

describeMachineModel(dataExportMachine, {
  name: 'dataExportMachine',
  // The route's load (docs/decisions/730): each state of the export, a host without it, the load's error.
  inputs: [
    {},
    ...[none, preparing, ready, expired].map((data) => ({ first: { data } })),
    { first: { error: { status: 404 } } },
    { first: { error: { status: 500 } } },
  ],
  events: fromOwnLoadOnly<DataExportSnapshot>({
    'xstate.done.actor.fetchExport': [fetched(none), fetched(preparing), fetched(ready), fetched(expired)],
    'xstate.error.actor.fetchExport': [
      { type: 'xstate.error.actor.fetchExport', error: { status: 500 } },
      // A host without these calls (beyond docs/product/api.md) answers 404.
      { type: 'xstate.error.actor.fetchExport', error: { status: 404 } },
    ],
    'xstate.done.actor.requestExport': [{ type: 'xstate.done.actor.requestExport', output: preparing }],
    'xstate.error.actor.requestExport': [
      { type: 'xstate.error.actor.requestExport', error: { status: 500 } },
      // One at a time: an export is already preparing or ready (another tab asked).
      { type: 'xstate.error.actor.requestExport', error: { status: 409, code: 'EXPORT_EXISTS' } },
    ],
  }),
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? c.first.data.status : 'error',
    error: c.error !== null,
    dated: c.requestedAt !== null,
  }),
  calls: {
    loading: { fetchExport: undefined },
    checking: { fetchExport: undefined },
    requested: { requestExport: undefined },
  },
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'export.retry', 'xstate.error.actor.requestExport']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      if (event.type === 'xstate.error.actor.requestExport') expect(errorOf(event)?.status).toBe(409);
      expect(context.error).toBeNull();
    },
    absent: ({ snapshot, context, event }) => {
      // The route's load or the chart's own answered 404.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 404 } });
      else expect(errorOf(event)?.status).toBe(404);
      // Nothing to ask for or retry: the screen gives the retailer's contact details instead.
      for (const type of ['export.request', 'export.retry'] as const) expect(snapshot.can({ type })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(errorOf(event)?.status).not.toBe(404);
      expect(context.error).toBe('loadError');
      expect(dataExportMessages.loadError).toBe("We couldn't load your data download.");
      expect(snapshot.can({ type: 'export.retry' })).toBe(true);
    },
    none: ({ snapshot, context, event }) => {
      expect(snapshot.can({ type: 'export.request' })).toBe(true);
      if (event.type === 'xstate.error.actor.requestExport') expect(context.error).toBe('requestError');
      else expect(context).toMatchObject({ requestedAt: null, expiresAt: null, error: null });
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: none });
    },
    requested: ({ context, event }) => {
      expect(event.type).toBe('export.request');
      expect(context.error).toBeNull();
    },
    preparing: ({ snapshot, context }) => {
      // Since when, and nothing to press: a second request would be refused.
      expect(context.requestedAt).toBe(preparing.requestedAt);
      expect(snapshot.can({ type: 'export.request' })).toBe(false);
    },
    checking: ({ context }) => {
      expect(context.requestedAt).toBe(preparing.requestedAt);
    },
    ready: ({ snapshot, context }) => {
      expect(context).toMatchObject({ requestedAt: ready.requestedAt, expiresAt: ready.expiresAt, error: null });
      expect(snapshot.can({ type: 'export.request' })).toBe(false);
    },
    expired: ({ snapshot, context }) => {
      expect(context.error).toBeNull();
      expect(context.expiresAt).toBe(expired.expiresAt);
      expect(snapshot.can({ type: 'export.request' })).toBe(true);
    },
  },
});

it('asks whether the file is ready every 2000 ms while it is prepared (docs/product/constants.md)', async () => {
  expect(EXPORT_POLL_MS).toBe(2000);
  const live = liveModel(dataExportMachine);
  try {
    await live.send(
      fetched(none),
      { type: 'export.request' },
      { type: 'xstate.done.actor.requestExport', output: preparing },
    );
    await live.expectTimer('preparing', 2000, 'checking');
    await live.send(fetched(preparing));
    await live.expectTimer('preparing', 2000, 'checking');
    await live.send(fetched(ready));
    expect(live.snapshot().value).toBe('ready');
  } finally {
    live.stop();
  }
});
