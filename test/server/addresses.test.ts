import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_IDS } from '#server/seed/wallet.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer, signedInClient } from '../helpers/server.ts';

type Address = Record<string, unknown> & { id: string; nickName: string | null; isLastUsedDelivery: boolean };
type ErrorsBody = { errors: { code: string }[] };

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const BASE = '/my-account/api/customer';

let server: TestServer;
let client: ApiClient;

const signedIn = (who = DEMO) => signedInClient(server.origin, who);

const newAddress = {
  nickName: 'Parents',
  line1: '3 Castle Street',
  line2: '',
  line3: null,
  line4: 'Edinburgh',
  line5: null,
  postCode: 'eh1 2dp',
  isoCountryCode: 'GB',
  isoStateCode: null,
  type: 'delivery',
};

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

describe('GET /customer/all-addresses', () => {
  beforeAll(() => fresh());

  it('lists the demo address book with every Address field, last used for delivery first', async () => {
    const res = await client.get<{ addresses: Address[] }>(`${BASE}/all-addresses`);
    expect(res.status).toBe(200);
    expect(res.body.addresses.map((a) => a.nickName)).toEqual(['Home', 'Work', 'Paris flat']);
    expect(res.body.addresses[0]).toEqual({
      id: WALLET_IDS.homeAddress,
      countryCode: 'GBR',
      isoCountryCode: 'GB',
      isoStateCode: null,
      countryName: 'United Kingdom',
      isLastUsedDelivery: true,
      line1: '14 Clifton Road',
      line2: null,
      line3: null,
      line4: 'York',
      line5: 'North Yorkshire',
      nickName: 'Home',
      postCode: 'YO30 6AE',
      type: 'delivery',
    });
    expect(res.body.addresses[2]).toMatchObject({
      countryCode: 'FRA',
      isoCountryCode: 'FR',
      countryName: 'France',
      postCode: '75004',
    });
    expect(res.body.addresses.filter((a) => a.isLastUsedDelivery)).toHaveLength(1);
  });

  it('is empty in the empty scenario', async () => {
    const c = await fresh('empty');
    expect((await c.get<{ addresses: Address[] }>(`${BASE}/all-addresses`)).body).toEqual({ addresses: [] });
  });

  it('needs a signed-in customer', async () => {
    const anon = apiClient(server.origin);
    await anon.init();
    const res = await anon.get<ErrorsBody>(`${BASE}/all-addresses`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0]?.code).toBe('UNAUTHORISED');
  });
});

describe('GET /customer/address/{id}', () => {
  beforeAll(() => fresh());

  it("reads one of the customer's addresses", async () => {
    const res = await client.get<Address>(`${BASE}/address/${WALLET_IDS.workAddress}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nickName: 'Work', line1: 'Floor 3, Northern House', type: 'billing' });
  });

  it("answers 404 for an unknown id and for another customer's address alike", async () => {
    const unknown = await client.get<ErrorsBody>(`${BASE}/address/nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]?.code).toBe('ADDRESS_NOT_FOUND');
    const sam = await signedIn(SAM);
    const other = await sam.get<ErrorsBody>(`${BASE}/address/${WALLET_IDS.homeAddress}`);
    expect(other.status).toBe(404);
  });
});

describe('POST /customer/address (add) and PUT /customer/address/{id} (edit)', () => {
  beforeAll(() => fresh());

  it('adds an address: trims, blanks become null, UK postcode normalised, country derived', async () => {
    const res = await client.post<Address>(`${BASE}/address`, { ...newAddress, line1: '  3 Castle Street ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      line1: '3 Castle Street',
      line2: null,
      postCode: 'EH1 2DP',
      countryCode: 'GBR',
      countryName: 'United Kingdom',
      isLastUsedDelivery: false,
    });
    const list = await client.get<{ addresses: Address[] }>(`${BASE}/all-addresses`);
    expect(list.body.addresses.map((a) => a.nickName)).toEqual(['Home', 'Work', 'Paris flat', 'Parents']);
  });

  it('adds a US address with its state code', async () => {
    const res = await client.post<Address>(`${BASE}/address`, {
      ...newAddress,
      line4: 'New York',
      postCode: '10001',
      isoCountryCode: 'US',
      isoStateCode: 'US-NY',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ countryCode: 'USA', isoStateCode: 'US-NY' });
  });

  it.each([
    ['no first line', { line1: '  ' }],
    ['no town', { line4: '' }],
    ['an invalid UK postcode', { postCode: 'ABC' }],
    ['a missing UK postcode', { postCode: null }],
    ['an unknown country', { isoCountryCode: 'ZZ' }],
    ['a US address without a state', { isoCountryCode: 'US', postCode: '10001' }],
    ['a too long line', { line2: 'x'.repeat(51) }],
    ['a too long nickname', { nickName: 'x'.repeat(31) }],
    ['an unknown type', { type: 'holiday' }],
  ])('refuses %s with 400 VALIDATION', async (_name, patch) => {
    const res = await client.post<ErrorsBody>(`${BASE}/address`, { ...newAddress, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]?.code).toBe('VALIDATION');
  });

  it('edits an address and keeps its last-used-for-delivery flag', async () => {
    const res = await client.request<Address>('PUT', `${BASE}/address/${WALLET_IDS.homeAddress}`, {
      body: { ...newAddress, nickName: 'Old home' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: WALLET_IDS.homeAddress,
      nickName: 'Old home',
      isLastUsedDelivery: true,
      line4: 'Edinburgh',
    });
    const read = await client.get<Address>(`${BASE}/address/${WALLET_IDS.homeAddress}`);
    expect(read.body.nickName).toBe('Old home');
  });

  it("cannot edit another customer's address", async () => {
    const sam = await signedIn(SAM);
    const res = await sam.request('PUT', `${BASE}/address/${WALLET_IDS.homeAddress}`, { body: newAddress });
    expect(res.status).toBe(404);
  });

  it('needs the CSRF token', async () => {
    const res = await client.post(`${BASE}/address`, newAddress, { csrf: 'none' });
    expect(res.status).toBe(403);
  });
});

describe('POST /customer/delete-address', () => {
  beforeAll(() => fresh());

  it('deletes an address: {success: true}, then it is gone', async () => {
    const res = await client.post(`${BASE}/delete-address`, { id: WALLET_IDS.workAddress });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const list = await client.get<{ addresses: Address[] }>(`${BASE}/all-addresses`);
    expect(list.body.addresses.map((a) => a.id)).not.toContain(WALLET_IDS.workAddress);
    expect((await client.get(`${BASE}/address/${WALLET_IDS.workAddress}`)).status).toBe(404);
  });

  it("answers 404 for an unknown or another customer's address, and deletes nothing", async () => {
    await fresh();
    expect((await client.post(`${BASE}/delete-address`, { id: 'nope' })).status).toBe(404);
    const sam = await signedIn(SAM);
    expect((await sam.post(`${BASE}/delete-address`, { id: WALLET_IDS.homeAddress })).status).toBe(404);
    const list = await client.get<{ addresses: Address[] }>(`${BASE}/all-addresses`);
    expect(list.body.addresses).toHaveLength(3);
  });

  it('refuses a body without an id', async () => {
    expect((await client.post(`${BASE}/delete-address`, {})).status).toBe(400);
  });
});
