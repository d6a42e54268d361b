import type { BookingsImported, BookingsImportedKey } from '#src/schemas/bookings-list';
import { Alert } from '#src/ui/alert';

/** Copy not given by the spec (docs/decisions/010): one message per guest association outcome. */
export const bookingsImportedMessages: Record<BookingsImportedKey, { tone: 'success' | 'info' | 'error'; title: string; text: string }> = {
  true: { tone: 'success', title: 'Bookings added', text: 'Your guest bookings are now in your account.' },
  partial: {
    tone: 'info',
    title: 'Some bookings added',
    text: "We added some of your guest bookings. Bookings that were changed couldn't be moved: you can still open them from their confirmation email.",
  },
  none: { tone: 'info', title: 'No new bookings', text: 'There were no guest bookings left to add to your account.' },
  false: {
    tone: 'error',
    title: "We couldn't add your bookings",
    text: 'Sorry, your guest bookings could not be added to your account. Please try again later.',
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
