import * as v from 'valibot';
import { maybe } from './maybe.ts';

export const UserStatus = v.picklist(['AUTHORISED', 'GUEST', 'UNKNOWN']);

/** Spec section 3: auth state user (id, email, provider, status), ufacSession, isRegistered. */
export const UserResponse = v.object({
  user: v.object({
    id: maybe(v.string()),
    email: maybe(v.string()),
    provider: maybe(v.string()),
    status: UserStatus,
    firstName: v.optional(v.nullable(v.string())),
    lastName: v.optional(v.nullable(v.string())),
  }),
  ufacSession: maybe(v.string()),
  isRegistered: v.boolean(),
});
export type UserResponse = v.InferOutput<typeof UserResponse>;

/** The social providers the spec names (section 3); the page data says which are configured (decision 360). */
export const signInProviders = ['google', 'facebook', 'apple'] as const;
export type SignInProvider = (typeof signInProviders)[number];
export const isSignInProvider = (value: unknown): value is SignInProvider =>
  typeof value === 'string' && (signInProviders as readonly string[]).includes(value);

export const SuccessResponse = v.object({ success: v.literal(true) });

export const ValidateTokenResponse = v.object({ isValid: v.boolean() });

export const ChangePasswordResponse = v.object({ errors: v.array(v.object({ code: v.string() })) });

export const GuestSessionResponse = v.object({
  session: v.string(),
  flow: v.picklist(['order', 'customer']),
  orderId: maybe(v.string()),
});
export type GuestSession = v.InferOutput<typeof GuestSessionResponse>;
