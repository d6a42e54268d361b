import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '#server/seed/context.ts';
import { effectiveStatus } from '#server/api/smartcards.ts';
import { WALLET_IDS } from '#server/seed/wallet.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer, signedInClient } from '../helpers/server.ts';

type Card = {
  id: string;
  brand: string;
  lastFourDigits: string;
  expiryMonth: number;
  expiryYear: number;
  cardholderName: string;
  isExpired: boolean;
};
type Smartcard = {
  id: string;
  numberLastFour: string;
  operator: string;
  status: string;
  expiryDate: string;
  productsAwaitingCollection: {
    id: string;
    productName: string;
    route: string;
    validFrom: string;
    collectBy: string;
  }[];
};
type ErrorsBody = { errors: { code: string }[] };

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const BASE = '/my-account/api/customer';

let server: TestServer;
let client: ApiClient;

const signedIn = (who = DEMO) => signedInClient(server.origin, who);
const setClock = (offsetMs: number) => server.setClock(offsetMs);

beforeAll(async () => {
  server = await startTestServer();
  client = await signedIn();
});
/** A test that changes data starts from a freshly seeded database (and signs in again). */
const fresh = async (scenario: 'demo' | 'empty' = 'demo') => {
  await server.reset(scenario);
  client = await signedIn();
  return client;
};
afterAll(async () => {
  await server?.close();
});

describe('GET /customer/cards', () => {
  beforeAll(() => fresh());

  it('lists brand, last four digits, expiry, cardholder and the expired flag: never a card number', async () => {
    const res = await client.get<{ cards: Card[] }>(`${BASE}/cards`);
    expect(res.status).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(res.body.cards).toEqual([
      {
        id: WALLET_IDS.visa,
        brand: 'VISA',
        lastFourDigits: '4242',
        expiryMonth: 9,
        expiryYear: year + 2,
        cardholderName: 'Alex Morgan',
        isExpired: false,
      },
      {
        id: WALLET_IDS.mastercard,
        brand: 'MASTERCARD',
        lastFourDigits: '5100',
        expiryMonth: 3,
        expiryYear: year + 3,
        cardholderName: 'Alex Morgan',
        isExpired: false,
      },
      {
        id: WALLET_IDS.amex,
        brand: 'AMEX',
        lastFourDigits: '1005',
        expiryMonth: 6,
        expiryYear: year - 1,
        cardholderName: 'Alex Morgan',
        isExpired: true,
      },
    ]);
    // Card numbers are 12-19 digits: no run of digits that long, and no field beyond the listed ones.
    expect(JSON.stringify(res.body)).not.toMatch(/\d{12,}/);
  });

  it('is empty in the empty scenario and needs a session', async () => {
    const c = await fresh('empty');
    expect((await c.get(`${BASE}/cards`)).body).toEqual({ cards: [] });
    const anon = apiClient(server.origin);
    expect((await anon.get(`${BASE}/cards`)).status).toBe(401);
  });
});

describe('POST /customer/delete-card', () => {
  beforeAll(() => fresh());

  it('deletes a card', async () => {
    const res = await client.post(`${BASE}/delete-card`, { id: WALLET_IDS.visa });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const list = await client.get<{ cards: Card[] }>(`${BASE}/cards`);
    expect(list.body.cards.map((c) => c.id)).toEqual([WALLET_IDS.mastercard, WALLET_IDS.amex]);
  });

  it('refuses the card that pays a season renewal: 409 CARD_IN_USE, and keeps it', async () => {
    const res = await client.post<ErrorsBody>(`${BASE}/delete-card`, { id: WALLET_IDS.mastercard });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]?.code).toBe('CARD_IN_USE');
    // The refusal names the renewal that uses the card and what to do.
    const body = res.body as ErrorsBody & { detail?: string; renewal?: { bookingId: string } };
    expect(body.detail).toMatch(
      /^This card pays for the automatic renewal of your annual season ticket from Reading to London Paddington, which renews on \d{1,2} \w+ \d{4}\. To delete it, first turn off automatic renewal for that season ticket or pay for it with another card, then delete this card\.$/,
    );
    expect(body.renewal?.bookingId).toBe(stableId('booking', 'demo-season-annual-reading:0'));
    const list = await client.get<{ cards: Card[] }>(`${BASE}/cards`);
    expect(list.body.cards.map((c) => c.id)).toContain(WALLET_IDS.mastercard);
  });

  it("answers 404 for an unknown card or another customer's", async () => {
    expect((await client.post(`${BASE}/delete-card`, { id: 'nope' })).status).toBe(404);
    const sam = await signedIn(SAM);
    expect((await sam.post(`${BASE}/delete-card`, { id: WALLET_IDS.visa })).status).toBe(404);
  });

  it('needs CSRF and a session', async () => {
    expect((await client.post(`${BASE}/delete-card`, { id: WALLET_IDS.visa }, { csrf: 'none' })).status).toBe(403);
    const anon = apiClient(server.origin);
    await anon.init();
    expect((await anon.post(`${BASE}/delete-card`, { id: WALLET_IDS.visa })).status).toBe(401);
  });
});

describe('GET /customer/smartcards', () => {
  beforeAll(() => fresh());

  it('lists the smartcards with their state and products awaiting collection', async () => {
    const res = await client.get<{ smartcards: Smartcard[] }>(`${BASE}/smartcards`);
    expect(res.status).toBe(200);
    const [active, inactive] = res.body.smartcards;
    expect(active).toMatchObject({
      id: WALLET_IDS.activeSmartcard,
      numberLastFour: '8901',
      operator: 'Northern',
      status: 'ACTIVE',
    });
    expect(active?.productsAwaitingCollection).toEqual([
      expect.objectContaining({
        productName: 'Off-Peak Day Return',
        route: 'Leeds to York',
        origin: 'Leeds',
        destination: 'York',
      }),
    ]);
    expect(inactive).toMatchObject({ operator: 'Greater Anglia', status: 'INACTIVE', productsAwaitingCollection: [] });
    expect(active?.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('drops a product once its collect-by day has passed', async () => {
    await setClock(6 * 24 * 3600 * 1000);
    try {
      // Hours later the customer signs in again: a session ends after 30 idle minutes (decision 154).
      client = await signedIn();
      const res = await client.get<{ smartcards: Smartcard[] }>(`${BASE}/smartcards`);
      expect(res.status).toBe(200);
      expect(res.body.smartcards[0]?.productsAwaitingCollection).toEqual([]);
    } finally {
      await setClock(0);
    }
  });

  it('reports a card past its expiry day as EXPIRED (lost or stolen stays so)', () => {
    expect(effectiveStatus('ACTIVE', '2026-01-31', '2026-02-01')).toBe('EXPIRED');
    expect(effectiveStatus('INACTIVE', '2026-01-31', '2026-02-01')).toBe('EXPIRED');
    expect(effectiveStatus('LOST_STOLEN', '2026-01-31', '2026-02-01')).toBe('LOST_STOLEN');
    expect(effectiveStatus('ACTIVE', '2026-01-31', '2026-01-31')).toBe('ACTIVE');
  });

  it('is empty in the empty scenario and needs a session', async () => {
    const c = await fresh('empty');
    expect((await c.get(`${BASE}/smartcards`)).body).toEqual({ smartcards: [] });
    expect((await apiClient(server.origin).get(`${BASE}/smartcards`)).status).toBe(401);
  });
});
