/**
 * The words for the outcomes machines/check-in.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { type CheckInUnavailableReason } from '#machines/check-in';

export const checkInMessages: Record<CheckInUnavailableReason | 'error', string> = {
  CHECK_IN_NOT_OPEN: m.check_in_check_in_not_open(),
  CHECK_IN_CLOSED: m.check_in_check_in_closed(),
  CHECK_IN_NOT_SUPPORTED: m.check_in_check_in_not_supported(),
  FORBIDDEN: m.check_in_forbidden(),
  error: m.check_in_error(),
};
