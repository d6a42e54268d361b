/**
 * The words for the outcomes machines/forgot-password.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** docs/product/errors.md, verbatim. */
export const forgotPasswordFailureMessage = (): string => m.forgot_password_were_unable_to_reset_your();
