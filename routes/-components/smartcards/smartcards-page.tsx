import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { smartcardsMachine, smartcardsMessages } from '#machines/smartcards';
import { smartcardsApi } from '#src/api/smartcards';
import { formatDate } from '#src/i18n/format';
import { smartcardStatusLabels, smartcardStatusNotes } from '#src/schemas/smartcards';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import * as styles from './smartcards.css';

const dayOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** /smartcards: the customer's ITSO smartcards, their state and tickets waiting to be loaded. */
export function SmartcardsPage() {
  const { api, locale } = useServices();
  const smartcards = useMemo(() => smartcardsApi(api), [api]);
  const [snapshot, send] = useMachine(
    smartcardsMachine.provide({ actors: { fetchSmartcards: fromPromise(() => smartcards.list()) } }),
  );
  const day = (iso: string) => formatDate(iso, locale.tag, dayOptions);

  return (
    <Page title="Smartcards">
      <p className={styles.intro}>
        Smartcards linked to your account. Tickets you buy for a smartcard are loaded onto it when you touch it on a
        smartcard validator or ticket gate at the station.
      </p>
      {snapshot.matches('loading') && <Loading label="Loading your smartcards…" />}
      {snapshot.matches('loadFailed') && (
        <LoadError message={smartcardsMessages.fetchError} onRetry={() => send({ type: 'smartcards.retry' })} />
      )}
      {snapshot.matches('loaded') &&
        (snapshot.context.smartcards.length === 0 ? (
          <p>You don't have any smartcards linked to your account.</p>
        ) : (
          <ul className={styles.list} aria-label="Your smartcards">
            {snapshot.context.smartcards.map((card) => (
              <li key={card.id} className={styles.card}>
                <h2 className={styles.heading}>
                  {card.operator} smartcard ending {card.numberLastFour}
                </h2>
                <dl className={styles.facts}>
                  <dt className={styles.term}>Status</dt>
                  <dd className={styles.value}>
                    <span className={styles.status[card.status]}>{smartcardStatusLabels[card.status]}</span>
                  </dd>
                  <dt className={styles.term}>{card.status === 'EXPIRED' ? 'Expired' : 'Expires'}</dt>
                  <dd className={styles.value}>{day(card.expiryDate)}</dd>
                </dl>
                <p className={styles.note}>{smartcardStatusNotes[card.status]}</p>
                {card.productsAwaitingCollection.length > 0 && (
                  <section className={styles.products} aria-labelledby={`awaiting-${card.id}`}>
                    <h3 id={`awaiting-${card.id}`} className={styles.productsHeading}>
                      Tickets waiting to be loaded
                    </h3>
                    <ul className={styles.productList}>
                      {card.productsAwaitingCollection.map((p) => (
                        <li key={p.id}>
                          <strong>{p.productName}</strong>, {p.route}
                          <br />
                          Valid from {day(p.validFrom)}. Load it onto your card by {day(p.collectBy)}.
                        </li>
                      ))}
                    </ul>
                    <p className={styles.note}>
                      {card.status === 'ACTIVE'
                        ? 'Touch your smartcard on a smartcard validator or ticket gate at the station before you travel.'
                        : 'This smartcard cannot receive tickets in its current state. Contact us about these tickets.'}
                    </p>
                  </section>
                )}
              </li>
            ))}
          </ul>
        ))}
    </Page>
  );
}
