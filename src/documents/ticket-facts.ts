import type { Booking } from '../schemas/booking';

/**
 * What a ticket shows besides its code, from the booking answer (src/schemas/booking.ts), the same
 * way the local server writes it into the code (server/domain/ticket-barcode.ts).
 */

/** First and last moment the ticket may be used: a season's validity, else the outward day to the return's. */
export const ticketValidity = (booking: Booking): { from: string; until: string } =>
  booking.season
    ? { from: booking.season.validFrom, until: booking.season.validUntil }
    : { from: booking.outward.date, until: (booking.inward ?? booking.outward).date };

/** The booking's ticket types, each once ("Off-Peak Return"). */
export const ticketTypes = (booking: Booking): string[] => [...new Set(booking.tickets.map((t) => t.type))];

/**
 * A mobile ticket is for travelling: a booking that was refunded, or whose order was replaced (a
 * change of journey or a part refund issues the replacement its own ticket), shows none.
 */
export const ticketCancelled = (booking: Booking, order: { replacementOrder: { id: string } | null }): boolean =>
  order.replacementOrder !== null || (booking.refund?.fullyRefunded ?? false);
