import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { FirstData } from '#machines/lib/first-data';
import { savedCardsMessages } from '#src/copy/saved-cards';
import { cardBrandLabel, formatCardExpiry, type SavedCard } from '#src/schemas/cards';
import { savedCardsFlow } from './saved-cards.flow';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { SeasonRenewals } from '../season-renewal';
import * as styles from './payment-methods.css';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

/** "Visa ending 4242"; without the local-server extras brand and last four digits, "Saved card 2" (its place in the list). */
const cardName = (card: SavedCard, index: number) => {
  if (card.brand && card.lastFourDigits)
    return m.payment_methods_page_card_ending({
      brand: cardBrandLabel(card.brand),
      lastFourDigits: card.lastFourDigits,
    });
  if (card.brand) return cardBrandLabel(card.brand);
  return m.payment_methods_page_saved_card({ number: index + 1 });
};

/** /payment-methods: saved cards (brand, last 4 digits, expiry, name; never a number) and delete. */
export function PaymentMethodsPage({ first }: { first?: FirstData<SavedCard[]> | undefined } = {}) {
  // The cards its route loaded (docs/decisions/730), else the chart fetches them.
  const [snapshot, send] = savedCardsFlow.useFlow({ input: { first } });
  const { context } = snapshot;
  const pendingIndex = context.cards.findIndex((c) => c.data.id === context.pendingId);
  const pending = pendingIndex >= 0 ? (context.cards[pendingIndex]?.data ?? null) : null;
  const idle = snapshot.matches({ ready: 'idle' });
  const ready = snapshot.matches('ready');
  const savedCards = useMemo(() => (ready ? context.cards.map((c) => c.data) : undefined), [ready, context.cards]);
  // The deleted card's button went with it: keep keyboard focus on the page.
  useEffect(() => {
    if (context.deletedId && (document.activeElement === document.body || !document.activeElement)) {
      document.getElementById('page-title')?.focus();
    }
  }, [context.deletedId]);

  return (
    <Page title={m.common_payment_methods()}>
      <p className={styles.intro}>{m.payment_methods_page_these_are_the_cards_you()}</p>
      {snapshot.matches('loading') && <Loading label={m.payment_methods_page_loading_your_saved_cards()} />}
      {snapshot.matches('loadFailed') && (
        <LoadError message={savedCardsMessages.fetchError} onRetry={() => send({ type: 'cards.retry' })} />
      )}
      {snapshot.matches('ready') && (
        <>
          {context.deletedId && <Alert tone="success">{savedCardsMessages.deleted}</Alert>}
          {context.cards.length === 0 ? (
            <p>{m.payment_methods_page_you_dont_have_any_saved()}</p>
          ) : (
            <ul className={styles.list} aria-label={m.payment_methods_page_saved_cards()}>
              {context.cards.map(({ data: card, isDeleting, hasDeleteError, deleteRefusal }, index) => {
                const name = cardName(card, index);
                const { expiryMonth, expiryYear } = card;
                return (
                  <li
                    key={card.id}
                    className={isDeleting ? styles.cardDeleting : styles.card}
                    aria-busy={isDeleting || undefined}
                  >
                    <h2 className={styles.heading}>
                      {card.brand && (
                        <span className={styles.brandMark} aria-hidden="true">
                          {card.brand.slice(0, 4)}
                        </span>
                      )}
                      {name}
                    </h2>
                    {expiryMonth !== undefined && expiryYear !== undefined ? (
                      <p className={styles.detail}>
                        {card.isExpired ? m.common_expired() : m.common_expires()}{' '}
                        {formatCardExpiry({ expiryMonth, expiryYear })}{' '}
                        {card.isExpired && <span className={styles.expired}>{m.common_expired()}</span>}
                      </p>
                    ) : (
                      card.isExpired && (
                        <p className={styles.detail}>
                          <span className={styles.expired}>{m.common_expired()}</span>
                        </p>
                      )
                    )}
                    {card.cardholderName && (
                      <p className={styles.detail}>
                        {m.payment_methods_page_name_on_card({ cardholderName: card.cardholderName })}
                      </p>
                    )}
                    {hasDeleteError &&
                      (deleteRefusal ? (
                        // A refusal with a reason: the reason and what to do, not "try again later".
                        <Alert tone="error" title={m.payment_methods_page_this_card_cant_be_deleted()}>
                          <p>{deleteRefusal.reason}</p>
                          {deleteRefusal.code === 'CARD_IN_USE' && (
                            <p>
                              <Link to="/bookings/season">{m.payment_methods_page_view_your_season_tickets()}</Link>
                            </p>
                          )}
                        </Alert>
                      ) : (
                        <Alert tone="error">{savedCardsMessages.deleteError}</Alert>
                      ))}
                    <div className={styles.actions}>
                      <Button
                        tone="secondary"
                        busy={isDeleting}
                        busyLabel={m.common_deleting()}
                        aria-disabled={!idle || undefined}
                        onClick={() => send({ type: 'card.delete', id: card.id })}
                      >
                        {m.payment_methods_page_delete()}
                        <span className="visually-hidden"> {name}</span>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      {/* A card that pays a season ticket's renewal is freed here (turn it off, or pay with another card). */}
      <SeasonRenewals cards={savedCards} />
      <ConfirmDialog
        open={snapshot.matches({ ready: 'confirming' })}
        title={m.payment_methods_page_delete_this_card()}
        confirmLabel={m.payment_methods_page_delete_card()}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        {pending && (
          <p>
            {rich(m.payment_methods_page_will_be_removed_from_your, {
              card: <strong>{cardName(pending, pendingIndex)}</strong>,
            })}
          </p>
        )}
      </ConfirmDialog>
    </Page>
  );
}
