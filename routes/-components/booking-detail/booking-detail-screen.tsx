import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useEffect } from 'react';
import { schemaMismatchMessage } from '#src/api/errors';
import { useConnection } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { m } from '#src/paraglide/messages.js';
import { BookingLoaded } from './booking-loaded';
import type { BookingScreenMode } from './booking-screen-mode';
import { bookingPath } from '../booking-links';
import type { LoadedBooking } from './load-booking';
import { bookingDetailFlow } from './booking-detail.flow';
import { editPassengersFlow } from './edit-passengers.flow';

/**
 * The booking detail flow (machines/booking-detail.ts): one view per group of its states. `loaded`
 * and `reloading` show the booking (./booking-loaded.tsx), `error` and `schemaError` the failure
 * with a retry, `fetching` and `movedToHistory` a loading line. The booking's flow and the
 * passenger-name flow are provided to the screen's parts (leg cards, the loaded booking), which read
 * them with their flow's `useSelector`.
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
  // What the route's loader fetched (docs/decisions/730): the chart starts from the booking, and
  // its change-of-journey check and the leg cards' calling points take the loader's answers once;
  // retries and reloads ask again.
  return (
    <bookingDetailFlow.Provider input={{ bookingId, first: loaded?.first, loaded: loaded ?? null }}>
      <editPassengersFlow.Provider input={{ bookingId }}>
        <BookingDetailView bookingId={bookingId} mode={mode} />
      </editPassengersFlow.Provider>
    </bookingDetailFlow.Provider>
  );
}

function BookingDetailView({ bookingId, mode }: { bookingId: string; mode: BookingScreenMode }) {
  const navigate = useNavigate();
  const liveSnapshot = bookingDetailFlow.useSelector((s) => s);
  const detailRef = bookingDetailFlow.useActorRef();
  // The booking that arrives renders at low priority, in slices the browser can interrupt: an
  // actor's change re-renders at once, and the whole detail in one go was a long task on a slow
  // phone (total blocking time). Until that render is done the screen shows the state
  // before it; the machine itself, which decides what any event does, is never behind.
  const snapshot = useDeferredValue(liveSnapshot);

  // 308: the order was replaced; the customer goes to the booking's history.
  const moved = liveSnapshot.matches('movedToHistory');
  const historyOf = liveSnapshot.context.movedTo ?? liveSnapshot.context.bookingId;
  useEffect(() => {
    if (!moved) return;
    void navigate({
      to: bookingPath(mode === 'orderToken', 'history'),
      params: { bookingId: historyOf },
      replace: true,
    });
  }, [moved, historyOf, mode, navigate]);

  // A passenger's new name is saved: the booking is fetched again to show it.
  const saved = editPassengersFlow.useSelector((s) => s.context.saved);
  useEffect(() => {
    if (saved) detailRef.send({ type: 'booking.reload' });
  }, [saved, detailRef]);

  const detail = snapshot.context.detail;
  if ((snapshot.matches('loaded') || snapshot.matches('reloading')) && detail) {
    const current = detail.bookings.find((b) => b.id === bookingId) ?? detail.bookings[0];
    if (current)
      return <BookingLoaded booking={current} detail={detail} mode={mode} reloading={snapshot.matches('reloading')} />;
  }
  if (snapshot.matches('error') || snapshot.matches('schemaError')) {
    return (
      <BookingLoadFailed
        schemaError={snapshot.matches('schemaError')}
        onRetry={() => detailRef.send({ type: 'booking.retry' })}
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
