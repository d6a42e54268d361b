import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { many, type Queryable } from '../db.ts';
import type { AppDeps, AppEnv } from './app-env.ts';
import { devScriptHashes } from './dev-csp.ts';

/**
 * The local server's outbox (docs/decisions/352-outbox.md). The server has no
 * mail relay; every email it would send is kept instead, so "where is my email?" has an answer:
 * - a row in `outbox_emails`, listed newest first on the dev page `/__outbox` (not mounted with
 *   NODE_ENV=production);
 * - with a data folder (`npm start`), an `.eml` file under `DATA_DIR/outbox/`, which any mail
 *   client opens;
 * - one log line naming it, as before.
 */
export type OutboxKind =
  | 'booking-confirmation'
  | 'password-reset'
  | 'email-change'
  | 'sign-in-link'
  | 'registration'
  | 'refund-confirmation'
  | 'insurance-claim'
  | 'assistance-cancelled'
  | 'data-export'
  | 'account-closed';

export type OutboxEmail = {
  kind: OutboxKind;
  to: readonly string[];
  subject: string;
  body: string;
  /** The URL prefix of the customer's language; null is en-GB. */
  locale: string | null;
};

/**
 * The addresses once each, in the order given: surrounding spaces dropped, and two spellings of one
 * address that differ only in case are one recipient (mail providers treat them as one mailbox).
 */
export function uniqueAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (!address || seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
}

/** RFC 5322 header value: a non-ASCII subject is encoded (RFC 2047) so any mail client shows it. */
const headerText = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

export function emlText(mail: OutboxEmail, id: string, at: Date): string {
  return [
    'From: My account <no-reply@my-account.example>',
    `To: ${mail.to.join(', ')}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${at.toUTCString()}`,
    `Message-ID: <${id}@my-account.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    `Content-Language: ${mail.locale ?? 'en-GB'}`,
    '',
    mail.body,
    '',
  ].join('\r\n');
}

/** An email written to the outbox table, not yet delivered (its .eml file and log line). */
export type QueuedEmail = OutboxEmail & { id: string; at: Date };

/**
 * Writes one email's row through `q`: inside the transaction of the change it reports
 * (docs/decisions/720-outbox-row-in-the-same-transaction.md), so the row exists exactly when the
 * change does, with no moment between them. Hand the answer to `deliverEmails` once committed.
 */
export async function queueEmail(q: Queryable, at: Date, mail: OutboxEmail): Promise<QueuedEmail> {
  const to = uniqueAddresses(mail.to);
  if (to.length === 0) throw new Error('an email needs at least one address');
  const id = randomUUID();
  await q.query(
    `insert into outbox_emails (id, kind, to_addresses, subject, body, locale, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, mail.kind, to, mail.subject, mail.body, mail.locale, at],
  );
  return { ...mail, to, id, at };
}

/**
 * Delivers emails whose rows are committed: the `.eml` file (with a data folder) and the log line.
 * Runs after the commit only, so nothing is delivered for a change that was rolled back.
 */
export async function deliverEmails(
  deps: AppDeps,
  queued: readonly (QueuedEmail | null)[],
): Promise<(string | null)[]> {
  const files: (string | null)[] = [];
  for (const mail of queued) {
    if (!mail) continue;
    let file: string | null = null;
    if (deps.outboxDir) {
      await mkdir(deps.outboxDir, { recursive: true });
      file = join(
        deps.outboxDir,
        `${mail.at.toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${mail.id.slice(0, 8)}.eml`,
      );
      await writeFile(file, emlText(mail, mail.id, mail.at), { mode: 0o600 });
    }
    deps.log(`Email (${mail.kind}) to ${mail.to.join(', ')}: ${mail.subject}${file ? ` [${file}]` : ' [/__outbox]'}`);
    files.push(file);
  }
  return files;
}

/**
 * "Sends" one email that records nothing else (the notice to an address that already has an
 * account): its row is written on its own, then delivered (table, and a file when the server has a
 * data folder). An email that goes with a row of its own (a link's token) is queued with it instead.
 */
export async function sendEmail(deps: AppDeps, mail: OutboxEmail): Promise<{ id: string; file: string | null }> {
  const queued = await queueEmail(deps.db, deps.clock.now(), mail);
  const [file = null] = await deliverEmails(deps, [queued]);
  return { id: queued.id, file };
}

type OutboxRow = {
  id: string;
  kind: OutboxKind;
  to_addresses: string[];
  subject: string;
  body: string;
  locale: string | null;
  created_at: Date;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Links in a body become clickable (after escaping, so nothing else can become markup). */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * GET /__outbox: the emails the server kept, newest first (the last 100); GET /__outbox.json the
 * same as JSON. A developer's and tester's page, like a local mail catcher: every email of every
 * account, links included, so it is never mounted in production (createApp, NODE_ENV).
 */
export function outboxRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const policy =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  const scriptHashes = devScriptHashes();
  const latest = (deps: AppDeps) =>
    many<OutboxRow>(deps.db, 'select * from outbox_emails order by created_at desc, id limit 100');
  routes.get('/__outbox.json', async (c) => {
    const rows = await latest(c.get('deps'));
    c.header('Cache-Control', 'no-store');
    return c.json({
      emails: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.to_addresses,
        subject: r.subject,
        body: r.body,
        locale: r.locale,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    });
  });
  routes.get('/__outbox', async (c) => {
    const rows = await latest(c.get('deps'));
    const items = rows.map(
      (r) => `<article>
<h2>${escapeHtml(r.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(r.to_addresses.join(', '))}</dd><dt>Sent</dt><dd><time datetime="${new Date(r.created_at).toISOString()}">${escapeHtml(new Date(r.created_at).toUTCString())}</time></dd><dt>Kind</dt><dd>${escapeHtml(r.kind)}</dd><dt>Language</dt><dd>${escapeHtml(r.locale ?? 'en-GB')}</dd></dl>
<pre>${linkify(escapeHtml(r.body))}</pre>
</article>`,
    );
    c.header('Cache-Control', 'no-store');
    // No script of its own; the axe-core check of the e2e tests and look.mjs is allowed by hash, as on the shell.
    c.header(
      'Content-Security-Policy',
      `${policy}${scriptHashes.length ? `; script-src ${scriptHashes.join(' ')}` : ''}`,
    );
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (local server)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:48rem;padding:0 1rem}article{border-top:1px solid #767676;padding:.5rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:0 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f3f3;padding:.5rem}a{color:#0b57d0}</style></head>
<body><main><h1>Outbox</h1>
<p>Every email this local server would have sent, newest first (the last 100). Nothing leaves this machine.${rows.length === 0 ? ' No emails yet.' : ''}</p>
${items.join('\n')}
</main></body></html>`);
  });
  return routes;
}
