import { randomUUID } from 'node:crypto';
import { isUniqueViolation, one, type Db, type Queryable } from '../db.ts';
import { addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { proveMailbox } from '../lib/mailbox-proof.ts';
import type { SignInProvider } from '../lib/oidc-config.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { revokeCalendarFeed } from './calendar-feed.ts';

/**
 * Sign-in with an OpenID Connect provider (docs/decisions/360-oidc-sign-in.md): the sign-in under
 * way in a browser (state, nonce and PKCE verifier, kept by the hash of the browser's cookie, used
 * once), and the account a provider's ID token signs in to.
 */

/** How long a browser has to come back from the provider. */
export const PROVIDER_SIGN_IN_MS = 10 * 60 * 1000;

export type ProviderSignIn = {
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  locale: string | null;
  expires_at: Date;
};

export type IdClaims = {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
};

/** Records a sign-in under way, found again by the browser's cookie `id`. */
export async function beginProviderSignIn(
  db: Queryable,
  id: string,
  signIn: {
    provider: SignInProvider;
    state: string;
    nonce: string;
    codeVerifier: string;
    returnTo: string;
    locale: string | null;
  },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into oidc_transactions (id_hash, provider, state, nonce, code_verifier, return_to, locale, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      sha256Hex(id),
      signIn.provider,
      signIn.state,
      signIn.nonce,
      signIn.codeVerifier,
      signIn.returnTo,
      signIn.locale,
      now,
      addMs(now, PROVIDER_SIGN_IN_MS),
    ],
  );
}

/** The sign-in under way for the browser's cookie `id`, taken out (used once, whatever happens next), or null. */
export const takeProviderSignIn = (db: Queryable, id: string) =>
  one<ProviderSignIn>(db, 'delete from oidc_transactions where id_hash = $1 returning *', [sha256Hex(id)]);

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * The customer a provider's ID token signs in, or null, in one transaction. The provider's account
 * already linked (its `sub`) wins; else only an email the provider says it verified may link an
 * existing account or create one. An unverified email signs in to nothing.
 */
export function customerForProvider(
  db: Db,
  provider: SignInProvider,
  claims: IdClaims,
  now: Date,
): Promise<string | null> {
  return db.transaction((tx) => linkProviderAccount(tx, provider, claims, now));
}

async function linkProviderAccount(
  db: Queryable,
  provider: SignInProvider,
  claims: IdClaims,
  now: Date,
): Promise<string | null> {
  const linked = await one<{ customer_id: string }>(
    db,
    'select customer_id from customer_identities where provider = $1 and subject = $2',
    [provider, claims.sub],
  );
  if (linked) return linked.customer_id;
  const email = text(claims.email, 254).toLowerCase();
  if (claims.email_verified !== true || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;

  const existing = await one<{ id: string; email_verified: boolean }>(
    db,
    'select id, (email_verified_at is not null) as email_verified from customers where email = $1',
    [email],
  );
  let customerId: string;
  if (existing) {
    customerId = existing.id;
    if (!existing.email_verified) {
      // The provider proves who reads this mailbox; the account was registered with it but never
      // proved it. Whoever registered it must not keep a way in (decision 560): its password,
      // sessions, sign-in links and pending changes of email end (the mailbox's owner can set a
      // password with "Forgotten your password?", or in the change-password form).
      await proveMailbox(db, customerId, now, { clearPassword: true });
      // And what was shared from the account before: the calendar feed's address.
      await revokeCalendarFeed(db, customerId);
    }
  } else {
    customerId = randomUUID();
    const [first = '', ...rest] = text(claims.name, 61).split(/\s+/);
    const firstName = text(claims.given_name, 30) || first.slice(0, 30);
    const lastName = text(claims.family_name, 30) || rest.join(' ').slice(0, 30);
    try {
      await db.query(
        `insert into customers (id, email, password_hash, first_name, last_name, provider, created_at, email_verified_at)
         values ($1, $2, null, $3, $4, $5, $6, $6)`,
        [customerId, email, firstName, lastName, provider, now],
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'SIGN_IN_CONFLICT');
      throw err;
    }
  }
  await db.query(
    'insert into customer_identities (provider, subject, customer_id, created_at) values ($1, $2, $3, $4)',
    [provider, claims.sub, customerId, now],
  );
  return customerId;
}
