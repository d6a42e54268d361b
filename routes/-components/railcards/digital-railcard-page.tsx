import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { digitalRailcardMachine } from '#machines/digital-railcard';
import { railcardsApi } from '#src/api/railcards';
import { formatTime } from '#src/i18n/format';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { isNotFound, problemMessage } from '#src/api/problem';
import { longDate } from './railcard-facts';
import * as styles from './railcards.css';

/** /passengers-and-railcards/digital-railcard/{railcardId}: the card to show a ticket inspector. */
export function DigitalRailcardPage({ railcardId }: { railcardId: string }) {
  const { api, locale } = useServices();
  const [snapshot, send] = useMachine(
    digitalRailcardMachine.provide({
      actors: { fetchDigitalRailcard: fromPromise(({ input }) => railcardsApi(api).digital(input.railcardId)) },
    }),
    { input: { railcardId } },
  );
  const { card, error } = snapshot.context;
  const enlarged = snapshot.matches({ showing: 'enlarged' });
  return (
    <Page title="Digital railcard">
      {snapshot.matches('loading') && <Loading label="Loading your railcard…" />}
      {snapshot.matches('failed') && (
        <LoadError
          message={
            isNotFound(error)
              ? "We couldn't find this digital railcard. It may have been removed, or it isn't a digital railcard."
              : problemMessage(error, 'Sorry, we could not load your railcard right now. Please try again.')
          }
          onRetry={isNotFound(error) ? undefined : () => send({ type: 'card.retry' })}
        />
      )}
      {card && snapshot.matches('showing') && (
        <>
          {card.status === 'expired' && (
            <Alert tone="error" title="This railcard has expired">
              It expired on {longDate(card.expiryDate, locale.tag)} and can't be used for discounted travel.
            </Alert>
          )}
          <article
            className={[styles.digitalCard, enlarged ? styles.digitalCardEnlarged : '', card.status === 'expired' ? styles.digitalExpired : '']
              .filter(Boolean)
              .join(' ')}
            aria-label={`${card.name} for ${card.cardHolders.join(' and ')}`}
          >
            <div className={styles.cardTop}>
              <p className={styles.cardName}>{card.name}</p>
              <span className={styles.cardCode} aria-label={`Railcard code ${card.code}`}>
                {card.code}
              </span>
            </div>
            <p className={styles.cardHolders}>{card.cardHolders.join(' & ')}</p>
            <dl className={styles.cardRows}>
              <dt className={styles.cardLabel}>Railcard number</dt>
              <dd className={styles.cardValue}>{card.cardNumber}</dd>
              <dt className={styles.cardLabel}>Discount</dt>
              <dd className={styles.cardValue}>{card.discount}</dd>
              <dt className={styles.cardLabel}>Valid from</dt>
              <dd className={styles.cardValue}>{longDate(card.validFrom, locale.tag)}</dd>
              <dt className={styles.cardLabel}>Expires</dt>
              <dd className={styles.cardValue}>{longDate(card.expiryDate, locale.tag)}</dd>
              <dt className={styles.cardLabel}>Status</dt>
              <dd className={styles.cardValue}>{card.status === 'expired' ? 'Expired' : 'Valid'}</dd>
            </dl>
            <LiveClock locale={locale.tag} />
          </article>
          <p>
            <Button tone="secondary" onClick={() => send({ type: enlarged ? 'card.shrink' : 'card.enlarge' })} aria-pressed={enlarged}>
              {enlarged ? 'Show smaller card' : 'Show larger card for inspection'}
            </Button>
          </p>
        </>
      )}
      <p>
        <Link to="/passengers-and-railcards">Back to passengers and railcards</Link>
      </p>
    </Page>
  );
}

/** A running clock on the card shows an inspector it is live, not a screenshot (visual only). */
function LiveClock({ locale }: { locale: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={styles.clock} aria-hidden="true">
      {formatTime(now, locale)}:{String(now.getSeconds()).padStart(2, '0')}
    </p>
  );
}
