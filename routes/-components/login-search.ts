import * as v from 'valibot';
import { signInProviders } from '#src/schemas/auth';

/** Why a provider sign-in came back to the login page (the server's callback says, decision 360). */
const providerErrors = ['unavailable', 'unverified-email', 'cancelled'] as const;
export type ProviderError = (typeof providerErrors)[number];

/** `?redirect=` is kept only as a string here; it is made safe (same-origin, /my-account) before use. */
export const LoginSearch = v.object({
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  /** Set by the server when a sign-in with a provider came back without a session (decision 360). */
  provider: v.fallback(v.optional(v.picklist(signInProviders)), undefined),
  providerError: v.fallback(v.optional(v.picklist(providerErrors)), undefined),
});
