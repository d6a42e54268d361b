import * as v from 'valibot';
import { m } from '#src/paraglide/messages.js';

/**
 * The customer's ITSO smartcards and their state. Only the last four digits of the card number
 * (ISRN) ever leave the server.
 */
export const smartcardStatuses = ['ACTIVE', 'INACTIVE', 'LOST_STOLEN', 'EXPIRED'] as const;
export type SmartcardStatus = (typeof smartcardStatuses)[number];

export const SmartcardProduct = v.object({
  id: v.string(),
  /** e.g. "Off-Peak Day Return" */
  productName: v.string(),
  /** e.g. "Leeds to York", in the retailer's words: shown only when origin and destination are absent. */
  route: v.string(),
  /** Local-server extra: the first station, e.g. "Leeds" (the screen words the route in the page's language). */
  origin: v.optional(v.string()),
  /** Local-server extra: the last station, e.g. "York". */
  destination: v.optional(v.string()),
  /** First day of validity, YYYY-MM-DD. */
  validFrom: v.pipe(v.string(), v.isoDate()),
  /** Last day to load it onto the card, YYYY-MM-DD. */
  collectBy: v.pipe(v.string(), v.isoDate()),
});
export type SmartcardProduct = v.InferOutput<typeof SmartcardProduct>;

export const Smartcard = v.object({
  id: v.string(),
  numberLastFour: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  /** The train company that issued the card, e.g. "Northern". */
  operator: v.string(),
  status: v.picklist(smartcardStatuses),
  /** YYYY-MM-DD */
  expiryDate: v.pipe(v.string(), v.isoDate()),
  /** Tickets bought for the card that have not been loaded onto it yet. */
  productsAwaitingCollection: v.array(SmartcardProduct),
});
export type Smartcard = v.InferOutput<typeof Smartcard>;

export const SmartcardListResponse = v.object({ smartcards: v.array(Smartcard) });

export const smartcardStatusLabels: Record<SmartcardStatus, string> = {
  ACTIVE: m.form_smartcards_active(),
  INACTIVE: m.form_smartcards_inactive(),
  LOST_STOLEN: m.form_smartcards_lost_stolen(),
  EXPIRED: m.common_expired(),
};

/** What each status means for the customer (our copy; the spec names the states only). */
export const smartcardStatusNotes: Record<SmartcardStatus, string> = {
  ACTIVE: m.form_smartcards_active_hint(),
  INACTIVE: m.form_smartcards_inactive_hint(),
  LOST_STOLEN: m.form_smartcards_lost_stolen_hint(),
  EXPIRED: m.form_smartcards_expired(),
};
