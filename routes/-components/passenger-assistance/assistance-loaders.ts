import { bookingApi } from '#src/api/booking';
import { absentOn404 } from '#src/api/errors';
import { passengerAssistanceApi } from '#src/api/passenger-assistance';
import type { BookingDetailResponse } from '#src/schemas/booking';
import type { AssistanceBooking, AssistanceItem, AssistanceOverview } from '#src/schemas/passenger-assistance';
import type { ApiClient, RequestOptions } from '#src/api/client';

/** A route loader's options for the first calls (docs/decisions/730); the charts' own calls pass none. */
type FirstCall = Pick<RequestOptions, 'signal' | 'allow401'>;

/** A booking that moved (replaced by a change of journey) has no assistance screens of its own. */
const moved = () => Object.assign(new Error('Booking moved'), { status: 404 });

const toAssistanceBooking = (detail: BookingDetailResponse, bookingId: string): AssistanceBooking => {
  const booking = detail.bookings.find((b) => b.id === bookingId);
  if (!booking) throw Object.assign(new Error('Booking not in order'), { status: 404 });
  const legs: AssistanceBooking['legs'] = [];
  let stationsUnknown = false;
  for (const [direction, leg] of [
    ['outward', booking.outward],
    ['inward', booking.inward],
  ] as const) {
    // Assistance is booked for a journey between stations; a leg sent without them is left out.
    if (leg?.origin && leg.destination) {
      legs.push({
        direction,
        origin: leg.origin.name,
        destination: leg.destination.name,
        departureTime: leg.departureTime ?? leg.date,
      });
    } else if (leg) stationsUnknown = true;
  }
  return {
    bookingId: booking.id,
    orderId: detail.order.id,
    passengers: booking.passengers.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}` })),
    legs,
    bookable: !booking.isSeasonBooking && detail.order.replacementOrder === null,
    stationsUnknown,
  };
};

/** The real actors of the assistance machines: the booking (GET /booking/{id}) and its assistance. */
export function assistanceLoaders(api: ApiClient) {
  {
    const bookings = bookingApi(api);
    const assistance = passengerAssistanceApi(api);
    const loadBooking = async (bookingId: string, call?: FirstCall): Promise<AssistanceBooking> => {
      const res = await bookings.getBooking(bookingId, call);
      if (res.status === 308) throw moved();
      return toAssistanceBooking(res.data, bookingId);
    };
    return {
      assistance,
      loadOverview: async (bookingId: string, call?: FirstCall): Promise<AssistanceOverview> => {
        const booking = await loadBooking(bookingId, call);
        return { booking, assistances: await assistance.list(booking.orderId, booking.bookingId, call) };
      },
      /** The booking with only the legs still to leave (the form offers those). */
      loadForRequest: async (bookingId: string, call?: FirstCall): Promise<AssistanceOverview> => {
        const booking = await loadBooking(bookingId, call);
        const now = Date.now();
        const legs = booking.legs.filter((l) => new Date(l.departureTime).getTime() > now);
        return {
          booking: { ...booking, legs },
          assistances: await assistance.list(booking.orderId, booking.bookingId, call),
        };
      },
      /**
       * One assistance, or null when the host does not offer reading one (a call beyond
       * docs/product/api.md): its 404 then stands beside the spec's own list of the booking's assistance naming it. A
       * 404 for an assistance the list does not name either is the page's not found.
       */
      loadItem: async (bookingId: string, assistanceId: string, call?: FirstCall): Promise<AssistanceItem | null> => {
        const booking = await loadBooking(bookingId, call);
        const one = await absentOn404(assistance.get(booking.orderId, booking.bookingId, assistanceId, call));
        if (one) return { booking, assistance: one };
        const listed = await assistance.list(booking.orderId, booking.bookingId, call);
        if (listed.some((a) => a.id === assistanceId)) return null;
        throw Object.assign(new Error('No such assistance'), { status: 404 });
      },
    };
  }
}
