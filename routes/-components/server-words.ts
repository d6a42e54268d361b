import type { ServerWords } from '#src/schemas/server-words';
import { ticketTypeName } from './booking-format';
import { m } from '#src/paraglide/messages.js';

/**
 * The page's own words for a sentence the server sent as a code and its data
 * (docs/decisions/641-server-words-as-codes.md). `null` for a code this app does not know: the
 * screen then shows the server's own sentence, as an API that sends only sentences would have it.
 * A code whose words a screen already has for its reason (a refund reason's explanation) is left
 * to that screen (`sameAsReason`).
 */
type Params = Record<string, string | number>;
const text = (p: Params | undefined, key: string): string => String(p?.[key] ?? '');
const count = (p: Params | undefined, key: string): number => Number(p?.[key] ?? 0);

const words: Record<string, (p: Params | undefined) => string> = {
  REFUND_MOBILE_ACTIVATED: () => m.server_words_refund_mobile_activated(),
  REFUND_FARE_NOT_REFUNDABLE: (p) =>
    m.server_words_refund_fare_not_refundable({ ticketType: ticketTypeName(text(p, 'ticketType')) }),
  REFUND_FARE_NOT_REFUNDABLE_DISRUPTED: (p) =>
    m.server_words_refund_fare_not_refundable_disrupted({ ticketType: ticketTypeName(text(p, 'ticketType')) }),
  REFUND_DEPARTED: () => m.server_words_refund_departed(),
  REFUND_SEASON_TOO_SHORT: (p) =>
    m.server_words_refund_season_too_short({ min: count(p, 'min'), left: count(p, 'left') }),
  DELAY_BELOW_THRESHOLD: (p) =>
    m.server_words_delay_below_threshold({
      operator: text(p, 'operator'),
      delayMinutes: count(p, 'delayMinutes'),
      thresholdMinutes: count(p, 'thresholdMinutes'),
    }),

  PAYOUT_CARD_EXPIRED: () => m.server_words_payout_card_expired(),
};

/** Codes a refund reason's own explanation already says in the page's words. */
const sameAsReason = new Set([
  'REFUND_NOT_ISSUED',
  'REFUND_SMARTCARD_INACTIVE',
  'REFUND_SMARTCARD_NOT_COLLECTED',
  'REFUND_WINDOW_ENDED',
  'REFUND_TICKET_IN_PROGRESS',
  'REFUND_BOOKING_IN_PROGRESS',
  'REFUND_NOT_PRICED',
  'REFUND_BOOKING_ERROR_TOO_LATE',
  'REFUND_NO_DISRUPTION_UPCOMING',
  'REFUND_NO_DISRUPTION_SERVICE_CANCELLATION',
  'REFUND_NO_DISRUPTION_TRAIN_DELAYED',
  'REFUND_SEASON_USED_UP',
  'REFUND_BELOW_FEE',
]);

/**
 * Why the booking's lifecycle refuses an action (the server's 409 with the lifecycle's reason as its
 * code, server/domain/booking-lifecycle.ts), in the page's words; null for another code.
 */
const lifecycle: Record<string, () => string> = {
  NOT_TRAVELLED: () => m.lifecycle_refusal_not_travelled(),
  ONE_PASSENGER: () => m.lifecycle_refusal_one_passenger(),
  CHECKED_IN: () => m.lifecycle_refusal_checked_in(),
  TRAVELLED: () => m.lifecycle_refusal_travelled(),
  DELAY_REPAY_CLAIMED: () => m.lifecycle_refusal_delay_repay_claimed(),
  REFUND_IN_PROGRESS: () => m.lifecycle_refusal_refund_in_progress(),
  REFUNDED: () => m.lifecycle_refusal_refunded(),
  PART_REFUNDED: () => m.lifecycle_refusal_part_refunded(),
  CHANGED: () => m.lifecycle_refusal_changed(),
  INSURANCE_CLAIMED: () => m.lifecycle_refusal_insurance_claimed(),
  EXPIRED: () => m.lifecycle_refusal_expired(),
};
export const lifecycleRefusalWords = (code: string | null | undefined): string | null =>
  code && lifecycle[code] ? lifecycle[code]() : null;

export const serverWords = (w: ServerWords | null | undefined): string | null => {
  const word = w ? words[w.code] : undefined;
  return word && w ? word(w.params) : null;
};

/**
 * A refund reason in the page's words: the words of its code, else the reason's own explanation
 * when the code says no more than the reason (or is a booking lifecycle refusal), else the server's
 * sentence, else the reason's explanation.
 */
export const reasonWords = (
  r: { words?: ServerWords | null | undefined; message?: string | undefined },
  explanation: string,
): string => {
  const own = serverWords(r.words);
  if (own) return own;
  if (r.words && (sameAsReason.has(r.words.code) || r.words.code.startsWith('LIFECYCLE_'))) return explanation;
  return r.message ?? explanation;
};
