import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { bookingDetailMachine } from '#machines/booking-detail';
import { editPassengersMachine } from '#machines/edit-passengers';
import { bookingApi } from '#src/api/booking';
import { schemaMismatchMessage } from '#src/api/errors';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { m } from '#src/paraglide/messages.js';
import { BookingLoaded } from './booking-loaded';
import type { BookingScreenMode } from './booking-screen-mode';
import { bookingPath } from '../booking-links';
import { changeabilityKey, LoadedBookingContext, takeLoaded, type LoadedBooking } from './load-booking';

/**
 * The booking detail flow (machines/booking-detail.ts): one view per group of its states. `loaded`
 * and `reloading` show the booking (./booking-loaded.tsx), `error` and `schemaError` the failure
 * with a retry, `fetching` and `movedToHistory` a loading line.
 */
export function BookingDetailScreen({
  bookingId,
  mode,
  loaded,
}: {
  bookingId: string;
  mode: BookingScreenMode;
  loaded?: LoadedBooking | undefined;
}) {
  const { api } = useServices();
  const navigate = useNavigate();
  const booking = useMemo(() => bookingApi(api), [api]);
  // What the route's loader fetched (docs/decisions/730): the chart starts from the booking, and
  // its change-of-journey check takes the loader's answer once; retries and reloads ask again.
  const [liveSnapshot, send, detailRef] = useMachine(
    bookingDetailMachine.provide({
      actors: {
        fetchBooking: fromPromise(({ input }) => booking.getBooking(input.bookingId)),
        fetchChangeability: fromPromise(({ input }) =>
          takeLoaded(loaded, changeabilityKey(input), () =>
            booking.getChangeability(input.orderId, input.bookingId, input.season),
          ),
        ),
      },
      actions: {
        goToHistory: ({ context }) => {
          const params = { bookingId: context.movedTo ?? context.bookingId };
          void navigate({ to: bookingPath(mode === 'orderToken', 'history'), params, replace: true });
        },
      },
    }),
    { input: { bookingId, first: loaded?.first } },
  );
  // The booking that arrives renders at low priority, in slices the browser can interrupt: an
  // actor's change re-renders at once, and the whole detail in one go was a long task on a slow
  // phone (total blocking time). Until that render is done the screen shows the state
  // before it; the machine itself, which decides what any event does, is never behind.
  const snapshot = useDeferredValue(liveSnapshot);
  const [edit, sendEdit] = useMachine(
    editPassengersMachine.provide({
      actors: { editPassengers: fromPromise(({ input }) => booking.editPassengers(input)) },
      actions: { reloadBooking: () => detailRef.send({ type: 'booking.reload' }) },
    }),
    { input: { bookingId } },
  );

  const reloadBooking = useCallback(() => detailRef.send({ type: 'booking.reload' }), [detailRef]);

  const detail = snapshot.context.detail;
  if ((snapshot.matches('loaded') || snapshot.matches('reloading')) && detail) {
    const current = detail.bookings.find((b) => b.id === bookingId) ?? detail.bookings[0];
    if (current) {
      return (
        <LoadedBookingContext.Provider value={loaded ?? null}>
          <BookingLoaded
            booking={current}
            detail={detail}
            mode={mode}
            snapshot={snapshot}
            edit={edit}
            sendEdit={sendEdit}
            onReload={reloadBooking}
          />
        </LoadedBookingContext.Provider>
      );
    }
  }
  if (snapshot.matches('error') || snapshot.matches('schemaError')) {
    return (
      <BookingLoadFailed
        schemaError={snapshot.matches('schemaError')}
        onRetry={() => send({ type: 'booking.retry' })}
      />
    );
  }
  if (snapshot.matches('movedToHistory'))
    return <BookingLoading label={m.booking_detail_screen_this_booking_has_changed_opening()} />;
  return <BookingLoading label={m.booking_detail_screen_loading_your_booking()} />;
}

/** `error` and `schemaError`: why the booking is not shown, and Try again. */
function BookingLoadFailed({ schemaError, onRetry }: { schemaError: boolean; onRetry: () => void }) {
  // Offline, a booking fails to load because this device kept no copy of it, not because of its link.
  const { offline } = useConnection();
  return (
    <Page title={m.booking_detail_screen_booking_details()}>
      <Alert tone="error" title={m.booking_detail_screen_we_couldnt_load_this_booking()}>
        <p>
          {schemaError
            ? schemaMismatchMessage
            : offline
              ? m.booking_detail_screen_not_saved_offline()
              : m.booking_detail_screen_please_try_again_if_you()}
        </p>
      </Alert>
      <Button onClick={onRetry}>{m.common_try_again()}</Button>
    </Page>
  );
}

/** `fetching` and `movedToHistory` (on its way to the booking's history). */
function BookingLoading({ label }: { label: string }) {
  return (
    <Page title={m.booking_detail_screen_booking_details()}>
      <Loading label={label} />
    </Page>
  );
}
