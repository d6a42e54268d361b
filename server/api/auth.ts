import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { isName } from '#src/schemas/name-rule.ts';
import { accountForSignIn } from '../domain/accounts.ts';
import { registerAccount } from '../domain/register.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, passwordSchema, readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../lib/password-rules.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../lib/passwords.ts';
import {
  assertLoginNotSlowed,
  assertNotThrottled,
  clearLoginFailures,
  clientAddress,
  LIMITS,
  recordAttempt,
  recordLoginFailure,
  takeAllowance,
} from '../lib/rate-limit.ts';
import { markRegisteringBrowser } from '../lib/mailbox-proof.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { deliverEmails, sendEmail } from '../lib/outbox.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  readSessionCookie,
  setSessionCookie,
} from '../lib/sessions.ts';
import { randomToken } from '../lib/tokens.ts';
import { authorisedUser, currentUser } from '../lib/user-response.ts';
import { can } from '../lib/policy.ts';

const LoginBody = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.minLength(1), v.maxLength(254)),
  password: passwordSchema,
});

const nameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(30), v.check(isName));

const RegisterBody = v.object({
  email: emailSchema,
  password: v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH)),
  firstName: nameSchema,
  lastName: nameSchema,
});

/** GET /user, POST /login, POST /register, POST /logout (see docs/decisions/002-auth-api.md). */
export function authApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const emailCopy = createEmailCopy();

  api.get('/user', can('public'), async (c) => c.json(await currentUser(c)));

  api.post('/login', can('public'), async (c) => {
    const { db, clock } = c.get('deps');
    const { email, password } = await readBody(c, LoginBody);
    // Counted per client address (a hard limit) and per email typed (account or not: the answer must
    // not tell), where it is a growing delay the owner can pass with a sign-in link (decision 400).
    const limits = [[LIMITS.loginClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    await assertLoginNotSlowed(db, clock.now(), email);
    const row = await accountForSignIn(db, email);
    const ok = row?.password_hash
      ? await verifyPassword(password, row.password_hash)
      : await verifyAgainstDummy(password);
    if (!row || !ok) {
      await recordAttempt(db, clock.now(), limits);
      await recordLoginFailure(db, clock.now(), email);
      throw new ApiError(401, 'INVALID_CREDENTIALS');
    }
    await clearLoginFailures(db, email);
    const previous = readSessionCookie(c);
    if (previous) await deleteSession(db, previous);
    const now = clock.now();
    setSessionCookie(c, await createSession(db, row.id, now), now);
    return c.json(
      authorisedUser({
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        provider: row.provider,
      }),
    );
  });

  /**
   * POST /register (decision 303): the same 202 `{confirmationSent: true, pendingEmailAddress}` whether
   * or not the email already has an account, and no session either way, so the answer tells nobody
   * who is a customer. A new account is created unverified and sent a link to confirm its email (the
   * change-of-email confirmation, /confirm-email); an existing account is left as it is and its owner
   * is sent a notice instead ("you already have an account: sign in or reset your password"), at most
   * once a day per address (decision 560: more registrations answer the same and send nothing).
   * Both answers mark the browser that registered (a cookie): the confirmation link opened there keeps
   * the password chosen here; opened anywhere else it proves the mailbox and ends that password.
   */
  api.post('/register', can('public'), async (c) => {
    const { db, clock, log, testHooks, publicOrigin } = c.get('deps');
    const body = await readBody(c, RegisterBody);
    if (!isStrongPassword(body.password)) throw new ApiError(400, 'PASSWORD_TOO_WEAK');
    const now = clock.now();
    const id = randomUUID();
    // Hashed whether or not the account exists: both answers take the same time.
    const passwordHash = await hashPassword(body.password);
    const locale = emailLocale(c.req.header('accept-language'));
    const origin = publicOrigin ?? DEFAULT_PUBLIC_ORIGIN;
    const token = randomToken(32);
    const browserHash = markRegisteringBrowser(c);
    const link = appLink(origin, locale, `/confirm-email#token=${token}`);
    // The account, its confirmation link and the email the register page promises, written together
    // (decision 720): null when the address already has an account.
    const confirmation = await registerAccount(
      db,
      { id, email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName },
      { token, browserHash },
      now,
      {
        kind: 'registration',
        to: [body.email],
        subject: emailCopy(locale, 'email_register_confirm_subject', {}),
        body: emailCopy(locale, 'email_register_confirm_body', { link }),
        locale,
      },
    );
    if (confirmation) {
      log(`Registration confirmation link for ${body.email}: ${link}`);
      await deliverEmails(c.get('deps'), [confirmation]);
      testHooks?.onEmailChangeToken?.(body.email, token);
    } else if (await takeAllowance(db, now, LIMITS.accountExistsNotice, body.email)) {
      const signIn = appLink(origin, locale, '/login');
      const reset = appLink(origin, locale, '/forgot-password');
      log(`Registration notice for ${body.email} (an account already exists): ${signIn}`);
      await sendEmail(c.get('deps'), {
        kind: 'registration',
        to: [body.email],
        subject: emailCopy(locale, 'email_register_existing_subject', {}),
        body: emailCopy(locale, 'email_register_existing_body', { signIn, reset }),
        locale,
      });
    }
    return c.json({ confirmationSent: true, pendingEmailAddress: body.email }, 202);
  });

  api.post('/logout', can('public'), async (c) => {
    const sessionId = readSessionCookie(c);
    if (sessionId) await deleteSession(c.get('deps').db, sessionId);
    clearSessionCookie(c);
    return c.json({ success: true });
  });

  return api;
}
