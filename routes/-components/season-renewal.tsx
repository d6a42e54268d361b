import { useEffect, useId, useState } from 'react';
import { seasonRenewalMessages } from '#src/copy/season-renewal';
import { m } from '#src/paraglide/messages.js';
import { cardBrandLabel, type SavedCard } from '#src/schemas/cards';
import type { SeasonRenewal } from '#src/schemas/season-renewals';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import * as fieldStyles from '#src/ui/field.css';
import { LoadError } from '#src/ui/load-error';
import { ukDate } from './booking-format';
import * as styles from './season-renewal.css';
import { seasonRenewalFlow } from './season-renewal.flow';

/** "Mastercard ending 5100"; without brand and digits (not in docs/product/api.md), "Saved card 2". */
const cardName = (card: SavedCard, cards: readonly SavedCard[]) => {
  if (card.brand && card.lastFourDigits)
    return m.season_renewal_card_ending({ brand: cardBrandLabel(card.brand), lastFourDigits: card.lastFourDigits });
  return m.payment_methods_page_saved_card({ number: cards.indexOf(card) + 1 });
};

const routeName = (renewal: SeasonRenewal) =>
  renewal.origin && renewal.destination
    ? m.season_renewal_route({ origin: renewal.origin, destination: renewal.destination })
    : m.season_renewal_your_season_ticket();

/**
 * A season ticket's automatic renewal (decision 440): on with the card that pays it, or off with a
 * card to choose. On a season booking (`bookingId`: that ticket only) and on /payment-methods (every
 * renewal, so the card a renewal uses can be freed before it is deleted). A host without the
 * renewal calls (404) shows nothing; a season ticket that can no longer renew shows nothing.
 * `cards`: the page's own list of saved cards, when it has one, so both agree after a delete.
 */
export function SeasonRenewals({
  bookingId,
  cards: savedCards,
}: {
  bookingId?: string;
  cards?: SavedCard[] | undefined;
}) {
  const { locale } = useServices();
  const [snapshot, send] = seasonRenewalFlow.useFlow();
  const { context } = snapshot;
  const headingId = useId();
  // The page's own card list (payment methods): a card deleted there is no longer offered here.
  useEffect(() => {
    if (savedCards) send({ type: 'renewals.cardsChanged', cards: savedCards });
  }, [savedCards, send]);
  // After a change the button pressed is replaced by the other one: the focus goes to it.
  useEffect(() => {
    if (context.saved) document.getElementById(`renewal-action-${context.saved.bookingId}`)?.focus();
  }, [context.saved]);

  if (snapshot.matches('loadFailed')) {
    return (
      <section className={styles.section} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {bookingId ? m.season_renewal_heading() : m.season_renewal_list_heading()}
        </h2>
        <LoadError message={seasonRenewalMessages.fetchError} onRetry={() => send({ type: 'renewals.retry' })} />
      </section>
    );
  }
  if (!snapshot.matches('ready')) return null;
  const shown = context.renewals.filter((r) => bookingId === undefined || r.bookingId === bookingId);
  if (shown.length === 0) return null;
  const saving = snapshot.matches({ ready: 'saving' });
  const usable = context.cards.filter((c) => !c.isExpired);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {bookingId ? m.season_renewal_heading() : m.season_renewal_list_heading()}
      </h2>
      <ul className={styles.list}>
        {shown.map((renewal) => (
          <li key={renewal.bookingId} className={styles.card}>
            {bookingId === undefined && <h3 className={styles.heading}>{routeName(renewal)}</h3>}
            <RenewalControl
              renewal={renewal}
              cards={context.cards}
              usable={usable}
              date={renewal.validUntil ? ukDate(renewal.validUntil, locale.tag) : null}
              busy={context.pending?.bookingId === renewal.bookingId}
              disabled={saving}
              onTurnOn={(cardId) => send({ type: 'renewal.turnOn', bookingId: renewal.bookingId, cardId })}
              onTurnOff={() => send({ type: 'renewal.turnOff', bookingId: renewal.bookingId })}
            />
            {context.saved?.bookingId === renewal.bookingId && (
              <Alert tone="success">
                {context.saved.isEnabled ? m.season_renewal_turned_on() : m.season_renewal_turned_off()}
              </Alert>
            )}
            {context.saveError?.bookingId === renewal.bookingId && (
              <Alert tone="error">{seasonRenewalMessages[context.saveError.kind]}</Alert>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RenewalControl({
  renewal,
  cards,
  usable,
  date,
  busy,
  disabled,
  onTurnOn,
  onTurnOff,
}: {
  renewal: SeasonRenewal;
  cards: readonly SavedCard[];
  usable: readonly SavedCard[];
  date: string | null;
  busy: boolean;
  disabled: boolean;
  onTurnOn: (cardId: string) => void;
  onTurnOff: () => void;
}) {
  const selectId = useId();
  const remembered = usable.find((c) => c.id === renewal.cardId) ?? usable[0];
  const [chosen, setChosen] = useState<string | null>(null);
  const cardId = chosen && usable.some((c) => c.id === chosen) ? chosen : (remembered?.id ?? null);
  const actionId = `renewal-action-${renewal.bookingId}`;

  if (renewal.isEnabled) {
    const paying = cards.find((c) => c.id === renewal.cardId);
    return (
      <>
        <p className={styles.text}>{date ? m.season_renewal_is_on({ date }) : m.season_renewal_is_on_undated()}</p>
        {paying && <p className={styles.text}>{m.season_renewal_paid_with({ card: cardName(paying, cards) })}</p>}
        <div className={styles.actions}>
          <Button
            id={actionId}
            tone="secondary"
            busy={busy}
            busyLabel={m.common_saving()}
            aria-disabled={disabled || undefined}
            onClick={onTurnOff}
          >
            {m.season_renewal_turn_off()}
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <p className={styles.text}>{date ? m.season_renewal_is_off({ date }) : m.season_renewal_is_off_undated()}</p>
      {usable.length === 0 || cardId === null ? (
        <p className={styles.text}>{m.season_renewal_no_card()}</p>
      ) : (
        <div className={styles.actions}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={selectId}>
              {m.season_renewal_card_label()}
            </label>
            <select id={selectId} className={styles.select} value={cardId} onChange={(e) => setChosen(e.target.value)}>
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {cardName(c, cards)}
                </option>
              ))}
            </select>
          </div>
          <div className={fieldStyles.field}>
            <Button
              id={actionId}
              busy={busy}
              busyLabel={m.common_saving()}
              aria-disabled={disabled || undefined}
              onClick={() => onTurnOn(cardId)}
            >
              {m.season_renewal_turn_on()}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
