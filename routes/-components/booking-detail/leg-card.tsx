import { useId } from 'react';
import { callingPointsInput, type CallingPointsInput } from '#machines/lib/calling-points';
import type { Leg, Station } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Button } from '#src/ui/button';
import * as styles from './booking-detail.css';
import { changesLabel, ukDate, ukTime } from '../booking-format';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';
import { bookingDetailFlow } from './booking-detail.flow';
import { callingPointsFlow } from './calling-points.flow';

/** One journey leg: date, times, stations, operator, changes and (for timetabled trains) calling points. */
export function LegCard({ leg, heading }: { leg: Leg; heading: string }) {
  const { locale } = useServices();
  const headingId = useId();
  const calling = callingPointsInput(leg);
  return (
    <article className={styles.leg} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.legHeading}>
        {heading}
      </h3>
      <p className={styles.meta}>{ukDate(leg.date, locale.tag)}</p>
      <div className={styles.times}>
        <span className={styles.time}>{leg.departureTime ? ukTime(leg.departureTime, locale.tag) : ''}</span>
        <span className={styles.station}>
          {leg.origin && (
            <>
              <span className="visually-hidden">
                {leg.departureTime
                  ? `${m.booking_detail_leg_card_departs_from()} `
                  : `${m.booking_detail_leg_card_from()} `}
              </span>
              {leg.origin.name}
            </>
          )}
        </span>
        <span className={styles.time}>{leg.arrivalTime ? ukTime(leg.arrivalTime, locale.tag) : ''}</span>
        <span className={styles.station}>
          {leg.destination && (
            <>
              <span className="visually-hidden">
                {leg.arrivalTime ? `${m.booking_detail_leg_card_arrives_at()} ` : `${m.booking_detail_leg_card_to()} `}
              </span>
              {leg.destination.name}
            </>
          )}
        </span>
      </div>
      {leg.disruption && <p className={styles.disruption}>{disruptionText(leg.disruption)}</p>}
      {leg.operator && (
        <p className={styles.meta}>
          {leg.operator}
          {leg.changes !== undefined && ` · ${changesLabel(leg.changes)}`}
        </p>
      )}
      {calling && leg.origin && leg.destination && (
        <CallingPoints input={calling} origin={leg.origin} destination={leg.destination} />
      )}
    </article>
  );
}

/** What the running data records on the leg's train, in the page's language. */
function disruptionText(disruption: NonNullable<Leg['disruption']>): string {
  if (disruption.kind === 'cancelled') return m.booking_detail_leg_card_disruption_cancelled();
  if (disruption.kind === 'delayed')
    return m.booking_detail_leg_card_disruption_delayed({ minutes: String(disruption.delayMinutes) });
  return m.booking_detail_leg_card_disruption_announced();
}

/** The calling points between the leg's stations (asked of the timetable by their codes). */
function CallingPoints({
  input,
  origin,
  destination,
}: {
  input: CallingPointsInput;
  origin: Station;
  destination: Station;
}) {
  const { locale } = useServices();
  // The booking's route started this call with the booking (docs/decisions/730): its answer, once.
  const loaded = bookingDetailFlow.useSelector((s) => s.context.loaded);
  const [snapshot, send] = callingPointsFlow.useFlow({ input: { ...input, loaded } });
  const panelId = useId();
  const open = !snapshot.matches('collapsed');
  const points = snapshot.context.points ?? [];
  return (
    <div>
      <Button
        tone="link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: 'callingPoints.toggle' })}
      >
        {open ? m.booking_detail_leg_card_hide_calling_points() : m.booking_detail_leg_card_show_calling_points()}
      </Button>
      <div id={panelId} hidden={!open}>
        {/* One region from loading to unavailable: the answer is announced as its change, and the
            line, first painted with the short loading words, is not the page's largest paint. */}
        {(snapshot.matches('loading') || snapshot.matches('unavailable')) && (
          <LiveRegion as="p" className={styles.callingStatus}>
            {snapshot.matches('loading')
              ? m.booking_detail_leg_card_loading_calling_points()
              : m.booking_detail_leg_card_calling_points_are_unavailable_for()}
          </LiveRegion>
        )}
        {snapshot.matches('failed') && (
          <div role="alert">
            <p className={styles.meta}>{m.booking_detail_leg_card_we_couldnt_load_the_calling()}</p>
            <Button tone="secondary" onClick={() => send({ type: 'callingPoints.retry' })}>
              {m.common_try_again()}
            </Button>
          </div>
        )}
        {snapshot.matches('shown') &&
          (points.length === 0 ? (
            <p className={styles.meta}>{m.booking_detail_leg_card_this_train_runs_direct_with()}</p>
          ) : (
            <ol
              className={styles.callingList}
              aria-label={m.booking_detail_leg_card_calling_points_between_and({
                name: origin.name,
                name2: destination.name,
              })}
            >
              {points.map((p) => (
                <li key={p.station.code}>
                  <span className={styles.callingTime}>{p.arrival ? ukTime(p.arrival, locale.tag) : ''}</span>
                  <span>{p.station.name}</span>
                </li>
              ))}
            </ol>
          ))}
      </div>
    </div>
  );
}
