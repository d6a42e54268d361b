import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { savedCardsMachine, savedCardsMessages } from '#machines/saved-cards';
import { cardsApi } from '#src/api/cards';
import { cardBrandLabel, formatCardExpiry, type SavedCard } from '#src/schemas/cards';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import * as styles from './payment-methods.css';

const cardName = (card: SavedCard) => `${cardBrandLabel(card.brand)} ending ${card.lastFourDigits}`;

/** /payment-methods: saved cards (brand, last 4 digits, expiry, name; never a number) and delete. */
export function PaymentMethodsPage() {
  const { api } = useServices();
  const cards = useMemo(() => cardsApi(api), [api]);
  const [snapshot, send] = useMachine(
    savedCardsMachine.provide({
      actors: {
        fetchCards: fromPromise(() => cards.list()),
        deleteCard: fromPromise(async ({ input }) => {
          await cards.remove(input.id);
        }),
      },
    }),
  );
  const { context } = snapshot;
  const pending = context.cards.find((c) => c.data.id === context.pendingId)?.data ?? null;
  const idle = snapshot.matches({ ready: 'idle' });
  // The deleted card's button went with it: keep keyboard focus on the page.
  useEffect(() => {
    if (context.deletedId && (document.activeElement === document.body || !document.activeElement)) {
      document.getElementById('page-title')?.focus();
    }
  }, [context.deletedId]);

  return (
    <Page title="Payment methods">
      <p className={styles.intro}>
        These are the cards you saved when you bought tickets. To save a new card, tick the option to save it next time you pay.
      </p>
      {snapshot.matches('loading') && <Loading label="Loading your saved cards…" />}
      {snapshot.matches('loadFailed') && (
        <LoadError message={savedCardsMessages.fetchError} onRetry={() => send({ type: 'cards.retry' })} />
      )}
      {snapshot.matches('ready') && (
        <>
          {context.deletedId && <Alert tone="success">{savedCardsMessages.deleted}</Alert>}
          {context.cards.length === 0 ? (
            <p>You don't have any saved cards.</p>
          ) : (
            <ul className={styles.list} aria-label="Saved cards">
              {context.cards.map(({ data: card, isDeleting, hasDeleteError, deleteRefusal }) => {
                const name = cardName(card);
                return (
                  <li key={card.id} className={isDeleting ? styles.cardDeleting : styles.card} aria-busy={isDeleting || undefined}>
                    <h2 className={styles.heading}>
                      <span className={styles.brandMark} aria-hidden="true">
                        {card.brand.slice(0, 4)}
                      </span>
                      {name}
                    </h2>
                    <p className={styles.detail}>
                      {card.isExpired ? 'Expired' : 'Expires'} {formatCardExpiry(card)}{' '}
                      {card.isExpired && <span className={styles.expired}>Expired</span>}
                    </p>
                    <p className={styles.detail}>Name on card: {card.cardholderName}</p>
                    {hasDeleteError &&
                      (deleteRefusal ? (
                        // A refusal with a reason: the reason and what to do, not "try again later".
                        <Alert tone="error" title="This card can't be deleted">
                          <p>{deleteRefusal.reason}</p>
                          {deleteRefusal.code === 'CARD_IN_USE' && (
                            <p>
                              <Link to="/bookings/season">View your season tickets</Link>
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
                        busyLabel="Deleting…"
                        aria-disabled={!idle || undefined}
                        onClick={() => send({ type: 'card.delete', id: card.id })}
                      >
                        Delete<span className="visually-hidden"> {name}</span>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={snapshot.matches({ ready: 'confirming' })}
        title="Delete this card?"
        confirmLabel="Delete card"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        {pending && (
          <p>
            <strong>{cardName(pending)}</strong> will be removed from your account. You can save a card again next time you pay.
          </p>
        )}
      </ConfirmDialog>
    </Page>
  );
}
