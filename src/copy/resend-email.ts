/**
 * The words for the outcomes machines/resend-email.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { isRefusedRecipient } from '#machines/resend-email';
import { validateEmail } from '#src/schemas/forms';
import { tooManyAttemptsMessage } from './throttle';

/** What the resend email modal says for each outcome its chart names. */
export const resendEmailMessages = {
  success: (emails: string[]) => m.resend_email_success({ emails: emails.join(', ') }),
  get error() {
    return m.resend_email_error();
  },
  get recipientNotAllowed() {
    return m.resend_email_recipient_not_allowed();
  },
  throttled: (retryAfterSeconds: number | null) => tooManyAttemptsMessage(retryAfterSeconds),
} as const;

/** The first error per address, or null: the shared email validator, then a recipient the server refused. */
export const emailErrors = (emails: readonly string[], refused: readonly string[] = []): (string | null)[] =>
  emails.map(
    (e) => validateEmail(e) ?? (isRefusedRecipient(e, refused) ? resendEmailMessages.recipientNotAllowed : null),
  );
