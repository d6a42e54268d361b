/**
 * The words for the outcomes machines/address-book.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const addressBookMessages = {
  get fetchError() {
    return m.address_book_fetch_error();
  },
  get refreshError() {
    return m.address_book_refresh_error();
  },
  get deleteError() {
    return m.address_book_delete_error();
  },
  get deleted() {
    return m.address_book_deleted();
  },
} as const;
