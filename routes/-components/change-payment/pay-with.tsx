import type { CardChoice } from '#machines/lib/change-payment';
import { cardBrandLabel } from '#src/schemas/cards';
import { RadioGroup } from '#src/ui/radio-group';
import * as styles from '../refunds/refunds.css';
import { m } from '#src/paraglide/messages.js';

/** The radios' values: `new`, or a saved card's id after `saved:` (so no card id can read as a new card). */
const NEW_CARD = 'new';
const SAVED = 'saved:';
type PayValue = typeof NEW_CARD | `${typeof SAVED}${string}`;
const savedValue = (cardId: string): PayValue => `${SAVED}${cardId}`;

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
    <RadioGroup<PayValue>
      name="card"
      legend={m.journey_change_pay_with()}
      className={styles.fieldset}
      value={choice.kind === 'new' ? NEW_CARD : savedValue(choice.cardId)}
      onChange={(value) =>
        onSelect(value === NEW_CARD ? { kind: 'new' } : { kind: 'saved', cardId: value.slice(SAVED.length) })
      }
      options={[
        ...cards.map((card) => ({
          value: savedValue(card.id),
          disabled: card.expired,
          label: card.expired
            ? m.journey_change_saved_card_expired({ brand: cardBrandLabel(card.brand), last4: card.last4 })
            : m.journey_change_saved_card({ brand: cardBrandLabel(card.brand), last4: card.last4 }),
        })),
        { value: NEW_CARD, label: m.journey_change_new_card() },
      ]}
    />
  );
}
