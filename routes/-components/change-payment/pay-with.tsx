import type { CardChoice } from '#machines/lib/change-payment';
import * as styles from '../refunds/refunds.css';
import { m } from '#src/paraglide/messages.js';

/**
 * "Pay with": the customer's saved cards (an expired one cannot be chosen) and a new card, for a
 * change that costs something (a journey's, decision 600; a season's start date, decision 790).
 */
export function PayWith({
  cards,
  choice,
  onSelect,
}: {
  cards: readonly { id: string; brand: string; last4: string; expired: boolean }[];
  choice: CardChoice;
  onSelect: (choice: CardChoice) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{m.journey_change_pay_with()}</legend>
      {cards.map((card) => (
        <div key={card.id}>
          <label>
            <input
              type="radio"
              name="card"
              value={card.id}
              disabled={card.expired}
              checked={choice.kind === 'saved' && choice.cardId === card.id}
              onChange={() => onSelect({ kind: 'saved', cardId: card.id })}
            />{' '}
            {card.expired
              ? m.journey_change_saved_card_expired({ brand: card.brand, last4: card.last4 })
              : m.journey_change_saved_card({ brand: card.brand, last4: card.last4 })}
          </label>
        </div>
      ))}
      <div>
        <label>
          <input
            type="radio"
            name="card"
            value="new"
            checked={choice.kind === 'new'}
            onChange={() => onSelect({ kind: 'new' })}
          />{' '}
          {m.journey_change_new_card()}
        </label>
      </div>
    </fieldset>
  );
}
