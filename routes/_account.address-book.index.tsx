import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AddressBookPage } from './-components/address-book/address-book-page';

/** `?saved=added|updated` after the add or edit form (anything else is dropped). */
const AddressBookSearch = v.object({
  saved: v.optional(v.fallback(v.optional(v.picklist(['added', 'updated'])), undefined)),
});

export const Route = createFileRoute('/_account/address-book/')({
  validateSearch: AddressBookSearch,
  component: AddressBookRoute,
});

function AddressBookRoute() {
  const { saved } = Route.useSearch();
  return <AddressBookPage saved={saved} />;
}
