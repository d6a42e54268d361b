import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { one } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppDeps, AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { DAY_MS, addMs } from '../lib/clock.ts';
import { clearSessionCookie } from '../lib/sessions.ts';
import { appLink, createEmailCopy, emailLocale, type EmailCopy } from '../lib/email-copy.ts';
import { deliverEmails, queueEmail } from '../lib/outbox.ts';
import { PASSWORD_MAX_LENGTH } from '../lib/password-rules.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { assertNotThrottled, clearAttempts, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { zip } from '../lib/zip.ts';
import { can } from '../lib/policy.ts';
import { closeAccount, collectAccountData, openMatters } from '../domain/your-data.ts';
import { summaryHtml } from '../domain/your-data-summary.ts';
import { SET_PASSWORD_RECENT_SIGN_IN_MS } from './password.ts';

/**
 * "Your data" on Account controls (decisions 610, 611), local-server calls the spec does not list
 * (docs/integrators.md: a host without them answers 404 and the screen says how to ask the retailer):
 * - GET /customer/data-export: the account's export, `{status: none|preparing|ready|expired, ...}`;
 * - POST /customer/data-export: asks for one (202), refused with 409 EXPORT_EXISTS while one is
 *   preparing or ready (one at a time);
 * - GET /customer/data-export/file: the ZIP (data.json and summary.html), while ready;
 * - POST /customer/close-account `{password}`: closes the account, or says why not.
 */

/** How long an export takes to prepare (the job runs after the answer) and how long it can be downloaded. */
export const EXPORT_PREPARE_MS = 3_000;
export const EXPORT_AVAILABLE_MS = 7 * DAY_MS;

type ExportRow = {
  id: string;
  requested_at: Date;
  ready_at: Date;
  expires_at: Date;
  prepared_at: Date | null;
  locale: string | null;
};

const CloseBody = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH))) });

const exportState = (row: ExportRow | null, now: Date) => {
  if (!row) return { status: 'none' as const, requestedAt: null, readyAt: null, expiresAt: null };
  const status = now >= row.expires_at ? 'expired' : row.prepared_at && now >= row.ready_at ? 'ready' : 'preparing';
  return {
    status,
    requestedAt: row.requested_at.toISOString(),
    readyAt: status === 'preparing' ? null : row.ready_at.toISOString(),
    expiresAt: status === 'preparing' ? null : row.expires_at.toISOString(),
  };
};

const loadExport = (deps: AppDeps, customerId: string) =>
  one<ExportRow>(
    deps.db,
    'select id, requested_at, ready_at, expires_at, prepared_at, locale from data_exports where customer_id = $1',
    [customerId],
  );

/**
 * The job: once an export's time has come, builds its file from what the account holds then and
 * announces it by email. Run by a timer after the request and again by any read that finds it due;
 * only the run that marks it prepared sends the email.
 */
export async function prepareDueExport(deps: AppDeps, customerId: string, text: EmailCopy): Promise<void> {
  const now = deps.clock.now();
  const row = await loadExport(deps, customerId);
  if (!row || row.prepared_at || now < row.ready_at || now >= row.expires_at) return;
  const data = await collectAccountData(deps.db, customerId, now);
  const file = zip([
    { name: 'data.json', data: `${JSON.stringify(data, null, 2)}\n`, modified: now },
    {
      name: 'summary.html',
      data: summaryHtml(data, (key, params = {}) => text(row.locale, key, params), row.locale ?? 'en-GB'),
      modified: now,
    },
  ]);
  const link = appLink(deps.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, row.locale, '/account-controls#your-data');
  // The notice is written with the prepared file: it exists exactly when the file does (decision 720).
  const notice = await deps.db.transaction(async (tx) => {
    const done = await one<{ id: string }>(
      tx,
      'update data_exports set file = $1, prepared_at = $2 where customer_id = $3 and id = $4 and prepared_at is null returning id',
      [file, now, customerId, row.id],
    );
    if (!done) return null;
    return queueEmail(tx, now, {
      kind: 'data-export',
      to: [data.profile.email],
      subject: text(row.locale, 'email_data_export_subject', {}),
      body: text(row.locale, 'email_data_export_body', { link, days: String(EXPORT_AVAILABLE_MS / DAY_MS) }),
      locale: row.locale,
    });
  });
  await deliverEmails(deps, [notice]);
}

export function yourDataApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const text = createEmailCopy();

  api.get('/customer/data-export', can('account.exportData'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    await prepareDueExport(deps, customer.id, text);
    // Past its 7 days the file goes at once (housekeeping also deletes the ones nobody looks at again).
    await deps.db.query(
      'update data_exports set file = null where customer_id = $1 and expires_at <= $2 and file is not null',
      [customer.id, deps.clock.now()],
    );
    return c.json(exportState(await loadExport(deps, customer.id), deps.clock.now()));
  });

  api.post('/customer/data-export', can('account.exportData'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    const now = deps.clock.now();
    const current = exportState(await loadExport(deps, customer.id), now);
    if (current.status === 'preparing' || current.status === 'ready') {
      return c.json({ errors: [{ code: 'EXPORT_EXISTS' }], ...current }, 409);
    }
    const readyAt = addMs(now, EXPORT_PREPARE_MS);
    const row = await one<ExportRow>(
      deps.db,
      `insert into data_exports (customer_id, id, requested_at, ready_at, expires_at, file, prepared_at, locale)
       values ($1, $2, $3, $4, $5, null, null, $6)
       on conflict (customer_id) do update set id = excluded.id, requested_at = excluded.requested_at, ready_at = excluded.ready_at,
         expires_at = excluded.expires_at, file = null, prepared_at = null, locale = excluded.locale
         where data_exports.expires_at <= $3
       returning id, requested_at, ready_at, expires_at, prepared_at, locale`,
      [
        customer.id,
        randomUUID(),
        now,
        readyAt,
        addMs(readyAt, EXPORT_AVAILABLE_MS),
        emailLocale(c.req.header('accept-language')),
      ],
    );
    // Two requests at once: the second finds the first's row and is refused like any second request.
    if (!row)
      return c.json(
        { errors: [{ code: 'EXPORT_EXISTS' }], ...exportState(await loadExport(deps, customer.id), now) },
        409,
      );
    setTimeout(() => void prepareDueExport(deps, customer.id, text).catch(() => {}), EXPORT_PREPARE_MS).unref();
    return c.json(exportState(row, now), 202);
  });

  api.get('/customer/data-export/file', can('account.exportData'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    await prepareDueExport(deps, customer.id, text);
    const now = deps.clock.now();
    const row = await one<{ file: Uint8Array | null; prepared_at: Date | null; expires_at: Date }>(
      deps.db,
      'select file, prepared_at, expires_at from data_exports where customer_id = $1',
      [customer.id],
    );
    if (!row?.file || !row.prepared_at || now >= row.expires_at)
      return c.json({ errors: [{ code: 'EXPORT_NOT_READY' }] }, 404);
    const day = row.prepared_at.toISOString().slice(0, 10);
    return c.body(new Uint8Array(row.file), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="my-account-data-${day}.zip"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  api.post('/customer/close-account', can('account.close'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    const { db, clock } = deps;
    const body = await readBody(c, CloseBody);
    const now = clock.now();
    const limits = [[LIMITS.closeAccount, customer.id]] as const;
    await assertNotThrottled(db, now, limits);
    const row = await one<{ password_hash: string | null; signed_in_at: Date }>(
      db,
      'select c.password_hash, s.created_at as signed_in_at from customers c join sessions s on s.customer_id = c.id where c.id = $1 and s.id = $2',
      [customer.id, customer.sessionId],
    );
    if (!row) return c.json({ errors: [{ code: 'UNAUTHORISED' }] }, 401);
    if (row.password_hash) {
      // The password proves the person at the screen is the owner, not someone at a left-open session.
      if (!(await verifyPassword(body.password ?? '', row.password_hash))) {
        await recordAttempt(db, now, limits);
        return c.json({ errors: [{ code: 'PASSWORD_INCORRECT' }] }, 400);
      }
      await clearAttempts(db, limits);
    } else if (now.getTime() - new Date(row.signed_in_at).getTime() > SET_PASSWORD_RECENT_SIGN_IN_MS) {
      // An account with no password (a provider's sign-in only) proves it with a sign-in this recent.
      return c.json({ errors: [{ code: 'RECENT_SIGN_IN_REQUIRED' }] }, 403);
    }
    const matters = await openMatters(db, customer.id, now);
    if (matters.length > 0) return c.json({ errors: [{ code: 'OPEN_MATTERS' }], matters }, 409);
    const locale = emailLocale(c.req.header('accept-language'));
    const findBooking = appLink(deps.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, locale, '/find-booking');
    // The goodbye is written with the closing: it exists exactly when the account is gone (decision 720).
    const goodbye = await db.transaction(async (tx) => {
      await closeAccount(tx, customer, now);
      return queueEmail(tx, now, {
        kind: 'account-closed',
        to: [customer.email],
        subject: text(locale, 'email_account_closed_subject', {}),
        body: text(locale, 'email_account_closed_body', { link: findBooking }),
        locale,
      });
    });
    clearSessionCookie(c);
    await deliverEmails(deps, [goodbye]);
    return c.json({ success: true });
  });

  return api;
}
