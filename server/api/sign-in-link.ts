import { Hono } from 'hono';
import * as v from 'valibot';
import { issueSignInLink, spendSignInLink, verifiedAccountIdByEmail } from '../domain/sign-in-link.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { deliverEmails } from '../lib/outbox.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { assertNotThrottled, clearLoginFailures, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { createSession, deleteSession, readSessionCookie, setSessionCookie } from '../lib/sessions.ts';
import { randomToken } from '../lib/tokens.ts';
import { authorisedUser } from '../lib/user-response.ts';
import { can } from '../lib/policy.ts';

const RequestBody = v.object({ email: emailSchema });
const UseBody = v.object({ token: v.pipe(v.string(), v.maxLength(512)) });

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
      const customer = await verifiedAccountIdByEmail(db, email);
      if (customer) {
        const token = randomToken(32);
        // Built from the configured public origin, never the Host header (a client could point it elsewhere).
        const locale = emailLocale(c.req.header('accept-language'));
        const link = appLink(publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, locale, `/sign-in-link#token=${token}`);
        // The link and its email are written together (decision 720).
        const queued = await issueSignInLink(db, customer.id, token, now, {
          kind: 'sign-in-link',
          to: [email],
          subject: emailCopy(locale, 'email_sign_in_link_subject', {}),
          body: emailCopy(locale, 'email_sign_in_link_body', { link }),
          locale,
        });
        await deliverEmails(deps, [queued]);
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
    const spent = await spendSignInLink(db, token, now);
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
