import { m } from '#src/paraglide/messages.js';
import type { PartialRefundBooking } from '#src/schemas/refunds';

/**
 * A number for each passenger of a direction the refund booking names by neither a name nor a
 * passenger id (the spec's fare passengers say only isRefundable and refundableId): "Passenger 1",
 * "Passenger 2", in the booking's own order, so the choices and the confirm step tell them apart
 * (two boxes both labelled "Passenger" cannot be told apart, nor read apart by a screen reader).
 * Keyed by refundableId; a direction with one passenger has no number: "Passenger".
 */
export function passengerNumbers(booking: PartialRefundBooking | null): ReadonlyMap<string, number> {
  const numbers = new Map<string, number>();
  for (const direction of ['outward', 'inward'] as const) {
    const passengers = (booking?.[direction]?.fares ?? []).flatMap((fare) => fare.farePassengers);
    if (passengers.length < 2) continue;
    passengers.forEach((p, i) => {
      if (p.refundableId && !numbers.has(p.refundableId)) numbers.set(p.refundableId, i + 1);
    });
  }
  return numbers;
}

/** "Passenger 2", or "Passenger" when the passenger has no number. */
export const unnamedPassenger = (
  numbers: ReadonlyMap<string, number>,
  refundableId: string | null | undefined,
): string => {
  const number = refundableId ? numbers.get(refundableId) : undefined;
  return number === undefined ? m.common_passenger() : m.common_passenger_number({ number: String(number) });
};
