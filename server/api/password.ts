import { Hono } from 'hono';
import * as v from 'valibot';
import { one, type Queryable } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { DAY_MS, addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { changePasswordProblem, isStrongPassword, PASSWORD_MAX_LENGTH } from '../lib/password-rules.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { assertNotThrottled, clearAttempts, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { deleteCustomerSessions } from '../lib/sessions.ts';
import { proveMailbox, retirePendingEmailChanges, retireSignInLinks } from '../lib/mailbox-proof.ts';
import { revokeCalendarFeed } from './calendar-feed.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { sendEmail } from '../lib/outbox.ts';
import { can } from '../lib/policy.ts';

/** Reset links are valid for 24 hours (docs/product/constants.md). */
export const RESET_TOKEN_TTL_MS = DAY_MS;

const ForgotBody = v.object({ email: emailSchema });
const TokenBody = v.object({ token: v.pipe(v.string(), v.maxLength(512)) });
const newPassword = v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH));
const ResetBody = v.object({ token: v.pipe(v.string(), v.maxLength(512)), newPassword });
const ChangeBody = v.object({ currentPassword: v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH)), newPassword });
const SetBody = v.object({ newPassword });

/**
 * Setting a first password (an account created through an OpenID provider has none, decision 360)
 * needs a sign-in this recent: with no current password to ask for, a recent sign-in is the proof
 * that the person at the screen is the account's owner and not someone at a left-open session.
 */
export const SET_PASSWORD_RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** The customer id of a usable (unused, unexpired) reset token, or null. */
async function usableResetToken(db: Queryable, token: string, now: Date): Promise<{ customer_id: string } | null> {
  if (token === '') return null;
  return one<{ customer_id: string }>(
    db,
    `select customer_id from password_reset_tokens
     where token_hash = $1 and used_at is null and expires_at > $2`,
    [sha256Hex(token), now],
  );
}

/** Forgot, validate and reset password (docs/product/api.md), and change password for a signed-in customer. */
export function passwordApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const emailCopy = createEmailCopy();

  api.post('/customer/forgot-password', can('public'), async (c) => {
    const { db, clock, log, testHooks, publicOrigin } = c.get('deps');
    const { email } = await readBody(c, ForgotBody);
    // Every request counts, for the email whether or not it has an account: the 429 says nothing either way.
    const limits = [
      [LIMITS.forgotEmail, email],
      [LIMITS.forgotClient, clientAddress(c)],
    ] as const;
    await assertNotThrottled(db, clock.now(), limits);
    await recordAttempt(db, clock.now(), limits);
    const customer = await one<{ id: string }>(db, 'select id from customers where email = $1', [email]);
    if (customer) {
      const token = randomToken(32);
      const now = clock.now();
      await db.query(
        `insert into password_reset_tokens (token_hash, customer_id, created_at, expires_at) values ($1, $2, $3, $4)`,
        [sha256Hex(token), customer.id, now, addMs(now, RESET_TOKEN_TTL_MS)],
      );
      // Built from the configured public origin, never the Host header (a client could point it elsewhere).
      const locale = emailLocale(c.req.header('accept-language'));
      const link = appLink(publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, locale, `/reset-password#token=${token}`);
      log(`Password reset link for ${email}: ${link}`);
      log(
        `  [${locale ?? 'en-GB'}] ${emailCopy(locale, 'email_password_reset_subject', {})}: ${emailCopy(locale, 'email_password_reset_body', { link })}`,
      );
      await sendEmail(c.get('deps'), {
        kind: 'password-reset',
        to: [email],
        subject: emailCopy(locale, 'email_password_reset_subject', {}),
        body: emailCopy(locale, 'email_password_reset_body', { link }),
        locale,
      });
      testHooks?.onResetToken(email, token);
    }
    // Same answer whether or not the account exists: no account enumeration.
    return c.json({ success: true });
  });

  api.post('/customer/validate-reset-password-token', can('public'), async (c) => {
    const { db, clock } = c.get('deps');
    const { token } = await readBody(c, TokenBody);
    const limits = [[LIMITS.resetTokenClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    const isValid = (await usableResetToken(db, token, clock.now())) !== null;
    if (!isValid) await recordAttempt(db, clock.now(), limits);
    return c.json({ isValid });
  });

  api.post('/customer/reset-password', can('public'), async (c) => {
    const { db, clock } = c.get('deps');
    const body = await readBody(c, ResetBody);
    const now = clock.now();
    const limits = [[LIMITS.resetTokenClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, now, limits);
    if (!(await usableResetToken(db, body.token, now))) {
      await recordAttempt(db, now, limits);
      throw new ApiError(400, 'TOKEN_INVALID');
    }
    if (!isStrongPassword(body.newPassword)) throw new ApiError(400, 'PASSWORD_TOO_WEAK');
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      // The link is spent here, once: of many requests racing with one link, only the one whose
      // update still finds it unused goes on; the others change nothing and get 400.
      const spent = await one<{ customer_id: string }>(
        tx,
        `update password_reset_tokens set used_at = $1
         where token_hash = $2 and used_at is null and expires_at > $1
         returning customer_id`,
        [now, sha256Hex(body.token)],
      );
      if (!spent) throw new ApiError(400, 'TOKEN_INVALID');
      // The link was read in the account's mailbox: the email is verified from now on (decision 303),
      // and the password is the one chosen here, so whoever set the one before keeps no way in.
      await tx.query('update customers set password_hash = $1 where id = $2', [passwordHash, spent.customer_id]);
      await proveMailbox(tx, spent.customer_id, now, { clearPassword: false });
      // A change of email still waiting was asked for with the old password: it ends with it (decision 560).
      await retirePendingEmailChanges(tx, spent.customer_id, now);
      // Every outstanding link of this customer dies with the one used.
      await tx.query('update password_reset_tokens set used_at = $1 where customer_id = $2 and used_at is null', [
        now,
        spent.customer_id,
      ]);
      await deleteCustomerSessions(tx, spent.customer_id);
      // And every sign-in link still in the mailbox (decision 400).
      await retireSignInLinks(tx, spent.customer_id, now);
      // Recovering the account also ends what was shared from it: the calendar feed's address.
      await revokeCalendarFeed(tx, spent.customer_id);
    });
    return c.json({ success: true });
  });

  api.post('/customer/change-password', can('account.changePassword'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const body = await readBody(c, ChangeBody);
    const limits = [[LIMITS.changePassword, customer.id]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    const row = await one<{ password_hash: string | null }>(db, 'select password_hash from customers where id = $1', [
      customer.id,
    ]);
    const current = row?.password_hash ? await verifyPassword(body.currentPassword, row.password_hash) : false;
    if (!current) {
      await recordAttempt(db, clock.now(), limits);
      return c.json({ errors: [{ code: 'PASSWORD_INCORRECT' }] }, 400);
    }
    await clearAttempts(db, limits);
    const problem = changePasswordProblem(body.newPassword, customer);
    if (problem) return c.json({ errors: [{ code: problem }] }, 400);
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.query('update customers set password_hash = $1 where id = $2', [passwordHash, customer.id]);
      await deleteCustomerSessions(tx, customer.id, customer.sessionId);
    });
    return c.json({ errors: [] });
  });

  /**
   * Local extra (docs/integrators.md): a first password for an account that has none. Refused for
   * an account that has one (change-password asks for it) and for a sign-in older than
   * SET_PASSWORD_RECENT_SIGN_IN_MS (sign in again). The spec's password rules apply.
   */
  api.post('/customer/set-password', can('account.changePassword'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const body = await readBody(c, SetBody);
    const now = clock.now();
    const limits = [[LIMITS.changePassword, customer.id]] as const;
    await assertNotThrottled(db, now, limits);
    const row = await one<{ password_hash: string | null; signed_in_at: Date }>(
      db,
      'select c.password_hash, s.created_at as signed_in_at from customers c join sessions s on s.customer_id = c.id where c.id = $1 and s.id = $2',
      [customer.id, customer.sessionId],
    );
    if (!row) throw new ApiError(401, 'UNAUTHORISED', 'Sign in to set a password.');
    if (row.password_hash) return c.json({ errors: [{ code: 'PASSWORD_ALREADY_SET' }] }, 409);
    if (now.getTime() - new Date(row.signed_in_at).getTime() > SET_PASSWORD_RECENT_SIGN_IN_MS) {
      return c.json({ errors: [{ code: 'RECENT_SIGN_IN_REQUIRED' }] }, 403);
    }
    const problem = changePasswordProblem(body.newPassword, customer);
    if (problem) return c.json({ errors: [{ code: problem }] }, 400);
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      // Only while it still has none: two tabs cannot both set it.
      const set = await tx.query('update customers set password_hash = $1 where id = $2 and password_hash is null', [
        passwordHash,
        customer.id,
      ]);
      if ((set.affectedRows ?? 0) === 0)
        throw new ApiError(409, 'PASSWORD_ALREADY_SET', 'This account already has a password.');
      await deleteCustomerSessions(tx, customer.id, customer.sessionId);
    });
    return c.json({ errors: [] });
  });

  return api;
}
