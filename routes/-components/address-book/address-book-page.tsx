import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { addressBookMachine, addressBookMessages } from '#machines/address-book';
import { addressesApi } from '#src/api/addresses';
import { addressTypeLabels } from '#src/schemas/addresses';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Loading, Page } from '#src/ui/page';
import { AddressLines, addressName } from './address-summary';
import * as styles from './address-book.css';

export const addressSavedMessages = {
  added: 'Your new address has been saved.',
  updated: 'Your address has been updated.',
} as const;

/** /address-book: the saved addresses, add and edit links, delete with a confirm modal. */
export function AddressBookPage({ saved }: { saved: keyof typeof addressSavedMessages | undefined }) {
  const { api } = useServices();
  const addresses = useMemo(() => addressesApi(api), [api]);
  const [snapshot, send] = useMachine(
    addressBookMachine.provide({
      actors: {
        fetchAddresses: fromPromise(() => addresses.list()),
        deleteAddress: fromPromise(async ({ input }) => {
          await addresses.remove(input.id);
        }),
      },
    }),
  );
  const { context } = snapshot;
  const pending = context.addresses.find((a) => a.id === context.pendingId) ?? null;
  const deleting = snapshot.matches({ ready: 'deleting' });
  const showList = snapshot.matches('ready') || snapshot.matches('refreshing');

  return (
    <Page title="Address book" intro="Save addresses for ticket delivery and billing, so you don't have to type them at checkout.">
      <div className={styles.toolbar}>
        <Link to="/address-book/add-address" className={styles.primaryLinkButton}>
          Add a new address
        </Link>
      </div>

      {snapshot.matches('loading') && <Loading label="Loading your addresses…" />}

      {snapshot.matches('fetchFailed') && (
        <>
          <Alert tone="error">{addressBookMessages.fetchError}</Alert>
          <Button tone="secondary" onClick={() => send({ type: 'addresses.retry' })}>
            Try again
          </Button>
        </>
      )}

      {showList && (
        <>
          {context.fetchError && (
            <Alert tone="error">
              <p className={styles.note}>{context.deleted ? addressBookMessages.refreshError : addressBookMessages.fetchError}</p>
              <Button tone="secondary" onClick={() => send({ type: 'addresses.retry' })}>
                Try again
              </Button>
            </Alert>
          )}
          {context.deleted && !context.fetchError && <Alert tone="success">{addressBookMessages.deleted}</Alert>}
          {!context.deleted && saved && <Alert tone="success">{addressSavedMessages[saved]}</Alert>}
          {snapshot.matches('refreshing') && <Loading label="Updating your address book…" />}

          {context.addresses.length === 0 ? (
            <p>You haven't saved any addresses yet.</p>
          ) : (
            <ul className={styles.list} aria-label="Saved addresses">
              {context.addresses.map((address) => {
                const name = addressName(address);
                return (
                  <li key={address.id} className={styles.item}>
                    <h2 className={styles.itemHeading}>{name}</h2>
                    <ul className={styles.badges} aria-label="About this address">
                      <li className={styles.badge}>{addressTypeLabels[address.type]}</li>
                      {address.isLastUsedDelivery && <li className={styles.badgeStrong}>Last used for delivery</li>}
                    </ul>
                    <AddressLines address={address} />
                    <div className={styles.actions}>
                      <Link to="/address-book/$addressId" params={{ addressId: address.id }} className={styles.linkButton}>
                        Edit<span className="visually-hidden"> {name}</span>
                      </Link>
                      <Button
                        tone="secondary"
                        aria-disabled={!snapshot.matches({ ready: 'idle' }) || undefined}
                        onClick={() => send({ type: 'address.delete', id: address.id })}
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
        open={snapshot.matches({ ready: 'confirming' }) || deleting}
        title="Delete this address?"
        confirmLabel="Delete address"
        busy={deleting}
        busyLabel="Deleting…"
        error={context.deleteError ? addressBookMessages.deleteError : null}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        {pending && (
          <>
            <p className={styles.note}>
              <strong>{addressName(pending)}</strong> will be removed from your address book.
            </p>
            <AddressLines address={pending} />
          </>
        )}
      </ConfirmDialog>
    </Page>
  );
}
