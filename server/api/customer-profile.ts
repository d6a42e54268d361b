import { Hono } from 'hono';
import * as v from 'valibot';
import { accountCredentials, accountIdByEmail, emailTakenByAnother } from '../domain/accounts.ts';
import {
  customerProfile,
  lifetimeBookingCount,
  savedItemCounts,
  updatePersonalDetails,
} from '../domain/customer-profile.ts';
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from '../domain/change-email.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { randomToken } from '../lib/tokens.ts';
import { PASSWORD_MAX_LENGTH } from '../lib/password-rules.ts';
import { verifyPassword } from '../lib/passwords.ts';
import {
  assertNotThrottled,
  clearAttempts,
  clientAddress,
  LIMITS,
  recordAttempt,
  takeAllowance,
} from '../lib/rate-limit.ts';
import { isRegisteringBrowser, retirePendingEmailChanges } from '../lib/mailbox-proof.ts';
import { clearSessionCookie, setSessionCookie } from '../lib/sessions.ts';
import { messages as formMessages, validateFirstName, validateLastName } from '#src/schemas/forms.ts';
import { readCleanBody } from '../lib/text-rules.ts';
import { requireFeature } from '../lib/feature-gate.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { deliverEmails, sendEmail } from '../lib/outbox.ts';
import { countUpcoming } from '../domain/booking-lists.ts';
import { can } from '../lib/policy.ts';

/**
 * Customer profile (docs/product/entities.md, docs/product/validation.md, docs/product/api.md, docs/product/errors.md; docs/decisions/040-customer-profile.md, 150):
 * GET/POST /customer/personal-details, POST /customer/change-email (+ /confirm), GET /customer/order-count,
 * and GET /customer/account-summary (not in the spec: the counts behind /account-overview).
 */

/** Personal-details names, checked with the very validators the form uses (messages in docs/product/validation.md). */
const firstName = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => validateFirstName(s) === null, 'Must be a valid first name'),
);
const lastName = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => validateLastName(s) === null, 'Must be a valid last name'),
);

const PersonalDetailsBody = v.object({
  firstName,
  lastName,
  // The form sends the (read-only) email too; it cannot be changed here, so it is ignored.
  email: v.optional(v.pipe(v.string(), v.maxLength(254))),
  shouldUpdatePassenger: v.optional(v.boolean(), false),
});

const ChangeEmailBody = v.object({
  newEmailAddress: emailSchema,
  currentPassword: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
});

const ConfirmEmailBody = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) });

export function customerProfileApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const emailCopy = createEmailCopy();
  // Behind the change-email flag, like its screens.
  // Asking for a change is behind the flag; following a link already sent is not: a registration's
  // confirmation link (decision 303) is the same kind of link and must work with the flag off.
  api.use('/customer/change-email', requireFeature('change-email'));

  api.get('/customer/personal-details', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const row = await customerProfile(c.get('deps').db, customer.id);
    return c.json({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      shouldUpdatePassenger: false,
    });
  });

  api.post('/customer/personal-details', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const body = await readCleanBody(c, PersonalDetailsBody, {
      firstName: { kind: 'name', message: formMessages.firstNameInvalid },
      lastName: { kind: 'name', message: formMessages.lastNameInvalid },
    });
    const { profile: saved, updatePassengerFailed } = await updatePersonalDetails(db, customer.id, body, clock.now());
    return c.json({
      firstName: saved.first_name,
      lastName: saved.last_name,
      email: saved.email,
      ...(updatePassengerFailed ? { updatePassengerFailed: true } : {}),
    });
  });

  /**
   * A change of email waits for the new address to be confirmed (decision 150): guest orders are matched
   * by the account's email, so the account must prove it reads that mailbox before the email changes.
   * 202 {confirmationSent, pendingEmailAddress} (local-server answer; the spec's answer comes from confirm).
   * Decision 560: an account whose own email is not proved yet may not move it (403 EMAIL_NOT_VERIFIED);
   * an address that belongs to another account answers exactly as a free one, and its owner gets a notice
   * (at most one a day) instead of a link; an account asks for at most 3 changes an hour (then 429).
   */
  api.post('/customer/change-email', can('account.changeEmail'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    const { db, clock, log, testHooks, publicOrigin } = deps;
    const body = await readBody(c, ChangeEmailBody);
    // Whoever registered an address first must not move the account before its owner proves the mailbox.
    if (!customer.emailVerified) throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
    const limits = [[LIMITS.changeEmail, customer.id]] as const;
    const sent = [[LIMITS.changeEmailSent, customer.id]] as const;
    await assertNotThrottled(db, clock.now(), [...limits, ...sent]);
    const row = await accountCredentials(db, customer.id);
    const passwordOk = row?.password_hash ? await verifyPassword(body.currentPassword, row.password_hash) : false;
    if (!row || !passwordOk) {
      await recordAttempt(db, clock.now(), limits);
      throw new ApiError(403, 'PASSWORD_INCORRECT');
    }
    await clearAttempts(db, limits);
    const newEmail = body.newEmailAddress;
    // The account's own address tells nothing about anyone else.
    if (newEmail === row.email) throw new ApiError(422, 'EMAIL_ALREADY_EXISTS');
    await recordAttempt(db, clock.now(), sent);
    const now = clock.now();
    const locale = emailLocale(c.req.header('accept-language'));
    const origin = publicOrigin ?? DEFAULT_PUBLIC_ORIGIN;
    // One outstanding request per customer: any new request retires the links sent before it, taken
    // address or not (a link that survived would tell its holder that the address has an account).
    await retirePendingEmailChanges(db, customer.id, now);
    const taken = await accountIdByEmail(db, newEmail);
    if (taken) {
      // Same answer as for a free address, and one email to it as well: a notice, not a link.
      if (await takeAllowance(db, now, LIMITS.accountExistsNotice, newEmail)) {
        const signIn = appLink(origin, locale, '/login');
        log(`Change of email notice for ${newEmail} (an account already exists): ${signIn}`);
        await sendEmail(deps, {
          kind: 'email-change',
          to: [newEmail],
          subject: emailCopy(locale, 'email_change_taken_subject', {}),
          body: emailCopy(locale, 'email_change_taken_body', { signIn }),
          locale,
        });
      }
      return c.json({ confirmationSent: true, pendingEmailAddress: newEmail }, 202);
    }
    const token = randomToken(32);
    // "Sent" the way reset links are: to the outbox (server/lib/outbox.ts), from the configured public
    // origin only, and written with the link (decision 720).
    const link = appLink(origin, locale, `/confirm-email#token=${token}`);
    const queued = await requestEmailChange(db, { token, customerId: customer.id, newEmail }, now, {
      kind: 'email-change',
      to: [newEmail],
      subject: emailCopy(locale, 'email_change_subject', {}),
      body: emailCopy(locale, 'email_change_body', { email: newEmail, link }),
      locale,
    });
    log(`Change of email link for ${newEmail}: ${link}`);
    log(`  [${locale ?? 'en-GB'}] ${queued.subject}: ${queued.body}`);
    await deliverEmails(deps, [queued]);
    testHooks?.onEmailChangeToken?.(newEmail, token);
    return c.json({ confirmationSent: true, pendingEmailAddress: newEmail }, 202);
  });

  /**
   * POST /customer/change-email/confirm {token}: applies the change (the email is then verified),
   * ends every session and links of the old address, and answers as the spec's change-email does:
   * newTokens when the caller was signed in to this account (a fresh session), else null (sign in
   * again with the new address). 400 TOKEN_INVALID for an unknown, used or expired link, and for a
   * change to another address asked for by an account whose email was never proved (decision 560);
   * 30 of those from one client in 15 minutes give 429, like the other token checks.
   *
   * A registration's confirmation link (the new address is the account's own, not yet proved) is the
   * account's first proof of its mailbox (decision 560): it keeps the password chosen at registration
   * only when opened in the browser that registered or in a session of the account; anywhere else
   * the password ends with the sessions, links and pending changes made before it.
   */
  api.post('/customer/change-email/confirm', can('public'), async (c) => {
    const { db, clock, testHooks } = c.get('deps');
    const { token } = await readBody(c, ConfirmEmailBody);
    const now = clock.now();
    const limits = [[LIMITS.emailChangeTokenClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, now, limits);
    const request = await pendingEmailChange(db, token, now);
    if (!request) {
      await recordAttempt(db, now, limits);
      throw new ApiError(400, 'TOKEN_INVALID');
    }
    if (await emailTakenByAnother(db, request.new_email, request.customer_id))
      throw new ApiError(422, 'EMAIL_ALREADY_EXISTS');
    const caller = c.get('customer');
    const callerIsAccount = caller?.id === request.customer_id;
    // The link opened in the browser that registered (or signed in with the password) ties the
    // mailbox to whoever chose the password; opened anywhere else it proves the mailbox alone.
    const passwordShown = callerIsAccount || isRegisteringBrowser(c, request.browser_hash);
    // Test servers only: the email changes but no new session is issued (tokenFailure).
    const tokenFailure = testHooks?.takeTokenFailure?.() ?? false;
    const keepSignedIn = callerIsAccount && !tokenFailure;
    const session = await confirmEmailChange(db, request, token, now, { passwordShown, keepSignedIn });
    if (!session) {
      if (callerIsAccount) clearSessionCookie(c);
      return c.json({ newTokens: null, updatedEmailAddress: request.new_email });
    }
    setSessionCookie(c, session, now);
    return c.json({ newTokens: { sessionRotated: true }, updatedEmailAddress: request.new_email });
  });

  api.get('/customer/order-count', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    // Every booking the customer has made; a changed journey counts once.
    const n = await lifetimeBookingCount(c.get('deps').db, customer.id);
    return c.json({ lifeTimeBookingCount: n });
  });

  api.get('/customer/account-summary', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const row = await customerProfile(db, customer.id);
    // The Upcoming tab's own count: journeys still to come whose tickets stand (decision 410).
    const upcoming = await countUpcoming(db, customer.id, clock.now());
    return c.json({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      counts: { upcomingBookings: upcoming, ...(await savedItemCounts(db, customer.id)) },
    });
  });

  return api;
}
