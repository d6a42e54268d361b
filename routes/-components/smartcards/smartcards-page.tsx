import { smartcardsMessages } from '#src/copy/smartcards';
import { formatDate } from '#src/i18n/format';
import type { FirstData } from '#machines/lib/first-data';
import {
  smartcardStatusLabels,
  smartcardStatusNotes,
  type Smartcard,
  type SmartcardProduct,
} from '#src/schemas/smartcards';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import * as styles from './smartcards.css';
import { ContactDetails } from '../contact-details';
import { m } from '#src/paraglide/messages.js';
import { smartcardsFlow } from './smartcards.flow';

/** "Leeds to York" in the page's language from the stations; the retailer's own wording when it sends none. */
const productRoute = (p: SmartcardProduct): string =>
  p.origin && p.destination ? m.smartcards_page_route({ origin: p.origin, destination: p.destination }) : p.route;

const dayOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/**
 * /smartcards: the customer's ITSO smartcards, their state and tickets waiting to be loaded.
 * `first`: the smartcards its route loaded (docs/decisions/730); without it the chart loads them.
 */
export function SmartcardsPage({ first }: { first?: FirstData<Smartcard[] | null> | null | undefined }) {
  const { locale } = useServices();
  const [snapshot, send] = smartcardsFlow.useFlow({ input: { first } });
  const day = (iso: string) => formatDate(iso, locale.tag, dayOptions);

  return (
    <Page title={m.common_smartcards()}>
      <p className={styles.intro}>{m.smartcards_page_smartcards_linked_to_your_account()}</p>
      {snapshot.matches('loading') && <Loading label={m.smartcards_page_loading_your_smartcards()} />}
      {snapshot.matches('loadFailed') && (
        <LoadError message={smartcardsMessages.fetchError} onRetry={() => send({ type: 'smartcards.retry' })} />
      )}
      {snapshot.matches('loaded') && snapshot.context.smartcards === null && <p>{m.common_not_available_here()}</p>}
      {snapshot.matches('loaded') &&
        snapshot.context.smartcards !== null &&
        (snapshot.context.smartcards.length === 0 ? (
          <p>{m.smartcards_page_you_dont_have_any_smartcards()}</p>
        ) : (
          <ul className={styles.list} aria-label={m.smartcards_page_your_smartcards()}>
            {snapshot.context.smartcards.map((card) => (
              <li key={card.id} className={styles.card}>
                <h2 className={styles.heading}>
                  {m.smartcards_page_smartcard_ending({ operator: card.operator, numberLastFour: card.numberLastFour })}
                </h2>
                <dl className={styles.facts}>
                  <dt className={styles.term}>{m.common_status()}</dt>
                  <dd className={styles.value}>
                    <span className={styles.status[card.status]}>{smartcardStatusLabels[card.status]}</span>
                  </dd>
                  <dt className={styles.term}>{card.status === 'EXPIRED' ? m.common_expired() : m.common_expires()}</dt>
                  <dd className={styles.value}>{day(card.expiryDate)}</dd>
                </dl>
                <p className={styles.note}>{smartcardStatusNotes[card.status]}</p>
                {card.productsAwaitingCollection.length > 0 && (
                  <section className={styles.products} aria-labelledby={`awaiting-${card.id}`}>
                    <h3 id={`awaiting-${card.id}`} className={styles.productsHeading}>
                      {m.smartcards_page_tickets_waiting_to_be_loaded()}
                    </h3>
                    <ul className={styles.productList}>
                      {card.productsAwaitingCollection.map((p) => (
                        <li key={p.id}>
                          <strong>{p.productName}</strong>, {productRoute(p)}
                          <br />
                          {m.smartcards_page_valid_from_collect_by({
                            validFrom: day(p.validFrom),
                            collectBy: day(p.collectBy),
                          })}
                        </li>
                      ))}
                    </ul>
                    <p className={styles.note}>
                      {card.status === 'ACTIVE'
                        ? m.smartcards_page_touch_your_smartcard_on_a()
                        : m.smartcards_page_this_smartcard_cannot_receive_tickets()}
                    </p>
                    {card.status !== 'ACTIVE' && <ContactDetails />}
                  </section>
                )}
              </li>
            ))}
          </ul>
        ))}
    </Page>
  );
}
