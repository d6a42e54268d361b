import { Link } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import { addressBookFlow } from './address-book.flow';
import { addressBookMessages } from '#src/copy/address-book';
import { addressTypeLabels, type Address } from '#src/schemas/addresses';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Loading, Page } from '#src/ui/page';
import { AddressLines, addressName } from './address-summary';
import * as styles from './address-book.css';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

export const addressSavedMessages = {
  added: m.address_book_page_added(),
  updated: m.address_book_page_updated(),
} as const;

/** /address-book: the saved addresses, add and edit links, delete with a confirm modal. */
export function AddressBookPage({
  saved,
  first,
}: {
  saved: keyof typeof addressSavedMessages | undefined;
  /** The addresses its route loaded (docs/decisions/730), else the chart fetches them. */
  first?: FirstData<Address[]> | undefined;
}) {
  const [snapshot, send] = addressBookFlow.useFlow({ input: { first } });
  const { context } = snapshot;
  const pending = context.addresses.find((a) => a.id === context.pendingId) ?? null;
  const deleting = snapshot.matches({ ready: 'deleting' });
  const showList = snapshot.matches('ready') || snapshot.matches('refreshing');

  return (
    <Page title={m.common_address_book()} intro={m.address_book_page_save_addresses_for_ticket_delivery()}>
      <div className={styles.toolbar}>
        <Link to="/address-book/add-address" className={styles.primaryLinkButton}>
          {m.address_book_page_add_a_new_address()}
        </Link>
      </div>

      {snapshot.matches('loading') && <Loading label={m.address_book_page_loading_your_addresses()} />}

      {snapshot.matches('fetchFailed') && (
        <>
          <Alert tone="error">{addressBookMessages.fetchError}</Alert>
          <Button tone="secondary" onClick={() => send({ type: 'addresses.retry' })}>
            {m.common_try_again()}
          </Button>
        </>
      )}

      {showList && (
        <>
          {context.fetchError && (
            <Alert tone="error">
              <p className={styles.note}>
                {context.deleted ? addressBookMessages.refreshError : addressBookMessages.fetchError}
              </p>
              <Button tone="secondary" onClick={() => send({ type: 'addresses.retry' })}>
                {m.common_try_again()}
              </Button>
            </Alert>
          )}
          {context.deleted && !context.fetchError && <Alert tone="success">{addressBookMessages.deleted}</Alert>}
          {!context.deleted && saved && <Alert tone="success">{addressSavedMessages[saved]}</Alert>}
          {snapshot.matches('refreshing') && <Loading label={m.address_book_page_updating_your_address_book()} />}

          {context.addresses.length === 0 ? (
            <p>{m.address_book_page_you_havent_saved_any_addresses()}</p>
          ) : (
            <ul className={styles.list} aria-label={m.address_book_page_saved_addresses()}>
              {context.addresses.map((address) => {
                const name = addressName(address);
                return (
                  <li key={address.id} className={styles.item}>
                    <h2 className={styles.itemHeading}>{name}</h2>
                    <ul className={styles.badges} aria-label={m.address_book_page_about_this_address()}>
                      <li className={styles.badge}>{addressTypeLabels[address.type]}</li>
                      {address.isLastUsedDelivery && (
                        <li className={styles.badgeStrong}>{m.address_book_page_last_used_for_delivery()}</li>
                      )}
                    </ul>
                    <AddressLines address={address} />
                    <div className={styles.actions}>
                      <Link
                        to="/address-book/$addressId"
                        params={{ addressId: address.id }}
                        className={styles.linkButton}
                      >
                        {m.address_book_page_edit()}
                        <span className="visually-hidden"> {name}</span>
                      </Link>
                      <Button
                        tone="secondary"
                        aria-disabled={!snapshot.matches({ ready: 'idle' }) || undefined}
                        onClick={() => send({ type: 'address.delete', id: address.id })}
                      >
                        {m.address_book_page_delete()}
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

      <ConfirmDialog
        open={snapshot.matches({ ready: 'confirming' }) || deleting}
        title={m.address_book_page_delete_this_address()}
        confirmLabel={m.address_book_page_delete_address()}
        busy={deleting}
        busyLabel={m.common_deleting()}
        error={context.deleteError ? addressBookMessages.deleteError : null}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        {pending && (
          <>
            <p className={styles.note}>
              {rich(m.address_book_page_will_be_removed_from_your, {
                address: <strong>{addressName(pending)}</strong>,
              })}
            </p>
            <AddressLines address={pending} />
          </>
        )}
      </ConfirmDialog>
    </Page>
  );
}
