import { Hono } from 'hono';
import * as v from 'valibot';
import { isUniqueViolation, one, type Queryable } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { DAY_MS, addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
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
import {
  isRegisteringBrowser,
  proveMailbox,
  retirePendingEmailChanges,
  retireSignInLinks,
} from '../lib/mailbox-proof.ts';
import { clearSessionCookie, createSession, deleteCustomerSessions, setSessionCookie } from '../lib/sessions.ts';
import { messages as formMessages, validateFirstName, validateLastName } from '#src/schemas/forms.ts';
import { readCleanBody } from '../lib/text-rules.ts';
import { validatePassengerName } from '#src/schemas/passengers.ts';
import { requireFeature } from '../lib/feature-gate.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { sendEmail } from '../lib/outbox.ts';
import { countUpcoming } from '../domain/booking-lists.ts';
import { revokeCalendarFeed } from './calendar-feed.ts';
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

/** A change-of-email link is valid for 24 hours, like a reset link (docs/product/constants.md). */
export const EMAIL_CHANGE_TTL_MS = DAY_MS;

type ProfileRow = { first_name: string; last_name: string; email: string };

async function profile(db: Queryable, customerId: string): Promise<ProfileRow> {
  const row = await one<ProfileRow>(db, 'select first_name, last_name, email from customers where id = $1', [
    customerId,
  ]);
  if (!row) throw new ApiError(401, 'UNAUTHORISED');
  return row;
}

/** Tables owned by other areas: counted only when this database has them (null otherwise). */
const COUNTED_TABLES = {
  savedPassengers: 'saved_passengers',
  addresses: 'customer_addresses',
  cards: 'saved_cards',
} as const;

async function countIfPresent(db: Queryable, table: string, customerId: string): Promise<number | null> {
  const exists = await one<{ present: boolean }>(db, 'select to_regclass($1) is not null as present', [
    `public.${table}`,
  ]);
  if (!exists?.present) return null;
  const row = await one<{ n: number }>(db, `select count(*)::int as n from "${table}" where customer_id = $1`, [
    customerId,
  ]);
  return row?.n ?? 0;
}

export function customerProfileApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const emailCopy = createEmailCopy();
  // Behind the change-email flag, like its screens.
  // Asking for a change is behind the flag; following a link already sent is not: a registration's
  // confirmation link (decision 303) is the same kind of link and must work with the flag off.
  api.use('/customer/change-email', requireFeature('change-email'));

  api.get('/customer/personal-details', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const row = await profile(c.get('deps').db, customer.id);
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
    let updatePassengerFailed = false;
    const saved = await db.transaction(async (tx) => {
      await tx.query('update customers set first_name = $1, last_name = $2 where id = $3', [
        body.firstName,
        body.lastName,
        customer.id,
      ]);
      if (body.shouldUpdatePassenger) {
        // The personal details stand even when the account holder's passenger cannot take the new name
        // (passenger names follow stricter rules, e.g. at least 2 characters) or there is no such passenger.
        await tx.exec('savepoint passenger_update');
        try {
          if (validatePassengerName(body.firstName) !== null || validatePassengerName(body.lastName) !== null) {
            throw new Error('name not valid for a passenger');
          }
          const result = await tx.query(
            `update saved_passengers set first_name = $1, last_name = $2, updated_at = $3
             where customer_id = $4 and is_account_holder`,
            [body.firstName, body.lastName, clock.now(), customer.id],
          );
          if ((result.affectedRows ?? 0) === 0) throw new Error('no account-holder passenger');
          await tx.exec('release savepoint passenger_update');
        } catch {
          await tx.exec('rollback to savepoint passenger_update');
          updatePassengerFailed = true;
        }
      }
      return profile(tx, customer.id);
    });
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
    const row = await one<{ password_hash: string | null; email: string }>(
      db,
      'select password_hash, email from customers where id = $1',
      [customer.id],
    );
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
    const taken = await one<{ id: string }>(db, 'select id from customers where email = $1', [newEmail]);
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
    await db.query(
      `insert into email_change_requests (token_hash, customer_id, new_email, created_at, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [sha256Hex(token), customer.id, newEmail, now, addMs(now, EMAIL_CHANGE_TTL_MS)],
    );
    // "Sent" the way reset links are: to the outbox (server/lib/outbox.ts), from the configured public origin only.
    const link = appLink(origin, locale, `/confirm-email#token=${token}`);
    log(`Change of email link for ${newEmail}: ${link}`);
    log(
      `  [${locale ?? 'en-GB'}] ${emailCopy(locale, 'email_change_subject', {})}: ${emailCopy(locale, 'email_change_body', { email: newEmail, link })}`,
    );
    await sendEmail(deps, {
      kind: 'email-change',
      to: [newEmail],
      subject: emailCopy(locale, 'email_change_subject', {}),
      body: emailCopy(locale, 'email_change_body', { email: newEmail, link }),
      locale,
    });
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
    const request = await one<{
      customer_id: string;
      new_email: string;
      browser_hash: string | null;
      registration: boolean;
    }>(
      db,
      `select r.customer_id, r.new_email, r.browser_hash, (c.email_verified_at is null) as registration
       from email_change_requests r join customers c on c.id = r.customer_id
       where r.token_hash = $1 and r.used_at is null and r.expires_at > $2
         and (c.email_verified_at is not null or r.new_email = c.email)`,
      [sha256Hex(token), now],
    );
    if (!request) {
      await recordAttempt(db, now, limits);
      throw new ApiError(400, 'TOKEN_INVALID');
    }
    const taken = await one<{ id: string }>(db, 'select id from customers where email = $1 and id <> $2', [
      request.new_email,
      request.customer_id,
    ]);
    if (taken) throw new ApiError(422, 'EMAIL_ALREADY_EXISTS');
    const caller = c.get('customer');
    const callerIsAccount = caller?.id === request.customer_id;
    // The link opened in the browser that registered (or signed in with the password) ties the
    // mailbox to whoever chose the password; opened anywhere else it proves the mailbox alone.
    const passwordShown = callerIsAccount || isRegisteringBrowser(c, request.browser_hash);
    // Test servers only: the email changes but no new session is issued (tokenFailure).
    const tokenFailure = testHooks?.takeTokenFailure?.() ?? false;
    const keepSignedIn = callerIsAccount && !tokenFailure;
    let session: { id: string; expiresAt: Date } | null = null;
    try {
      session = await db.transaction(async (tx) => {
        const used = await tx.query(
          'update email_change_requests set used_at = $1 where token_hash = $2 and used_at is null',
          [now, sha256Hex(token)],
        );
        if ((used.affectedRows ?? 0) === 0) throw new ApiError(400, 'TOKEN_INVALID'); // a concurrent confirm won
        if (request.registration) {
          // The first proof of the mailbox: everything made before it ends (the sessions too, below).
          await proveMailbox(tx, request.customer_id, now, { clearPassword: !passwordShown });
        }
        await retirePendingEmailChanges(tx, request.customer_id, now);
        await tx.query('update customers set email = $1, email_verified_at = $2 where id = $3', [
          request.new_email,
          now,
          request.customer_id,
        ]);
        // Links sent to the old address stop working, and every old session ends with the old email.
        await tx.query('update password_reset_tokens set used_at = $1 where customer_id = $2 and used_at is null', [
          now,
          request.customer_id,
        ]);
        await retireSignInLinks(tx, request.customer_id, now);
        await deleteCustomerSessions(tx, request.customer_id);
        // The feed's address was made for the old mailbox's owner: it ends with the old email.
        await revokeCalendarFeed(tx, request.customer_id);
        return keepSignedIn ? createSession(tx, request.customer_id, now) : null;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(422, 'EMAIL_ALREADY_EXISTS');
      throw err;
    }
    if (!session) {
      if (callerIsAccount) clearSessionCookie(c);
      return c.json({ newTokens: null, updatedEmailAddress: request.new_email });
    }
    setSessionCookie(c, session, now);
    return c.json({ newTokens: { sessionRotated: true }, updatedEmailAddress: request.new_email });
  });

  api.get('/customer/order-count', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    // Every booking the customer has made, seasons and past ones included; a changed journey counts
    // once (the replaced order's bookings are not counted again).
    const row = await one<{ n: number }>(
      c.get('deps').db,
      `select count(*)::int as n from bookings b join orders o on o.id = b.order_id
       where o.customer_id = $1 and o.replacement_order_id is null`,
      [customer.id],
    );
    return c.json({ lifeTimeBookingCount: row?.n ?? 0 });
  });

  api.get('/customer/account-summary', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const row = await profile(db, customer.id);
    // The Upcoming tab's own count: journeys still to come whose tickets stand (decision 410).
    const upcoming = await countUpcoming(db, customer.id, clock.now());
    return c.json({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      counts: {
        upcomingBookings: upcoming,
        savedPassengers: await countIfPresent(db, COUNTED_TABLES.savedPassengers, customer.id),
        addresses: await countIfPresent(db, COUNTED_TABLES.addresses, customer.id),
        cards: await countIfPresent(db, COUNTED_TABLES.cards, customer.id),
      },
    });
  });

  return api;
}
