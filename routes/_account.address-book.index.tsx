import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { firstDataCache } from '#src/config/timeouts';
import { AddressBookPage } from './-components/address-book/address-book-page';

/** `?saved=added|updated` after the add or edit form (anything else is dropped). */
const AddressBookSearch = v.object({
  saved: v.optional(v.fallback(v.optional(v.picklist(['added', 'updated'])), undefined)),
});

export const Route = createFileRoute('/_account/address-book/')({
  validateSearch: AddressBookSearch,
  // The saved addresses (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/address-book/load-addresses')).loadAddresses(load),
  ...firstDataCache,
  component: AddressBookRoute,
});

function AddressBookRoute() {
  const { saved } = Route.useSearch();
  return <AddressBookPage saved={saved} first={Route.useLoaderData()} />;
}
