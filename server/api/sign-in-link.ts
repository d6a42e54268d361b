import { Hono } from 'hono';
import * as v from 'valibot';
import { one } from '../db.ts';
import type { Provider } from '../domain/identity.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { addMs } from '../lib/clock.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { sendEmail } from '../lib/outbox.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { assertNotThrottled, clearLoginFailures, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { createSession, deleteSession, readSessionCookie, setSessionCookie } from '../lib/sessions.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { authorisedUser } from '../lib/user-response.ts';
import { can } from '../lib/policy.ts';

/** A sign-in link works for 15 minutes (decision 400). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

const RequestBody = v.object({ email: emailSchema });
const UseBody = v.object({ token: v.pipe(v.string(), v.maxLength(512)) });

type CustomerRow = { id: string; email: string; first_name: string; last_name: string; provider: Provider };

/**
 * Emailed sign-in links (decision 400), the way past the per-account slowdown of wrong passwords
 * that only the owner of the mailbox can take:
 * - POST /customer/sign-in-link {email}: always 202 `{linkSent: true}`, whether or not the email has
 *   an account, so the answer tells nobody who is a customer. Only an account whose email is verified
 *   gets a link (an unverified address may not be its owner's). An address is sent at most 5 links in
 *   15 minutes; past that the answer is the same and nothing is sent (no mailbox flooding, and the
 *   links a stranger asked for are in the owner's mailbox anyway). One client asking for too many
 *   links, over any emails, gets 429.
 * - POST /customer/sign-in-link/use {token}: spends the link once (an atomic update: of many uses
 *   racing, one signs in, the others get 400 TOKEN_INVALID) and signs in like POST /login does: a new
 *   session (the old one ended), a new CSRF value, the user response. It also ends the account's run
 *   of wrong passwords.
 */
export function signInLinkApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const emailCopy = createEmailCopy();

  api.post('/customer/sign-in-link', can('public'), async (c) => {
    const deps = c.get('deps');
    const { db, clock, publicOrigin } = deps;
    const { email } = await readBody(c, RequestBody);
    const now = clock.now();
    const clientLimit = [[LIMITS.signInLinkClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, now, clientLimit);
    await recordAttempt(db, now, clientLimit);
    const emailLimit = [[LIMITS.signInLinkEmail, email]] as const;
    let underEmailLimit = true;
    try {
      await assertNotThrottled(db, now, emailLimit);
    } catch {
      underEmailLimit = false;
    }
    if (underEmailLimit) {
      await recordAttempt(db, now, emailLimit);
      const customer = await one<{ id: string }>(
        db,
        'select id from customers where email = $1 and email_verified_at is not null',
        [email],
      );
      if (customer) {
        const token = randomToken(32);
        await db.query(
          `insert into sign_in_link_tokens (token_hash, customer_id, created_at, expires_at) values ($1, $2, $3, $4)`,
          [sha256Hex(token), customer.id, now, addMs(now, SIGN_IN_LINK_TTL_MS)],
        );
        // Built from the configured public origin, never the Host header (a client could point it elsewhere).
        const locale = emailLocale(c.req.header('accept-language'));
        const link = appLink(publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, locale, `/sign-in-link#token=${token}`);
        await sendEmail(deps, {
          kind: 'sign-in-link',
          to: [email],
          subject: emailCopy(locale, 'email_sign_in_link_subject', {}),
          body: emailCopy(locale, 'email_sign_in_link_body', { link }),
          locale,
        });
      }
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ linkSent: true }, 202);
  });

  api.post('/customer/sign-in-link/use', can('public'), async (c) => {
    const { db, clock } = c.get('deps');
    const { token } = await readBody(c, UseBody);
    const now = clock.now();
    const limits = [[LIMITS.signInLinkTokenClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, now, limits);
    const spent =
      token === ''
        ? null
        : await one<CustomerRow>(
            db,
            `with spent as (
               update sign_in_link_tokens set used_at = $1
               where token_hash = $2 and used_at is null and expires_at > $1
               returning customer_id
             )
             select c.id, c.email, c.first_name, c.last_name, c.provider
             from spent join customers c on c.id = spent.customer_id
             where c.email_verified_at is not null`,
            [now, sha256Hex(token)],
          );
    if (!spent) {
      await recordAttempt(db, now, limits);
      throw new ApiError(400, 'TOKEN_INVALID');
    }
    await clearLoginFailures(db, spent.email);
    const previous = readSessionCookie(c);
    if (previous) await deleteSession(db, previous);
    setSessionCookie(c, await createSession(db, spent.id, now), now);
    c.header('Cache-Control', 'no-store');
    return c.json(
      authorisedUser({
        id: spent.id,
        email: spent.email,
        firstName: spent.first_name,
        lastName: spent.last_name,
        provider: spent.provider,
      }),
    );
  });

  return api;
}
