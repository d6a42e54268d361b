import type * as v from 'valibot';
import type { FirstBooking } from '#machines/booking-detail';
import type { LoadedAnswers } from '#machines/lib/loaded-answers';
import { callingPointsInput, type CallingPointsInput } from '#machines/lib/calling-points';
import { changeabilityInput, type ChangeabilityInput } from '#machines/lib/changeability';
import { bookingPath, callingPointsPath, changeabilityPath } from '#src/api/paths';
import {
  BookingDetailResponse,
  BookingMovedResponse,
  CallingPointsResponse,
  ChangeabilityResponse,
} from '#src/schemas/booking';
import type { FirstDataLoad } from '../bookings-list/load-first-page';

/**
 * A booking's first data, its route's `loader` (docs/decisions/730): the booking, and on a
 * navigation the calls its detail makes next with the same inputs, started as soon as the booking
 * is known and not waited for: its change-of-journey check (machines/lib/changeability.ts) and each
 * leg's calling points (machines/lib/calling-points.ts). A preload (a booking card hovered or
 * touched) asks only for the booking; the detail asks for the rest itself.
 */
export interface LoadedBooking extends LoadedAnswers {
  first: FirstBooking;
  /** The next calls' answers by their key, each taken once by the call it stands for (`takeLoaded`). */
  next: Map<string, Promise<unknown>>;
}

export const changeabilityKey = (input: ChangeabilityInput): string =>
  `changeability ${input.orderId} ${input.bookingId} ${String(input.season)}`;
export const callingPointsKey = (input: CallingPointsInput): string =>
  `calling-points ${input.timetableId} ${input.date} ${input.origin} ${input.destination}`;

/**
 * The loaded answer for `key`, once; after that (a retry, a reload, a second look) the call asks
 * the network: what the detail shows after an action on it is never the loader's older answer.
 */
export const takeLoaded = <T>(
  loaded: LoadedAnswers | null | undefined,
  key: string,
  ask: () => Promise<T>,
): Promise<T> => {
  const answer = loaded?.next.get(key);
  if (!loaded || !answer) return ask();
  loaded.next.delete(key);
  return answer as Promise<T>;
};

/** The legs whose cards ask for calling points: none for a season, which shows its validity instead. */
const callingPointsOf = (
  detail: v.InferOutput<typeof BookingDetailResponse>,
  bookingId: string,
): CallingPointsInput[] => {
  const booking = detail.bookings.find((b) => b.id === bookingId) ?? detail.bookings[0];
  if (!booking || booking.season) return [];
  return [booking.outward, booking.inward].flatMap((leg) => {
    const input = leg ? callingPointsInput(leg) : null;
    return input ? [input] : [];
  });
};

export const loadBooking = async (
  { context, abortController, preload }: FirstDataLoad,
  bookingId: string,
): Promise<LoadedBooking> => {
  const { api } = context;
  const next = new Map<string, Promise<unknown>>();
  /** Started now, taken later: a failure is the taker's, never an unhandled rejection. */
  const start = (key: string, answer: Promise<unknown>) => {
    answer.catch(() => undefined);
    next.set(key, answer);
  };
  let first: FirstBooking;
  try {
    const answer = await api.requestByStatus(
      { 200: BookingDetailResponse, 308: BookingMovedResponse },
      bookingPath(bookingId),
      {
        withOrderToken: true,
        signal: abortController.signal,
        allow401: preload,
      },
    );
    first = { result: answer.status === 200 ? { status: 200, data: answer.data } : { status: 308, data: answer.data } };
    if (answer.status === 200 && !preload) {
      const check = changeabilityInput(bookingId, answer.data);
      start(
        changeabilityKey(check),
        api.request(ChangeabilityResponse, changeabilityPath(check.orderId, check.bookingId, check.season), {
          withOrderToken: true,
        }),
      );
      for (const input of callingPointsOf(answer.data, check.bookingId)) {
        const { timetableId, ...query } = input;
        start(callingPointsKey(input), api.request(CallingPointsResponse, callingPointsPath(timetableId), { query }));
      }
    }
  } catch (error) {
    if (preload) throw error;
    first = { error };
  }
  return { first, next };
};
