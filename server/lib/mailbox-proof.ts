import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Queryable } from '../db.ts';
import type { AppEnv } from './app-env.ts';
import { DAY_MS } from './clock.ts';
import { retireEmailedLinks } from './emailed-links.ts';
import { isHttps } from './cookies.ts';
import { APP_BASE } from './known-routes.ts';
import { deleteCustomerSessions } from './sessions.ts';
import { randomToken, safeEqual, sha256Hex } from './tokens.ts';

/**
 * Proof of the mailbox (docs/decisions/560-proof-of-the-mailbox-ends-what-came-before.md).
 *
 * Until an account proves it reads the mailbox of its email, anyone may have registered it. The
 * first proof (the registration's confirmation link, a reset link used, a provider's verified email
 * at sign-in, an order's emailed guest token used to add guest orders) therefore ends everything
 * made before it: pending changes of email, sign-in links, the other sessions and, when the proof
 * did not also show the password, the password itself.
 */
export type FirstProof = {
  /** The session that made the proof, when it showed the password too: it stays, every other one ends. */
  keepSessionId?: string | undefined;
  /** True when nothing ties the proof to whoever set the password: the password ends with the rest. */
  clearPassword: boolean;
};

/** Every change of email still waiting for its link (a registration's confirmation link too) stops working. */
export const retirePendingEmailChanges = (db: Queryable, customerId: string, now: Date) =>
  retireEmailedLinks(db, 'email_change_requests', customerId, now);

/** Every emailed sign-in link still unused stops working. */
export const retireSignInLinks = (db: Queryable, customerId: string, now: Date) =>
  retireEmailedLinks(db, 'sign_in_link_tokens', customerId, now);

/**
 * Records a proof of the account's mailbox. When it is the first one (the email was not proved
 * before), ends what came before it as `proof` says and answers true; a later proof changes
 * nothing and answers false. Run it inside the transaction that acts on the proof.
 */
export async function proveMailbox(db: Queryable, customerId: string, now: Date, proof: FirstProof): Promise<boolean> {
  const first = await db.query(
    'update customers set email_verified_at = $2 where id = $1 and email_verified_at is null',
    [customerId, now],
  );
  if ((first.affectedRows ?? 0) === 0) return false;
  await retirePendingEmailChanges(db, customerId, now);
  await retireSignInLinks(db, customerId, now);
  await deleteCustomerSessions(db, customerId, proof.keepSessionId);
  if (proof.clearPassword) await db.query('update customers set password_hash = null where id = $1', [customerId]);
  return true;
}

/**
 * The browser that registered: a random value in an httpOnly cookie sent only to the confirm call,
 * whose sha256 is kept with the registration's confirmation link. Set on every registration (a taken
 * email too: the answers must not differ), so only its hash is ever stored.
 */
export const REGISTERING_BROWSER_COOKIE = 'ma_registering';
const REGISTERING_BROWSER_PATH = `${APP_BASE}/api/customer/change-email/confirm`;

/** Sets the cookie on the registration's answer and returns the hash to keep with the link. */
export function markRegisteringBrowser(c: Context<AppEnv>): string {
  const value = randomToken(32);
  setCookie(c, REGISTERING_BROWSER_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Strict',
    path: REGISTERING_BROWSER_PATH,
    secure: isHttps(c),
    maxAge: DAY_MS / 1000,
  });
  return sha256Hex(value);
}

/** Whether this request comes from the browser whose hash is `browserHash` (the cookie is dropped either way). */
export function isRegisteringBrowser(c: Context<AppEnv>, browserHash: string | null): boolean {
  const value = getCookie(c, REGISTERING_BROWSER_COOKIE);
  if (value === undefined) return false;
  deleteCookie(c, REGISTERING_BROWSER_COOKIE, {
    path: REGISTERING_BROWSER_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
  });
  return browserHash !== null && safeEqual(sha256Hex(value), browserHash);
}
