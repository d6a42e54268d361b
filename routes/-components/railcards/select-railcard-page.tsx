import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { railcardSelectMachine } from '#machines/railcard-select';
import { railcardsApi } from '#src/api/railcards';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { Stack } from '#src/ui/stack';
import { isNotFound, problemMessage } from '#src/api/problem';
import { railcardPrice, Terms } from './railcard-facts';
import * as styles from './railcards.css';

/** /passengers-and-railcards/{passengerId}/select-railcard: the railcards this passenger can add. */
export function SelectRailcardPage({ passengerId }: { passengerId: string }) {
  const { api, locale } = useServices();
  const [snapshot, send] = useMachine(
    railcardSelectMachine.provide({
      actors: { fetchRailcards: fromPromise(({ input }) => railcardsApi(api).availableFor(input.passengerId)) },
    }),
    { input: { passengerId } },
  );
  const { list, error } = snapshot.context;
  const who = list ? `${list.passenger.firstName} ${list.passenger.lastName}` : null;
  return (
    <Page title="Select a railcard" intro={who ? `Choose a railcard to save for ${who}.` : undefined}>
      {snapshot.matches('loading') && <Loading label="Loading railcards…" />}
      {snapshot.matches('failed') && (
        <LoadError
          message={
            isNotFound(error)
              ? "We couldn't find this passenger."
              : problemMessage(error, 'Sorry, we could not load the railcards right now. Please try again.')
          }
          onRetry={isNotFound(error) ? undefined : () => send({ type: 'list.retry' })}
        />
      )}
      {list && snapshot.matches('loaded') && (
        list.railcards.length === 0 ? (
          <p className={styles.muted}>There are no more railcards {who} can add.</p>
        ) : (
          <ul className={styles.grid} aria-label="Railcards you can add">
            {list.railcards.map((r) => (
              <li key={r.id} className={styles.option}>
                <div className={styles.optionHeader}>
                  <h2 className={styles.optionName}>{r.name}</h2>
                  <span className={styles.price}>{railcardPrice(r.price, locale.tag)}</span>
                </div>
                <p className={styles.muted}>
                  {r.railcardDetails.discount} · {r.railcardDetails.eligibility}
                </p>
                <p className={styles.muted}>Valid for {r.railcardDetails.validityMonths} months</p>
                <Terms text={r.termsAndConditions} />
                <Link
                  to="/passengers-and-railcards/$passengerId/add-railcard/$railcardId"
                  params={{ passengerId, railcardId: r.id }}
                >
                  Add this railcard<span className="visually-hidden">: {r.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
      )}
      {list && snapshot.matches('loaded') && list.unavailable && list.unavailable.length > 0 && (
        <Stack as="section" gap="sm" labelledBy="unavailable-heading">
          <h2 id="unavailable-heading" className={styles.optionName}>
            Railcards not shown
          </h2>
          <p className={styles.muted}>Only the railcards {who} can hold are offered. These are not:</p>
          <ul aria-labelledby="unavailable-heading">
            {list.unavailable.map((r) => (
              <li key={r.id}>
                {r.name}: {r.reason === 'held' ? `${who} already has one saved.` : `${r.eligibility}.`}
              </li>
            ))}
          </ul>
        </Stack>
      )}
      <p>
        <Link to="/passengers-and-railcards">Back to passengers and railcards</Link>
      </p>
    </Page>
  );
}
