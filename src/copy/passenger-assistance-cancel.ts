/**
 * The words for the outcomes machines/passenger-assistance-cancel.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import type { AssistanceFailure } from '#src/schemas/passenger-assistance';
import { m } from '#src/paraglide/messages.js';

export const passengerAssistanceCancelMessages = {
  get loadError() {
    return m.passenger_assistance_cancel_load_error();
  },
  get notFound() {
    return m.passenger_assistance_cancel_not_found();
  },
  get notOffered() {
    return m.passenger_assistance_cancel_not_offered();
  },
  get alreadyCancelled() {
    return m.passenger_assistance_cancel_already_cancelled();
  },
  get cancelError() {
    return m.passenger_assistance_cancel_cancel_error();
  },
  get checking() {
    return m.passenger_assistance_cancel_checking();
  },
  get unconfirmed() {
    return m.passenger_assistance_cancel_unconfirmed();
  },
} as const;

/**
 * Why the server refused a cancellation, by its code (server/api/passenger-assistance.ts;
 * docs/decisions/641-server-words-as-codes.md). `ALREADY_CANCELLED` is the chart's own outcome, not a
 * refusal. The server's sentence only for a code this app does not know, else the general message.
 */
const cancelRefusals: Record<string, () => string> = {
  JOURNEY_DEPARTED: () => m.passenger_assistance_cancel_departed(),
  BOOKING_REPLACED: () => m.passenger_assistance_cancel_replaced(),
};

export const cancelRefusalText = (failure: AssistanceFailure): string => {
  const words = failure.code ? cancelRefusals[failure.code] : undefined;
  return words ? words() : (failure.detail ?? passengerAssistanceCancelMessages.cancelError);
};
