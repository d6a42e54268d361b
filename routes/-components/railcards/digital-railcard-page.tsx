import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatTime } from '#src/i18n/format';
import type { FirstData } from '#machines/lib/first-data';
import type { DigitalRailcard } from '#src/schemas/railcards';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { isNotFound, problemMessage } from '#src/api/problem';
import { longDate } from './railcard-facts';
import * as styles from './railcards.css';
import { m } from '#src/paraglide/messages.js';
import { digitalRailcardFlow } from './digital-railcard.flow';

/**
 * /passengers-and-railcards/digital-railcard/{railcardId}: the card to show a ticket inspector.
 * `first`: the card its route loaded (docs/decisions/730); without it the chart loads it.
 */
export function DigitalRailcardPage({
  railcardId,
  first,
}: {
  railcardId: string;
  first?: FirstData<DigitalRailcard> | undefined;
}) {
  const { locale } = useServices();
  const [snapshot, send] = digitalRailcardFlow.useFlow({ input: { railcardId, first } });
  const { card, error } = snapshot.context;
  const enlarged = snapshot.matches({ showing: 'enlarged' });
  return (
    <Page title={m.railcards_digital_railcard_page_digital_railcard()}>
      {snapshot.matches('loading') && <Loading label={m.railcards_digital_railcard_page_loading_your_railcard()} />}
      {snapshot.matches('failed') && (
        <LoadError
          message={
            isNotFound(error)
              ? m.railcards_digital_railcard_page_we_couldnt_find_this_digital()
              : problemMessage(error, m.railcards_digital_railcard_page_sorry_we_could_not_load())
          }
          onRetry={isNotFound(error) ? undefined : () => send({ type: 'card.retry' })}
        />
      )}
      {card && snapshot.matches('showing') && (
        <>
          {card.status === 'expired' && (
            <Alert tone="error" title={m.railcards_digital_railcard_page_this_railcard_has_expired()}>
              {m.railcards_digital_railcard_page_it_expired_on_and_cant({
                date: longDate(card.expiryDate, locale.tag),
              })}
            </Alert>
          )}
          <article
            className={[
              styles.digitalCard,
              enlarged ? styles.digitalCardEnlarged : '',
              card.status === 'expired' ? styles.digitalExpired : '',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-label={m.railcards_digital_railcard_page_card_for({
              name: card.name,
              holders: new Intl.ListFormat(locale.tag, { type: 'conjunction' }).format(card.cardHolders),
            })}
          >
            <div className={styles.cardTop}>
              <p className={styles.cardName}>{card.name}</p>
              <span
                className={styles.cardCode}
                aria-label={m.railcards_digital_railcard_page_railcard_code({ code: card.code })}
              >
                {card.code}
              </span>
            </div>
            <p className={styles.cardHolders}>{card.cardHolders.join(' & ')}</p>
            <dl className={styles.cardRows}>
              <dt className={styles.cardLabel}>{m.railcards_digital_railcard_page_railcard_number()}</dt>
              <dd className={styles.cardValue}>{card.cardNumber}</dd>
              <dt className={styles.cardLabel}>{m.railcards_digital_railcard_page_discount()}</dt>
              <dd className={styles.cardValue}>{card.discount}</dd>
              {card.validFrom && (
                <>
                  <dt className={styles.cardLabel}>{m.railcards_digital_railcard_page_valid_from()}</dt>
                  <dd className={styles.cardValue}>{longDate(card.validFrom, locale.tag)}</dd>
                </>
              )}
              <dt className={styles.cardLabel}>{m.common_expires()}</dt>
              <dd className={styles.cardValue}>{longDate(card.expiryDate, locale.tag)}</dd>
              <dt className={styles.cardLabel}>{m.common_status()}</dt>
              <dd className={styles.cardValue}>{card.status === 'expired' ? m.common_expired() : m.common_valid()}</dd>
            </dl>
            <LiveClock locale={locale.tag} />
          </article>
          <p>
            <Button
              tone="secondary"
              onClick={() => send({ type: enlarged ? 'card.shrink' : 'card.enlarge' })}
              aria-pressed={enlarged}
            >
              {enlarged
                ? m.railcards_digital_railcard_page_show_smaller_card()
                : m.railcards_digital_railcard_page_show_larger_card_for_inspection()}
            </Button>
          </p>
        </>
      )}
      <p>
        <Link to="/passengers-and-railcards" activeOptions={{ exact: true }}>
          {m.common_back_to_passengers_and_railcards()}
        </Link>
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
