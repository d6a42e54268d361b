/**
 * The words for the outcomes machines/address-book.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const addressBookMessages = {
  fetchError: m.address_book_fetch_error(),
  refreshError: m.address_book_refresh_error(),
  deleteError: m.address_book_delete_error(),
  deleted: m.address_book_deleted(),
} as const;
