/**
 * The words for the outcomes machines/auth.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Words for the session's failures the auth chart names (docs/product/errors.md). */
/** Shown while `logoutError` is LOGOUT_FAILED. */
export const logoutErrorMessage = (): string => m.auth_unable_to_perform_the_requested();

/** Shown while `guestError` is GUEST_LINK_INVALID. */
export const guestTokenErrorMessage = (): string => m.auth_this_link_has_expired_or();
