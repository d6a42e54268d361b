import * as v from 'valibot';
import { maybe } from './maybe.ts';

/**
 * "Your data" (decisions 610, 611): local-server calls the spec does not list. The export's state;
 * its dates only once it is ready (`readyAt`, `expiresAt`), its request's date while it is prepared.
 */
export const DataExportState = v.object({
  status: v.picklist(['none', 'preparing', 'ready', 'expired']),
  requestedAt: maybe(v.pipe(v.string(), v.isoTimestamp())),
  readyAt: maybe(v.pipe(v.string(), v.isoTimestamp())),
  expiresAt: maybe(v.pipe(v.string(), v.isoTimestamp())),
});
export type DataExportState = v.InferOutput<typeof DataExportState>;

/** Why an account cannot close yet: a refund, a Delay Repay claim or a change of journey under way, on the order with this reference. */
export const OpenMatter = v.object({
  kind: v.picklist(['refund', 'claim', 'change-of-journey']),
  reference: v.pipe(v.string(), v.maxLength(40)),
});
export type OpenMatter = v.InferOutput<typeof OpenMatter>;

/** The 409 body of a refused closing: `{errors: [{code: OPEN_MATTERS}], matters}`. */
export const OpenMattersBody = v.object({ matters: v.array(OpenMatter) });
