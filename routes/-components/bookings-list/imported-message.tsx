import type { BookingsImported, BookingsImportedKey } from '#src/schemas/bookings-list';
import { Alert } from '#src/ui/alert';
import { m } from '#src/paraglide/messages.js';

/** Copy not given by the spec (docs/decisions/011): one message per guest association outcome. */
export const bookingsImportedMessages: Record<
  BookingsImportedKey,
  { tone: 'success' | 'info' | 'error'; title: string; text: string }
> = {
  true: {
    tone: 'success',
    title: m.bookings_list_imported_message_bookings_added(),
    text: m.bookings_list_imported_message_your_guest_bookings_are_now(),
  },
  partial: {
    tone: 'info',
    title: m.bookings_list_imported_message_some_bookings_added(),
    text: m.bookings_list_imported_message_we_added_some_of_your(),
  },
  none: {
    tone: 'info',
    title: m.bookings_list_imported_message_no_new_bookings(),
    text: m.bookings_list_imported_message_there_were_no_guest_bookings(),
  },
  false: {
    tone: 'error',
    title: m.bookings_list_imported_message_we_couldnt_add_your_bookings(),
    text: m.bookings_list_imported_message_sorry_your_guest_bookings_could(),
  },
};

export function ImportedMessage({ value }: { value: BookingsImported | undefined }) {
  if (value === undefined) return null;
  const m = bookingsImportedMessages[String(value) as BookingsImportedKey];
  return (
    <Alert tone={m.tone} title={m.title}>
      <p style={{ margin: 0 }}>{m.text}</p>
    </Alert>
  );
}
