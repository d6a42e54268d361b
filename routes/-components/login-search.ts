import * as v from 'valibot';
import { providerErrors, signInProviders } from '#src/schemas/auth';

/** `?redirect=` is kept only as a string here; it is made safe (same-origin, /my-account) before use. */
export const LoginSearch = v.object({
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  /** Set by the server when a sign-in with a provider came back without a session (decision 360). */
  provider: v.fallback(v.optional(v.picklist(signInProviders)), undefined),
  providerError: v.fallback(v.optional(v.picklist(providerErrors)), undefined),
});
