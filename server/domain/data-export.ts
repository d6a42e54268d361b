import { randomUUID } from 'node:crypto';
import { one, type Queryable } from '../db.ts';
import type { AppDeps } from '../lib/app-env.ts';
import { DAY_MS, addMs } from '../lib/clock.ts';
import { appLink, type EmailCopy } from '../lib/email-copy.ts';
import { deliverEmails, queueEmail } from '../lib/outbox.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { zip } from '../lib/zip.ts';
import { collectAccountData } from './your-data.ts';
import { summaryHtml } from './your-data-summary.ts';

/**
 * The account's data export (docs/decisions/610-data-export-format.md): one per customer at a time,
 * prepared a few seconds after it is asked for, downloadable for 7 days, then its file goes.
 */

/** How long an export takes to prepare (the job runs after the answer) and how long it can be downloaded. */
export const EXPORT_PREPARE_MS = 3_000;
export const EXPORT_AVAILABLE_MS = 7 * DAY_MS;

export type DataExport = {
  id: string;
  requested_at: Date;
  ready_at: Date;
  expires_at: Date;
  prepared_at: Date | null;
  locale: string | null;
};

/** The customer's export (without its file), or null when none was asked for. */
export const customerDataExport = (db: Queryable, customerId: string) =>
  one<DataExport>(
    db,
    'select id, requested_at, ready_at, expires_at, prepared_at, locale from data_exports where customer_id = $1',
    [customerId],
  );

/**
 * Asks for a new export, ready in EXPORT_PREPARE_MS and then downloadable for EXPORT_AVAILABLE_MS,
 * made in `locale`. Null while the customer's previous one has not expired: two requests at once,
 * the second finds the first's row and is refused like any second request.
 */
export const requestDataExport = (db: Queryable, customerId: string, locale: string | null, now: Date) => {
  const readyAt = addMs(now, EXPORT_PREPARE_MS);
  return one<DataExport>(
    db,
    `insert into data_exports (customer_id, id, requested_at, ready_at, expires_at, file, prepared_at, locale)
     values ($1, $2, $3, $4, $5, null, null, $6)
     on conflict (customer_id) do update set id = excluded.id, requested_at = excluded.requested_at, ready_at = excluded.ready_at,
       expires_at = excluded.expires_at, file = null, prepared_at = null, locale = excluded.locale
       where data_exports.expires_at <= $3
     returning id, requested_at, ready_at, expires_at, prepared_at, locale`,
    [customerId, randomUUID(), now, readyAt, addMs(readyAt, EXPORT_AVAILABLE_MS), locale],
  );
};

/** Past its 7 days an export's file goes at once (housekeeping also deletes the ones nobody looks at again). */
export async function dropExpiredExportFile(db: Queryable, customerId: string, now: Date): Promise<void> {
  await db.query(
    'update data_exports set file = null where customer_id = $1 and expires_at <= $2 and file is not null',
    [customerId, now],
  );
}

/** The export's file with when it was prepared and until when it may be downloaded, or null. */
export const dataExportFile = (db: Queryable, customerId: string) =>
  one<{ file: Uint8Array | null; prepared_at: Date | null; expires_at: Date }>(
    db,
    'select file, prepared_at, expires_at from data_exports where customer_id = $1',
    [customerId],
  );

/**
 * The job: once an export's time has come, builds its file from what the account holds then and
 * announces it by email. Run by a timer after the request and again by any read that finds it due;
 * only the run that marks it prepared sends the email.
 */
export async function prepareDueExport(deps: AppDeps, customerId: string, text: EmailCopy): Promise<void> {
  const now = deps.clock.now();
  const row = await customerDataExport(deps.db, customerId);
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
