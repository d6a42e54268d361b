/**
 * The words for the outcomes machines/check-in.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { type CheckInUnavailableReason } from '#machines/check-in';

export const checkInMessages: Record<CheckInUnavailableReason | 'error', string> = {
  get CHECK_IN_NOT_OPEN() {
    return m.check_in_check_in_not_open();
  },
  get CHECK_IN_CLOSED() {
    return m.check_in_check_in_closed();
  },
  get CHECK_IN_NOT_SUPPORTED() {
    return m.check_in_check_in_not_supported();
  },
  get FORBIDDEN() {
    return m.check_in_forbidden();
  },
  get error() {
    return m.check_in_error();
  },
};
