import * as v from 'valibot';
import { maybe } from './maybe.ts';
import type { SpecRecord } from './spec-records.ts';

export const UserStatus = v.picklist(['AUTHORISED', 'GUEST', 'UNKNOWN']);

const userSpec = { id: maybe(v.string()), email: maybe(v.string()), provider: maybe(v.string()), status: UserStatus };
/** docs/product/entities.md: auth state user (id, email, provider, status), ufacSession, isRegistered. */
export const UserResponse = v.object({
  user: v.object({
    ...userSpec,
    firstName: v.optional(v.nullable(v.string())),
    lastName: v.optional(v.nullable(v.string())),
    /** Local extra (docs/integrators.md): false for an account with no password yet; absent, the normal change-password form. */
    hasPassword: v.optional(v.nullable(v.boolean())),
  }),
  ufacSession: maybe(v.string()),
  isRegistered: v.boolean(),
});
export type UserResponse = v.InferOutput<typeof UserResponse>;

/** The social providers the spec names (docs/product/entities.md); the page data says which are configured (decision 360). */
export const signInProviders = ['google', 'facebook', 'apple'] as const;
export type SignInProvider = (typeof signInProviders)[number];
export const isSignInProvider = (value: unknown): value is SignInProvider =>
  typeof value === 'string' && (signInProviders as readonly string[]).includes(value);

/**
 * Local-server answer to POST /register (202, decision 303): no session; a link was sent to the email
 * to confirm it (or, when it already has an account, a notice to its owner: the answer is the same).
 * A server that signs the new customer in at once answers a UserResponse, accepted too.
 */
export const RegisterPendingResponse = v.object({
  confirmationSent: v.literal(true),
  pendingEmailAddress: v.optional(v.string()),
});
export const RegisterAnswer = v.union([RegisterPendingResponse, UserResponse]);
export type RegisterOutcome = v.InferOutput<typeof RegisterAnswer>;

/**
 * POST customer/sign-in-link (decision 400; not in the spec): 202 whether or not the email has an
 * account. The body says nothing the screen needs, so none of it is required.
 */
export const SignInLinkRequested = v.object({ linkSent: v.optional(v.boolean()) });

export const ValidateTokenResponse = v.object({ isValid: v.boolean() });

/** Change password's answer; POST /customer/set-password (a local extra, docs/integrators.md) answers the same. */
export const ChangePasswordResponse = v.object({ errors: v.array(v.object({ code: v.string() })) });

export const GuestSessionResponse = v.object({
  session: v.string(),
  flow: v.picklist(['order', 'customer']),
  orderId: maybe(v.string()),
});
export type GuestSession = v.InferOutput<typeof GuestSessionResponse>;

/** The spec's fields of the signed-in user (spec mode, src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [[UserResponse.entries.user, userSpec]];
