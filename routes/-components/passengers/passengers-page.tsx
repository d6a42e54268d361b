import { Link } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import { passengersListFlow } from './passengers-list.flow';
import { formatDate } from '#src/i18n/format';
import type {
  PassengerRailcardSummary,
  PassengersAndRailcardsResponse,
  PassengerWithRailcards,
} from '#src/schemas/passengers';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { problemMessage } from '#src/api/problem';
import * as styles from './passengers.css';
import { m } from '#src/paraglide/messages.js';

const loadFailed = m.passengers_page_sorry_we_could_not_load();

/** /passengers-and-railcards: saved passengers (account holder first) and their railcards. */
export function PassengersPage({ first }: { first?: FirstData<PassengersAndRailcardsResponse> | undefined } = {}) {
  // The list its route loaded (docs/decisions/730), else the chart fetches it.
  const [snapshot, send] = passengersListFlow.useFlow({ input: { first } });
  const { passengers, error } = snapshot.context;
  const others = passengers.filter((p) => !p.isAccountHolder);
  return (
    <Page title={m.common_passengers_and_railcards()} intro={m.passengers_page_save_the_people_you_travel()}>
      <div className={styles.toolbar}>
        <Link to="/passengers-and-railcards/add-passenger">{m.passengers_page_add_a_passenger()}</Link>
      </div>
      {snapshot.matches('loading') && <Loading label={m.passengers_page_loading_your_passengers()} />}
      {snapshot.matches('failed') && (
        <LoadError
          title={m.common_something_went_wrong()}
          message={problemMessage(error, loadFailed)}
          onRetry={() => send({ type: 'list.retry' })}
        />
      )}
      {snapshot.matches('loaded') && (
        <>
          {passengers.length === 0 ? (
            <p className={styles.empty}>{m.passengers_page_you_have_no_saved_passengers()}</p>
          ) : (
            <ul className={styles.list} aria-label={m.passengers_page_saved_passengers()}>
              {passengers.map((p) => (
                <PassengerCard key={p.id} passenger={p} />
              ))}
            </ul>
          )}
          {passengers.length > 0 && others.length === 0 && (
            <p className={styles.empty}>{m.passengers_page_you_havent_saved_any_other()}</p>
          )}
        </>
      )}
    </Page>
  );
}

function PassengerCard({ passenger: p }: { passenger: PassengerWithRailcards }) {
  const { locale } = useServices();
  const fullName = `${p.firstName} ${p.lastName}`;
  const dob =
    p.day && p.month && p.year
      ? formatDate(`${p.year}-${p.month}-${p.day}T12:00:00Z`, locale.tag, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        })
      : null;
  const headingId = `passenger-${p.id}`;
  return (
    <li className={styles.card}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.name}>
          {fullName}
          {p.nickName && <span className={styles.meta}> ({p.nickName})</span>}
        </h2>
        {p.isAccountHolder && <span className={styles.badge}>{m.passengers_page_account_holder()}</span>}
      </div>
      {(dob || p.emailAddress) && (
        <p className={styles.meta}>
          {dob && <>{m.passengers_page_date_of_birth({ dob })}</>}
          {dob && p.emailAddress && ' · '}
          {p.emailAddress}
        </p>
      )}
      {p.railcards && p.railcards.length > 0 && (
        <ul className={styles.railcards} aria-label={m.passengers_page_railcards_of({ fullName })}>
          {p.railcards.map((r) => (
            <RailcardRow key={r.id} passengerId={p.id} railcard={r} />
          ))}
        </ul>
      )}
      {p.railcards && p.railcards.length === 0 && (
        <p className={styles.meta}>{m.passengers_page_no_railcards_saved()}</p>
      )}
      <div className={styles.links}>
        <Link to="/passengers-and-railcards/edit-passenger/$passengerId" params={{ passengerId: p.id }}>
          {m.passengers_page_edit_passenger()}
          <span className="visually-hidden"> {fullName}</span>
        </Link>
        <Link to="/passengers-and-railcards/$passengerId/select-railcard" params={{ passengerId: p.id }}>
          {m.passengers_page_add_a_railcard()}
          <span className="visually-hidden">{m.passengers_page_for({ fullName })}</span>
        </Link>
      </div>
    </li>
  );
}

function RailcardRow({ passengerId, railcard: r }: { passengerId: string; railcard: PassengerRailcardSummary }) {
  const { locale } = useServices();
  const expiry = formatDate(`${r.expiryDate}T12:00:00Z`, locale.tag, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <li className={styles.railcard}>
      <div>
        <span className={styles.railcardName}>{r.name}</span>{' '}
        <span className={r.status === 'expired' ? styles.statusExpired : styles.statusValid}>
          {r.status === 'expired' ? m.common_expired() : m.common_valid()}
        </span>
        <div className={styles.meta}>
          {r.status === 'expired' ? m.passengers_page_expired_on({ expiry }) : m.passengers_page_expires_on({ expiry })}
          {r.isDigital && ` ${m.passengers_page_digital_railcard()}`}
        </div>
      </div>
      <div className={styles.links}>
        {r.isDigital && (
          <Link to="/passengers-and-railcards/digital-railcard/$railcardId" params={{ railcardId: r.id }}>
            {m.passengers_page_show_railcard()}
            <span className="visually-hidden">{m.passengers_page_digital({ name: r.name })}</span>
          </Link>
        )}
        <Link
          to="/passengers-and-railcards/$passengerId/edit-railcard/$railcardId"
          params={{ passengerId, railcardId: r.railcardId }}
        >
          {m.passengers_page_edit_railcard()}
          <span className="visually-hidden"> {r.name}</span>
        </Link>
      </div>
    </li>
  );
}
