import { Hono } from 'hono';
import * as v from 'valibot';
import { passwordAndSignIn, SET_PASSWORD_RECENT_SIGN_IN_MS } from '../domain/accounts.ts';
import {
  customerDataExport,
  dataExportFile,
  dropExpiredExportFile,
  EXPORT_PREPARE_MS,
  prepareDueExport,
  requestDataExport,
  type DataExport,
} from '../domain/data-export.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { clearSessionCookie } from '../lib/sessions.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { deliverEmails, queueEmail } from '../lib/outbox.ts';
import { PASSWORD_MAX_LENGTH } from '../lib/password-rules.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { assertNotThrottled, clearAttempts, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { can } from '../lib/policy.ts';
import { closeAccount, openMatters } from '../domain/your-data.ts';

/**
 * "Your data" on Account controls (decisions 610, 611), local-server calls the spec does not list
 * (docs/integrators.md: a host without them answers 404 and the screen says how to ask the retailer):
 * - GET /customer/data-export: the account's export, `{status: none|preparing|ready|expired, ...}`;
 * - POST /customer/data-export: asks for one (202), refused with 409 EXPORT_EXISTS while one is
 *   preparing or ready (one at a time);
 * - GET /customer/data-export/file: the ZIP (data.json and summary.html), while ready;
 * - POST /customer/close-account `{password}`: closes the account, or says why not.
 */

const CloseBody = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH))) });

const exportState = (row: DataExport | null, now: Date) => {
  if (!row) return { status: 'none' as const, requestedAt: null, readyAt: null, expiresAt: null };
  const status = now >= row.expires_at ? 'expired' : row.prepared_at && now >= row.ready_at ? 'ready' : 'preparing';
  return {
    status,
    requestedAt: row.requested_at.toISOString(),
    readyAt: status === 'preparing' ? null : row.ready_at.toISOString(),
    expiresAt: status === 'preparing' ? null : row.expires_at.toISOString(),
  };
};

export function yourDataApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const text = createEmailCopy();

  api.get('/customer/data-export', can('account.exportData'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    await prepareDueExport(deps, customer.id, text);
    await dropExpiredExportFile(deps.db, customer.id, deps.clock.now());
    return c.json(exportState(await customerDataExport(deps.db, customer.id), deps.clock.now()));
  });

  api.post('/customer/data-export', can('account.exportData'), async (c) => {
    const customer = requireCustomer(c);
    const deps = c.get('deps');
    const now = deps.clock.now();
    const current = exportState(await customerDataExport(deps.db, customer.id), now);
    if (current.status === 'preparing' || current.status === 'ready') {
      return c.json({ errors: [{ code: 'EXPORT_EXISTS' }], ...current }, 409);
    }
    const row = await requestDataExport(deps.db, customer.id, emailLocale(c.req.header('accept-language')), now);
    // Two requests at once: the second finds the first's row and is refused like any second request.
    if (!row)
      return c.json(
        { errors: [{ code: 'EXPORT_EXISTS' }], ...exportState(await customerDataExport(deps.db, customer.id), now) },
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
    const row = await dataExportFile(deps.db, customer.id);
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
    const row = await passwordAndSignIn(db, customer.id, customer.sessionId);
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
