/**
 * Which change-of-journey check a booking's detail asks for: the order's id, and the booking shown
 * (the one asked for, else the order's first) with whether it is a season. The booking detail
 * machine invokes its check with this, and the booking's route loader starts the same check with
 * it (routes/-components/booking-detail/load-booking.ts), so the detail takes that answer.
 */
export interface ChangeabilityInput {
  orderId: string;
  bookingId: string;
  season: boolean;
}

export interface ChangeabilityOrder {
  order: { id: string };
  bookings: readonly { id: string; isSeasonBooking: boolean }[];
}

export const changeabilityInput = (bookingId: string, detail: ChangeabilityOrder | null): ChangeabilityInput => {
  const booking = detail?.bookings.find((b) => b.id === bookingId) ?? detail?.bookings[0];
  return {
    orderId: detail?.order.id ?? '',
    bookingId: booking?.id ?? bookingId,
    season: booking?.isSeasonBooking ?? false,
  };
};
