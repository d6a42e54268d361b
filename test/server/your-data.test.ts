import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EXPORT_AVAILABLE_MS, EXPORT_PREPARE_MS } from '#server/domain/data-export.ts';
import { LEAVING_ACCOUNT } from '#server/seed/accounts.ts';
import { LEAVING_IDS } from '#server/seed/your-data.ts';
import { stableFriendlyOrderId } from '#server/seed/context.ts';
import type { AccountData } from '#server/domain/your-data.ts';
import { apiClient, signedInClient, type ApiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * Download your data and close your account (decisions 610, 611), on the account seeded for them
 * (leaving@example.com): the export holds, field by field, what the account's own calls answer;
 * closing leaves, table by table, nothing of the account but its orders as they were bought.
 */
const API = '/my-account/api';
const LEAVING = { email: LEAVING_ACCOUNT.email, password: LEAVING_ACCOUNT.password };
const REFUNDS = { email: 'refunds@example.com', password: LEAVING_ACCOUNT.password };

const server = useTestServer({ resetEachTest: true });

type Outbox = { kind: string; to: string[]; subject: string; body: string }[];
const outbox = async (): Promise<Outbox> =>
  ((await (await fetch(`${server.origin}/__outbox.json`)).json()) as { emails: Outbox }).emails;

/** The entries of a ZIP (central directory, stored or deflated), as the unzip tools read them. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : packed;
    expect(data.length).toBe(size);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

async function readyExport(client: ApiClient) {
  const asked = await client.post<{ status: string }>(`${API}/customer/data-export`, {});
  expect(asked.status).toBe(202);
  expect(asked.body.status).toBe('preparing');
  await server.setClock(EXPORT_PREPARE_MS + 1000);
  const state = await client.get<{ status: string; expiresAt: string }>(`${API}/customer/data-export`);
  expect(state.body.status).toBe('ready');
  const res = await fetch(`${server.origin}${API}/customer/data-export/file`, {
    headers: { cookie: `ma_session=${client.cookie('ma_session')}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="my-account-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzip(Buffer.from(await res.arrayBuffer()));
}

describe('download your data', () => {
  it('is prepared as a job, announced by email, one at a time, and gone after 7 days', async () => {
    const client = await signedInClient(server.origin, LEAVING);
    expect((await client.get(`${API}/customer/data-export`)).body).toEqual({
      status: 'none',
      requestedAt: null,
      readyAt: null,
      expiresAt: null,
    });
    const files = await readyExport(client);
    expect([...files.keys()]).toEqual(['data.json', 'summary.html']);
    const mail = (await outbox()).filter((e) => e.kind === 'data-export');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: [LEAVING.email], subject: 'Your data is ready to download' });
    expect(mail[0]?.body).toContain('/my-account/account-controls#your-data');
    // One at a time: while one is ready, another is refused with its state.
    const again = await client.post<{ errors: { code: string }[]; status: string }>(`${API}/customer/data-export`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: [{ code: 'EXPORT_EXISTS' }], status: 'ready' });
    // 7 days after it was ready: expired, the file is not served, and a new one may be asked for.
    await server.setClock(EXPORT_PREPARE_MS + EXPORT_AVAILABLE_MS + 2000);
    const later = await signedInClient(server.origin, LEAVING);
    expect((await later.get<{ status: string }>(`${API}/customer/data-export`)).body.status).toBe('expired');
    expect((await later.get(`${API}/customer/data-export/file`)).status).toBe(404);
    expect(await server.query('select id from data_exports where file is not null')).toEqual([]);
    expect((await later.post(`${API}/customer/data-export`, {})).status).toBe(202);
  });

  it('holds, field by field, what the account holds', async () => {
    const client = await signedInClient(server.origin, LEAVING);
    // A sign-in, seen by the export's sign-in history.
    const files = await readyExport(client);
    const data = JSON.parse(files.get('data.json')!.toString('utf8')) as AccountData;
    expect(data).toMatchObject({ format: 'rail-my-account/data-export', version: 1 });
    expect(data.profile).toMatchObject({
      email: LEAVING.email,
      firstName: 'Casey',
      lastName: 'Brooks',
      hasPassword: true,
      signUpMethod: 'internal',
    });

    // Saved passengers and railcards: every field the passengers call answers, and the railcard.
    const passengers = (
      await client.get<{ passengers: Record<string, unknown>[] }>(`${API}/customer/passengers-and-railcards`)
    ).body;
    const list = Array.isArray(passengers) ? (passengers as Record<string, unknown>[]) : passengers.passengers;
    expect(data.passengers).toHaveLength(list.length);
    for (const p of list) {
      const exported = data.passengers.find((e) => e.id === p.id);
      for (const key of [
        'firstName',
        'lastName',
        'nickName',
        'emailAddress',
        'day',
        'month',
        'year',
        'isAccountHolder',
      ] as const) {
        expect(exported?.[key], `passenger ${String(p.id)} ${key}`).toEqual(p[key]);
      }
    }
    const dana = data.passengers.find((p) => p.id === LEAVING_IDS.dana);
    expect(dana?.railcards).toEqual([
      expect.objectContaining({
        id: LEAVING_IDS.danaRailcard,
        code: 'YNG',
        cardNumber: 'YNG6602471',
        isDigital: false,
      }),
    ]);

    // Addresses: the address book's own answer, plus when each was saved.
    const addresses = (await client.get<{ addresses?: unknown[] } | unknown[]>(`${API}/customer/all-addresses`)).body;
    const addressList = (Array.isArray(addresses) ? addresses : (addresses.addresses ?? [])) as Record<
      string,
      unknown
    >[];
    expect(data.addresses.map(({ createdAt: _c, updatedAt: _u, ...a }) => a)).toEqual(addressList);

    // Saved cards: last four digits and expiry (with brand and name on the card), never a number.
    const cards = (await client.get<unknown>(`${API}/customer/cards`)).body;
    const cardList = (Array.isArray(cards) ? cards : ((cards as { cards?: unknown[] }).cards ?? [])) as Record<
      string,
      unknown
    >[];
    expect(data.savedCards).toHaveLength(cardList.length);
    expect(data.savedCards[0]).toEqual({
      id: LEAVING_IDS.card,
      brand: 'VISA',
      lastFourDigits: '4444',
      expiryMonth: 11,
      expiryYear: expect.any(Number),
      cardholderName: 'Casey Brooks',
      createdAt: expect.any(String),
    });
    expect(Object.keys(data.savedCards[0]!)).not.toContain('number');

    // Smartcards.
    const smartcards = (await client.get<unknown>(`${API}/customer/smartcards`)).body;
    const smartcardList = (
      Array.isArray(smartcards) ? smartcards : ((smartcards as { smartcards?: unknown[] }).smartcards ?? [])
    ) as Record<string, unknown>[];
    expect(data.smartcards.map((s) => s.id)).toEqual(smartcardList.map((s) => s.id ?? s.smartcardId));
    expect(data.smartcards[0]).toMatchObject({ numberLastFour: '7712', operator: 'Northern', status: 'ACTIVE' });

    // Contact preferences: each category's choice as the preferences call answers it, with when it was made.
    const consents = (
      await client.get<{ consents: { id: string; selected: boolean; hasEverBeenUpdated: boolean }[] }>(
        `${API}/customer/consents`,
      )
    ).body;
    for (const c of consents.consents) {
      expect(data.contactPreferences.choices.find((x) => x.consentId === c.id)).toMatchObject({
        selected: c.selected,
        hasEverBeenUpdated: c.hasEverBeenUpdated,
      });
    }
    expect(data.contactPreferences.choices.find((x) => x.consentId === 'text-messages')?.updatedAt).toEqual(
      expect.any(String),
    );

    // Bookings: every booking the lists show, with its refund, claim and assistance.
    const references = new Set<string>();
    for (const filter of ['upcoming', 'past']) {
      const page = (
        await client.get<{ results: { order: { friendlyOrderId: string } }[] }>(`${API}/bookings/${filter}?page=0`)
      ).body;
      for (const b of page.results) references.add(b.order.friendlyOrderId);
    }
    expect(new Set(data.bookings.map((b) => b.reference))).toEqual(references);
    const refunded = data.bookings.find((b) => b.reference === stableFriendlyOrderId(LEAVING_IDS.refunded));
    expect(refunded?.refunds).toEqual([
      expect.objectContaining({
        kind: 'full',
        amount: { amount: 22.4, currencyCode: 'GBP' },
        cardLastFour: '4444',
        refundedAt: expect.any(String),
      }),
    ]);
    expect(refunded?.payment).toEqual({ cardBrand: 'Visa', cardLastFour: '4444' });
    const claimed = data.bookings.find((b) => b.reference === stableFriendlyOrderId(LEAVING_IDS.claimed));
    expect(claimed?.delayRepayClaims).toEqual([
      expect.objectContaining({ status: 'paid', delayMinutes: 32, compensation: 7.1 }),
    ]);
    const upcoming = data.bookings.find((b) => b.reference === stableFriendlyOrderId(LEAVING_IDS.upcoming));
    expect(upcoming?.passengerAssistance).toEqual([
      expect.objectContaining({ kinds: ['luggage'], details: 'Two large cases', status: 'booked' }),
    ]);

    // What no screen lists: provider links, the calendar feed, the sign-ins the server keeps.
    expect(data.signInProviders).toEqual([
      { provider: 'google', providerAccountId: 'seed-leaving-casey', linkedAt: expect.any(String) },
    ]);
    expect(data.calendarFeed).toMatchObject({ enabled: true, createdAt: expect.any(String) });
    expect(data.signInHistory.length).toBeGreaterThanOrEqual(1);
    expect(data.signInHistory[0]).toEqual({
      signedInAt: expect.any(String),
      lastUsedAt: expect.any(String),
      endsAt: expect.any(String),
    });

    // The readable half names every section and shows the values.
    const html = files.get('summary.html')!.toString('utf8');
    for (const text of [
      'Saved passengers and railcards',
      'Saved cards',
      'Sign-in history',
      'Casey',
      'YNG6602471',
      '4444',
      'Two large cases',
      'seed-leaving-casey',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/<script/i);
  });

  it('is for a signed-in owner with a proved email only', async () => {
    const anonymous = apiClient(server.origin);
    await anonymous.init();
    expect((await anonymous.get(`${API}/customer/data-export`)).status).toBe(401);
    expect((await anonymous.post(`${API}/customer/close-account`, { password: 'x' })).status).toBe(401);
    await server.query('update customers set email_verified_at = null where email = $1', [LEAVING.email]);
    const unproved = await signedInClient(server.origin, LEAVING);
    expect(
      (await unproved.post<{ errors: { code: string }[] }>(`${API}/customer/data-export`, {})).body.errors[0]?.code,
    ).toBe('EMAIL_NOT_VERIFIED');
    expect((await unproved.post(`${API}/customer/close-account`, { password: LEAVING.password })).status).toBe(403);
  });
});

describe('close your account', () => {
  it('asks for the password, and refuses while a refund or claim is under way, saying which', async () => {
    const client = await signedInClient(server.origin, LEAVING);
    const wrong = await client.post<{ errors: { code: string }[] }>(`${API}/customer/close-account`, {
      password: 'not-it-2026',
    });
    expect([wrong.status, wrong.body.errors[0]?.code]).toEqual([400, 'PASSWORD_INCORRECT']);
    expect(
      (await client.post(`${API}/customer/close-account`, { password: LEAVING.password }, { csrf: 'none' })).status,
    ).toBe(403);

    const robin = await signedInClient(server.origin, REFUNDS);
    const refused = await robin.post<{ errors: { code: string }[]; matters: { kind: string; reference: string }[] }>(
      `${API}/customer/close-account`,
      {
        password: REFUNDS.password,
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]?.code).toBe('OPEN_MATTERS');
    expect(refused.body.matters.length).toBeGreaterThan(0);
    expect(refused.body.matters.some((x) => x.kind === 'refund')).toBe(true);
    for (const matter of refused.body.matters) expect(matter.reference).toMatch(/^TL-[A-Z0-9]{6}$/);
    // Still open: nothing was deleted.
    expect((await robin.get(`${API}/user`)).status).toBe(200);
  });

  it('deletes everything but the orders, which Find a booking still finds; the account cannot sign in again', async () => {
    const [customer] = await server.query<{ id: string }>('select id from customers where email = $1', [LEAVING.email]);
    const customerId = customer!.id;
    const orders = await server.query<{ id: string; friendly_order_id: string }>(
      'select id, friendly_order_id from orders where customer_id = $1',
      [customerId],
    );
    expect(orders).toHaveLength(3);
    const orderIds = orders.map((o) => o.id);
    const client = await signedInClient(server.origin, LEAVING);
    // Things made during the visit go too: a pending change of email, an export.
    await client.post(`${API}/customer/data-export`, {});
    const closed = await client.post(`${API}/customer/close-account`, { password: LEAVING.password });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ success: true });

    // Signed out everywhere.
    expect((await client.get<{ user: { status: string } }>(`${API}/user`)).body.user.status).toBe('UNKNOWN');

    // The confirmation email.
    const mail = (await outbox()).filter((e) => e.kind === 'account-closed');
    expect(mail).toEqual([expect.objectContaining({ to: [LEAVING.email], subject: 'Your account has been closed' })]);
    expect(mail[0]?.body).toContain('/my-account/find-booking');

    // Table by table: what identifies the person or the account, and where it may still be.
    const markers = [
      customerId,
      LEAVING.email,
      'Casey',
      'Brooks',
      'Dana',
      'Bootham',
      'YO30 7BW',
      'YNG6602471',
      '7712',
      '4444',
      'seed-leaving-casey',
      'Two large cases',
    ];
    // The orders as bought: their email, passengers, payment's last four digits, refunds, claims, and help booked for a journey to come.
    const kept = new Map<string, string>([
      ['orders', 'id'],
      ['bookings', 'order_id'],
      ['order_payments', 'order_id'],
      ['refunds', 'order_id'],
      ['delay_repay_claims', 'order_id'],
      ['passenger_assistance', 'order_id'],
    ]);
    const tables = await server.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(tables.length).toBeGreaterThan(40);
    const found: Record<string, number> = {};
    for (const { table_name: table } of tables) {
      // The outbox stands for mail already delivered to the customer's mailbox, not data the account holds.
      if (table === 'outbox_emails') continue;
      const rows = await server.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${table} t`);
      const hits = rows.filter(({ row }) => {
        const text = JSON.stringify(row);
        return markers.some((marker) => text.includes(marker));
      });
      if (hits.length === 0) continue;
      found[table] = hits.length;
      const column = kept.get(table);
      expect(
        column,
        `${table} still holds the closed account's data: ${JSON.stringify(hits[0]?.row).slice(0, 300)}`,
      ).toBeDefined();
      for (const { row } of hits) {
        expect(orderIds, `${table}: a row of another order`).toContain(row[column!]);
        expect(JSON.stringify(row), `${table} keeps the account's id`).not.toContain(customerId);
      }
    }
    expect(Object.keys(found).sort()).toEqual([
      'bookings',
      'order_payments',
      'orders',
      'passenger_assistance',
      'refunds',
    ]);
    // Kept with the orders, though nothing in them names the person: the refund's items and the paid claim.
    expect(await server.query('select id from delay_repay_claims where order_id = any($1)', [orderIds])).toHaveLength(
      1,
    );
    expect(
      (
        await server.query(
          'select refund_id from refund_items i join refunds r on r.id = i.refund_id where r.order_id = any($1)',
          [orderIds],
        )
      ).length,
    ).toBeGreaterThan(0);
    // Help booked for a journey already travelled goes; the journey to come keeps its booking of help.
    expect(await server.query('select id from passenger_assistance where order_id = any($1)', [orderIds])).toHaveLength(
      1,
    );
    expect(await server.query('select * from booking_counts where customer_id = $1', [customerId])).toEqual([]);

    // No way back in (after the table walk: a refused sign-in is counted, for 15 minutes, under the email typed).
    const again = apiClient(server.origin);
    await again.init();
    expect((await again.post(`${API}/login`, LEAVING)).status).toBeGreaterThanOrEqual(400);

    // Every order is still found with Find a booking, as a booking of no account.
    for (const order of orders) {
      const [booking] = await server.query<{ data: { outward: { date: string } } }>(
        'select data from bookings where order_id = $1',
        [order.id],
      );
      const day = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/London',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(booking!.data.outward.date));
      const visitor = apiClient(server.origin);
      await visitor.init();
      const res = await visitor.post<{ orderExchangeToken: string }>(`${API}/booking/find-booking`, {
        bookingReference: order.friendly_order_id,
        departureDate: day,
        passengerSurname: 'Brooks',
        emailAddress: LEAVING.email,
      });
      expect(res.status, order.friendly_order_id).toBe(200);
      const access = await visitor.post<{ orderId: string }>(`${API}/user-flow-access`, {
        token: res.body.orderExchangeToken,
      });
      expect(access.body.orderId).toBe(order.id);
    }
  });
});
