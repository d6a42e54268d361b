import { Hono } from 'hono';
import * as v from 'valibot';
import {
  accountCredentials,
  accountIdByEmail,
  passwordAndSignIn,
  changePassword,
  SET_PASSWORD_RECENT_SIGN_IN_MS,
  setFirstPassword,
} from '../domain/accounts.ts';
import { issueResetLink, resetPassword, usableResetToken } from '../domain/reset-password.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { changePasswordProblem, isStrongPassword, PASSWORD_MAX_LENGTH } from '../lib/password-rules.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { assertNotThrottled, clearAttempts, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { randomToken } from '../lib/tokens.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { deliverEmails } from '../lib/outbox.ts';
import { can } from '../lib/policy.ts';

const ForgotBody = v.object({ email: emailSchema });
const TokenBody = v.object({ token: v.pipe(v.string(), v.maxLength(512)) });
const newPassword = v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH));
const ResetBody = v.object({ token: v.pipe(v.string(), v.maxLength(512)), newPassword });
const ChangeBody = v.object({ currentPassword: v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH)), newPassword });
const SetBody = v.object({ newPassword });

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
    const customer = await accountIdByEmail(db, email);
    if (customer) {
      const token = randomToken(32);
      const now = clock.now();
      // Built from the configured public origin, never the Host header (a client could point it elsewhere).
      const locale = emailLocale(c.req.header('accept-language'));
      const link = appLink(publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, locale, `/reset-password#token=${token}`);
      // The link and its email are written together (decision 720).
      const queued = await issueResetLink(db, customer.id, token, now, {
        kind: 'password-reset',
        to: [email],
        subject: emailCopy(locale, 'email_password_reset_subject', {}),
        body: emailCopy(locale, 'email_password_reset_body', { link }),
        locale,
      });
      log(`Password reset link for ${email}: ${link}`);
      log(`  [${locale ?? 'en-GB'}] ${queued.subject}: ${queued.body}`);
      await deliverEmails(c.get('deps'), [queued]);
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
    // The link is spent here, once, with every other link of the account (decision 560).
    await resetPassword(db, body.token, passwordHash, now);
    return c.json({ success: true });
  });

  api.post('/customer/change-password', can('account.changePassword'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const body = await readBody(c, ChangeBody);
    const limits = [[LIMITS.changePassword, customer.id]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    const row = await accountCredentials(db, customer.id);
    const current = row?.password_hash ? await verifyPassword(body.currentPassword, row.password_hash) : false;
    if (!current) {
      await recordAttempt(db, clock.now(), limits);
      return c.json({ errors: [{ code: 'PASSWORD_INCORRECT' }] }, 400);
    }
    await clearAttempts(db, limits);
    const problem = changePasswordProblem(body.newPassword, customer);
    if (problem) return c.json({ errors: [{ code: problem }] }, 400);
    const passwordHash = await hashPassword(body.newPassword);
    await changePassword(db, customer, passwordHash);
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
    const row = await passwordAndSignIn(db, customer.id, customer.sessionId);
    if (!row) throw new ApiError(401, 'UNAUTHORISED', 'Sign in to set a password.');
    if (row.password_hash) return c.json({ errors: [{ code: 'PASSWORD_ALREADY_SET' }] }, 409);
    if (now.getTime() - new Date(row.signed_in_at).getTime() > SET_PASSWORD_RECENT_SIGN_IN_MS) {
      return c.json({ errors: [{ code: 'RECENT_SIGN_IN_REQUIRED' }] }, 403);
    }
    const problem = changePasswordProblem(body.newPassword, customer);
    if (problem) return c.json({ errors: [{ code: problem }] }, 400);
    const passwordHash = await hashPassword(body.newPassword);
    await setFirstPassword(db, customer, passwordHash);
    return c.json({ errors: [] });
  });

  return api;
}
