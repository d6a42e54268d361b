import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passengersListMachine } from '#machines/passengers-list';
import { passengersApi } from '#src/api/passengers';
import { formatDate } from '#src/i18n/format';
import type { PassengerRailcardSummary, PassengerWithRailcards } from '#src/schemas/passengers';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { problemMessage } from '#src/api/problem';
import * as styles from './passengers.css';

const loadFailed = 'Sorry, we could not load your passengers and railcards right now. Please try again.';

/** /passengers-and-railcards: saved passengers (account holder first) and their railcards. */
export function PassengersPage() {
  const { api } = useServices();
  const [snapshot, send] = useMachine(
    passengersListMachine.provide({ actors: { fetchPassengers: fromPromise(() => passengersApi(api).list()) } }),
  );
  const { passengers, error } = snapshot.context;
  const others = passengers.filter((p) => !p.isAccountHolder);
  return (
    <Page title="Passengers and railcards" intro="Save the people you travel with and their railcards to book faster.">
      <div className={styles.toolbar}>
        <Link to="/passengers-and-railcards/add-passenger">Add a passenger</Link>
      </div>
      {snapshot.matches('loading') && <Loading label="Loading your passengers…" />}
      {snapshot.matches('failed') && (
        <LoadError
          title="Something went wrong"
          message={problemMessage(error, loadFailed)}
          onRetry={() => send({ type: 'list.retry' })}
        />
      )}
      {snapshot.matches('loaded') && (
        <>
          {passengers.length === 0 ? (
            <p className={styles.empty}>You have no saved passengers yet.</p>
          ) : (
            <ul className={styles.list} aria-label="Saved passengers">
              {passengers.map((p) => (
                <PassengerCard key={p.id} passenger={p} />
              ))}
            </ul>
          )}
          {passengers.length > 0 && others.length === 0 && (
            <p className={styles.empty}>You haven't saved any other passengers yet. Add the people you often travel with.</p>
          )}
        </>
      )}
    </Page>
  );
}

function PassengerCard({ passenger: p }: { passenger: PassengerWithRailcards }) {
  const { locale } = useServices();
  const fullName = `${p.firstName} ${p.lastName}`;
  const dob = p.day && p.month && p.year ? formatDate(`${p.year}-${p.month}-${p.day}T12:00:00Z`, locale.tag, { day: 'numeric', month: 'long', year: 'numeric' }) : null;
  const headingId = `passenger-${p.id}`;
  return (
    <li className={styles.card}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.name}>
          {fullName}
          {p.nickName && <span className={styles.meta}> ({p.nickName})</span>}
        </h2>
        {p.isAccountHolder && <span className={styles.badge}>Account holder</span>}
      </div>
      {(dob || p.emailAddress) && (
        <p className={styles.meta}>
          {dob && <>Date of birth: {dob}</>}
          {dob && p.emailAddress && ' · '}
          {p.emailAddress}
        </p>
      )}
      {p.railcards.length > 0 ? (
        <ul className={styles.railcards} aria-label={`Railcards of ${fullName}`}>
          {p.railcards.map((r) => (
            <RailcardRow key={r.id} passengerId={p.id} railcard={r} />
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>No railcards saved.</p>
      )}
      <div className={styles.links}>
        <Link to="/passengers-and-railcards/edit-passenger/$passengerId" params={{ passengerId: p.id }}>
          Edit passenger<span className="visually-hidden"> {fullName}</span>
        </Link>
        <Link to="/passengers-and-railcards/$passengerId/select-railcard" params={{ passengerId: p.id }}>
          Add a railcard<span className="visually-hidden"> for {fullName}</span>
        </Link>
      </div>
    </li>
  );
}

function RailcardRow({ passengerId, railcard: r }: { passengerId: string; railcard: PassengerRailcardSummary }) {
  const { locale } = useServices();
  const expiry = formatDate(`${r.expiryDate}T12:00:00Z`, locale.tag, { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <li className={styles.railcard}>
      <div>
        <span className={styles.railcardName}>{r.name}</span>{' '}
        <span className={r.status === 'expired' ? styles.statusExpired : styles.statusValid}>{r.status === 'expired' ? 'Expired' : 'Valid'}</span>
        <div className={styles.meta}>
          {r.status === 'expired' ? `Expired on ${expiry}` : `Expires on ${expiry}`}
          {r.isDigital && ' · Digital railcard'}
        </div>
      </div>
      <div className={styles.links}>
        {r.isDigital && (
          <Link to="/passengers-and-railcards/digital-railcard/$railcardId" params={{ railcardId: r.id }}>
            Show railcard<span className="visually-hidden"> {r.name} (digital)</span>
          </Link>
        )}
        <Link
          to="/passengers-and-railcards/$passengerId/edit-railcard/$railcardId"
          params={{ passengerId, railcardId: r.railcardId }}
        >
          Edit railcard<span className="visually-hidden"> {r.name}</span>
        </Link>
      </div>
    </li>
  );
}
