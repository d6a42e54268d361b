import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openTestDb } from '#test/helpers/db.ts';
import { ticketSignature } from '#server/domain/ticket-barcode.ts';
import { createClock } from '#server/lib/clock.ts';
import { sendEmail, uniqueAddresses } from '#server/lib/outbox.ts';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { FAILING_ON_DEMAND_BOOKING_KEY } from '#server/seed/booking-actions.ts';
import { stableFriendlyOrderId, stableId } from '#server/seed/context.ts';
import { apiClient, createFixtureDist, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const API = '/my-account/api';
const booking = (key: string) => stableId('booking', `${key}:0`);
const order = (key: string) => stableId('order', key);
const delivery = (key: string) => stableId('delivery', key);
const EUSTON_MANCHESTER = 'demo-upcoming-euston-manchester'; // mobile, Advance Single, Alex

type Ticket = { reference: string; issuedAt: string; barcode: string };
type Outbox = { emails: { kind: string; to: string[]; subject: string; body: string; locale: string | null }[] };

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.setClock(0);
  client = apiClient(server.origin);
  await client.init();
  const res = await client.post(`${API}/login`, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  expect(res.status).toBe(200);
});

const generate = (key: string) =>
  client.post<{ deliverableId: string }>(`${API}/booking/${booking(key)}/generate-on-demand-ticket/${delivery(key)}`);
const status = (key: string, deliverableId: string) =>
  client.get<{ status: string; ticket?: Ticket }>(
    `${API}/booking/${booking(key)}/get-on-demand-ticket-status/${deliverableId}`,
  );
const issuedOnBooking = async (key: string) =>
  (
    await client.get<{ bookings: { id: string; delivery: { issuedTicket?: Ticket } }[] }>(
      `${API}/booking/${booking(key)}`,
    )
  ).body.bookings.find((b) => b.id === booking(key))?.delivery.issuedTicket;

describe('an on-demand ticket is issued once and kept with the booking', () => {
  beforeAll(() => server.reset());

  it('answers a second generate, before and after issuing, with the same deliverable and ticket', async () => {
    const first = await generate(EUSTON_MANCHESTER);
    const again = await generate(EUSTON_MANCHESTER);
    expect(again.status).toBe(200);
    expect(again.body.deliverableId).toBe(first.body.deliverableId);
    await server.setClock(4000);
    const ready = await status(EUSTON_MANCHESTER, first.body.deliverableId);
    expect(ready.body.status).toBe('ready');
    const ticket = ready.body.ticket!;
    const later = await generate(EUSTON_MANCHESTER);
    expect(later.body.deliverableId).toBe(first.body.deliverableId);
    expect((await status(EUSTON_MANCHESTER, later.body.deliverableId)).body.ticket).toEqual(ticket);
    // Every visit (a new session too) shows the same ticket from the booking itself.
    expect(await issuedOnBooking(EUSTON_MANCHESTER)).toEqual(ticket);
    client = apiClient(server.origin);
    await client.init();
    await client.post(`${API}/login`, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(await issuedOnBooking(EUSTON_MANCHESTER)).toEqual(ticket);
  });

  it('carries the ticket’s facts in its code, signed by the server', async () => {
    await server.setClock(4000);
    const ticket = (await issuedOnBooking(EUSTON_MANCHESTER))!;
    const fields = ticket.barcode.split('|');
    expect(fields.slice(0, 4)).toEqual(['GBRT1', ticket.reference, 'EUS', 'MAN']);
    expect(fields[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fields[5]).toBe(fields[4]); // a single: valid on its day
    expect(fields.slice(6, 9)).toEqual(['Advance Single', 'S', '1A0C']);
    expect(fields[9]).toMatch(/^[\w-]{16}$/);
    // The signature covers every field: changing one (say, the class) no longer matches it.
    const signed = fields.slice(0, 9).join('|');
    expect(ticketSignature('not the server key', signed)).not.toBe(fields[9]);
    expect(ticket.barcode).toMatch(/^[\x20-\x7e]+$/);
  });

  it('issues nothing for a replaced order (its tickets were cancelled)', async () => {
    client = apiClient(server.origin);
    await client.init();
    await client.post(`${API}/login`, { email: REFUNDS_ACCOUNT.email, password: REFUNDS_ACCOUNT.password });
    const res = await generate('refunds-part-refunded-liverpool-manchester');
    expect([res.status, (res.body as unknown as { errors: { code: string }[] }).errors[0]?.code]).toEqual([
      409,
      'BOOKING_REPLACED',
    ]);
  });

  it('after a failed issue, generating again tries again (nothing was issued)', async () => {
    const failing = await generate(FAILING_ON_DEMAND_BOOKING_KEY);
    await server.setClock(2500);
    expect((await status(FAILING_ON_DEMAND_BOOKING_KEY, failing.body.deliverableId)).body).toEqual({
      status: 'failed',
    });
    const retry = await generate(FAILING_ON_DEMAND_BOOKING_KEY);
    expect(retry.body.deliverableId).not.toBe(failing.body.deliverableId);
    expect(await issuedOnBooking(FAILING_ON_DEMAND_BOOKING_KEY)).toBeUndefined();
  });
});

describe('the outbox keeps every email the server would send', () => {
  beforeAll(() => server.reset());
  const outbox = async () => (await client.get<Outbox>('/__outbox.json')).body.emails;

  it('resend: one booking email to each address once, in the customer’s language', async () => {
    const res = await client.post(
      `${API}/booking/resend-email`,
      {
        // Only the booking's own address may be sent to (decision 301); typed three ways, it is sent once.
        emailAddresses: ['demo@example.com', ' DEMO@example.com ', 'demo@example.com'],
        bookingId: booking(EUSTON_MANCHESTER),
        orderId: order(EUSTON_MANCHESTER),
        deliveryMethod: 'mobile',
        vendor: 'Leisure',
      },
      { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
    );
    expect(res.status).toBe(200);
    const [email] = await outbox();
    const reference = stableFriendlyOrderId(EUSTON_MANCHESTER);
    expect(email).toMatchObject({ kind: 'booking-confirmation', to: ['demo@example.com'], locale: 'fr' });
    expect(email?.subject).toBe(`Votre réservation ${reference}`);
    expect(email?.body).toContain('London Euston');
    expect(email?.body).toContain(`/fr/my-account/bookings/${booking(EUSTON_MANCHESTER)}`);
  });

  it('reset password and change of email land there too, with their links', async () => {
    await client.post(`${API}/customer/forgot-password`, { email: DEMO_ACCOUNT.email }, { csrf: 'body' });
    const [reset] = await outbox();
    expect(reset).toMatchObject({ kind: 'password-reset', to: [DEMO_ACCOUNT.email], subject: 'Reset your password' });
    expect(reset?.body).toMatch(/\/my-account\/reset-password#token=[\w-]+/);
    const change = await client.post(`${API}/customer/change-email`, {
      newEmailAddress: 'alex.new@example.com',
      currentPassword: DEMO_ACCOUNT.password,
    });
    expect(change.status).toBe(202);
    const [confirm] = await outbox();
    expect(confirm).toMatchObject({
      kind: 'email-change',
      to: ['alex.new@example.com'],
      subject: 'Confirm your new email address',
    });
    expect(confirm?.body).toMatch(/\/my-account\/confirm-email#token=/);
  });

  it('shows them on the dev page, escaped, newest first', async () => {
    const page = await client.page('/__outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.html).toContain('<h1>Outbox</h1>');
    expect(page.html.indexOf('Confirm your new email address')).toBeLessThan(page.html.indexOf('Reset your password'));
    expect(page.html).not.toMatch(/<script/i);
  });
});

describe('outbox parts', () => {
  it('sends a repeated address once, whatever its case or spaces', () => {
    expect(uniqueAddresses(['a@example.com', ' A@Example.com', 'b@example.com', '', 'a@example.com '])).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });

  it('writes each email as an .eml file in the outbox folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const db = await openTestDb(null);
    try {
      const lines: string[] = [];
      const { file } = await sendEmail(
        { db, clock: createClock(), log: (l) => lines.push(l), testHooks: null, feature: () => true, outboxDir: dir },
        {
          kind: 'password-reset',
          to: ['robin@example.com', 'Robin@example.com'],
          subject: 'Réinitialiser',
          body: 'Ouvrez ce lien : https://x/y',
          locale: 'fr',
        },
      );
      expect(await readdir(dir)).toHaveLength(1);
      const eml = await readFile(file!, 'utf8');
      expect(eml).toContain('To: robin@example.com\r\n');
      expect(eml).toContain(`Subject: =?UTF-8?B?${Buffer.from('Réinitialiser').toString('base64')}?=`);
      expect(eml).toContain('Content-Language: fr');
      expect(eml.endsWith('Ouvrez ce lien : https://x/y\r\n')).toBe(true);
      expect(lines[0]).toContain(file!);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('mounts no outbox page in production', async () => {
    const db = await openTestDb(null);
    const before = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      const prod = await createApp({ db, distDir: await createFixtureDist(), log: () => {} });
      expect((await prod.request('/__outbox')).status).toBe(404);
      expect((await prod.request('/__outbox.json')).status).toBe(404);
      process.env.NODE_ENV = before;
      const dev = await createApp({ db, distDir: await createFixtureDist(), log: () => {} });
      expect((await dev.request('/__outbox.json')).status).toBe(200);
    } finally {
      process.env.NODE_ENV = before;
      await db.close();
    }
  });
});
