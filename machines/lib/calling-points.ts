/** The call for one leg's calling points: its timetable id, day and stations. */
export interface CallingPointsInput {
  timetableId: string;
  date: string;
  origin: string;
  destination: string;
}

/** What the calling-points call needs from a leg (src/schemas/booking.ts `Leg`). */
export interface CallingPointsLeg {
  date: string;
  departureTime: string | null;
  timetableId: string | null;
  origin: { code: string } | null;
  destination: { code: string } | null;
}

/**
 * The calling-points call a leg's card makes (routes/-components/booking-detail/leg-card.tsx), or
 * null when the leg has no timetable id or stations and its card shows none. The booking's route
 * loader starts the same call with it (routes/-components/booking-detail/load-booking.ts), so the
 * card takes that answer.
 * The timetable is asked for by its day, YYYY-MM-DD: the day its id carries, the train's departure
 * (the leg's date when it has no time).
 */
export const callingPointsInput = (leg: CallingPointsLeg): CallingPointsInput | null =>
  leg.timetableId && leg.origin && leg.destination
    ? {
        timetableId: leg.timetableId,
        date: (leg.departureTime ?? leg.date).slice(0, 10),
        origin: leg.origin.code,
        destination: leg.destination.code,
      }
    : null;
