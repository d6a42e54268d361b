import { lifecycleRefusalWords } from '../server-words';
import { m } from '#src/paraglide/messages.js';

/**
 * A change of journey's refusal in the page's words, by its code (server/api/journey-change.ts and
 * server/domain/journey-change.ts; docs/decisions/641-server-words-as-codes.md): why the booking or
 * a direction cannot be changed, why a train or the payment was refused, or the booking lifecycle's
 * reason. Null for a code this app does not know: the screen then shows the server's sentence.
 */
const words: Record<string, () => string> = {
  ALREADY_CHANGED: () => m.journey_change_refusal_already_changed(),
  BOOKING_REPLACED: () => m.journey_change_refusal_booking_replaced(),
  TICKET_ACTIVATED: () => m.journey_change_refusal_ticket_activated(),
  DEPARTED: () => m.journey_change_refusal_departed(),
  TICKET_DATE_REACHED: () => m.journey_change_refusal_ticket_date_reached(),
  NO_RETURN: () => m.journey_change_refusal_no_return(),
  SEASON: () => m.journey_change_refusal_season(),
  // A season changes only its start date, and this screen searches trains: the season's words say to contact us.
  SEASON_START_DATE: () => m.journey_change_refusal_season(),
  SEASON_STARTED: () => m.booking_format_season_started(),
  SAME_START_DATE: () => m.journey_change_refusal_same_start_date(),
  FARE_NOT_CHANGEABLE: () => m.journey_change_refusal_fare_not_changeable(),
  NO_TICKETS: () => m.journey_change_refusal_no_tickets(),
  TRAIN_UNKNOWN: () => m.journey_change_refusal_train_unknown(),
  TRAIN_FULL: () => m.journey_change_refusal_train_full(),
  TRAIN_CANCELLED: () => m.journey_change_refusal_train_cancelled(),
  TRAIN_DEPARTED: () => m.journey_change_refusal_train_departed(),
  RETURN_BEFORE_OUTWARD: () => m.journey_change_refusal_return_before_outward(),
  OUTWARD_AFTER_RETURN: () => m.journey_change_refusal_outward_after_return(),
  DATE_OUT_OF_RANGE: () => m.journey_change_refusal_date_out_of_range(),
  QUOTE_USED: () => m.journey_change_refusal_quote_used(),
  QUOTE_EXPIRED: () => m.journey_change_refusal_quote_expired(),
  NO_PAYMENT_NEEDED: () => m.journey_change_refusal_no_payment_needed(),
  PAYMENT_REQUIRED: () => m.journey_change_refusal_payment_required(),
  CARD_UNKNOWN: () => m.journey_change_refusal_card_unknown(),
  CARD_DECLINED: () => m.journey_change_refusal_card_declined(),
  CARD_EXPIRED: () => m.journey_change_refusal_card_expired(),
  CARD_TOKEN_INVALID: () => m.journey_change_refusal_card_token_invalid(),
};

export const changeRefusalWords = (code: string | null | undefined): string | null =>
  code && words[code] ? words[code]() : lifecycleRefusalWords(code);

/** What to show for a refusal: its words, else the server's sentence (an unknown code), else `fallback`. */
export const refusalText = (
  code: string | null | undefined,
  sentence: string | null | undefined,
  fallback = '',
): string => changeRefusalWords(code) ?? sentence ?? fallback;
