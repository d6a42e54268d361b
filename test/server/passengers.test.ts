import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';
import { DEMO_PASSENGERS } from '#server/seed/passengers.ts';
import { PASSENGER_LIMIT_REACHED, passengerLimits } from '#src/schemas/passengers.ts';

type Passenger = {
  id: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  emailAddress: string | null;
  day: string | null;
  month: string | null;
  year: string | null;
  isAccountHolder: boolean;
  railcards?: {
    id: string;
    railcardId: string;
    name: string;
    expiryDate: string;
    status: string;
    isDigital: boolean;
  }[];
};
type ListBody = { passengers: Passenger[] };
type SaveBody = { passenger: Passenger; accountUpdateFailed: boolean };
type ErrorsBody = { errors: { code: string; message?: string }[] };

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const LIST = '/my-account/api/customer/passengers-and-railcards';
const ADD = '/my-account/api/customer/passengers-and-railcards/add-passenger';
const valid = {
  firstName: 'Robin',
  lastName: "O'Neill-Smith",
  nickName: 'Rob',
  emailAddress: 'robin@example.com',
  day: '07',
  month: '03',
  year: '1990',
};

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
/** A freshly seeded database and a signed-in demo client (scrypt and seeding are slow: once per block). */
const fresh = async () => {
  await server.reset();
  client = apiClient(server.origin);
  await client.init();
  await client.post('/my-account/api/login', DEMO);
};
beforeEach(async (ctx) => {
  // Blocks whose tests change data start each test from the seed; the others share one.
  if (/edit passenger|delete passenger/.test(ctx.task.suite?.name ?? '')) await fresh();
});

describe('GET passengers-and-railcards', () => {
  beforeAll(fresh);
  it('lists the account holder first, then the others, each with railcards and their status', async () => {
    const res = await client.get<ListBody>(LIST);
    expect(res.status).toBe(200);
    const [holder, ...others] = res.body.passengers;
    expect(holder).toMatchObject({
      id: DEMO_PASSENGERS.alex,
      firstName: 'Alex',
      lastName: 'Morgan',
      isAccountHolder: true,
    });
    expect(holder!.railcards!.map((r) => [r.railcardId, r.status, r.isDigital]).sort()).toEqual([
      ['26-30', 'valid', false],
      ['two-together', 'valid', true],
    ]);
    expect(others.map((p) => p.firstName)).toEqual(['Jamie', 'Ruby', 'Patricia']);
    expect(others[0]!.railcards).toEqual([expect.objectContaining({ railcardId: 'network', status: 'expired' })]);
    expect(others.every((p) => !p.isAccountHolder)).toBe(true);
  });

  it('needs a signed-in customer', async () => {
    const anon = apiClient(server.origin);
    expect((await anon.get(LIST)).status).toBe(401);
  });

  it("creates the account holder's passenger from the customer's name on first visit", async () => {
    const sam = apiClient(server.origin);
    await sam.init();
    await sam.post('/my-account/api/login', SAM);
    const first = await sam.get<ListBody>(LIST);
    expect(first.body.passengers).toEqual([
      expect.objectContaining({ firstName: 'Sam', lastName: 'Patel', isAccountHolder: true, day: null, railcards: [] }),
    ]);
    const again = await sam.get<ListBody>(LIST);
    expect(again.body.passengers).toHaveLength(1);
    expect(again.body.passengers[0]!.id).toBe(first.body.passengers[0]!.id);
  });
});

describe('add passenger', () => {
  beforeAll(fresh);
  it('saves a passenger that then appears in the list and can be fetched', async () => {
    const res = await client.post<SaveBody>(ADD, valid);
    expect(res.status).toBe(201);
    expect(res.body.passenger).toMatchObject({ ...valid, isAccountHolder: false });
    const got = await client.get<Passenger>(`/my-account/api/passengers/saved-passenger/${res.body.passenger.id}`);
    expect(got.body).toMatchObject(valid);
    const list = await client.get<ListBody>(LIST);
    expect(list.body.passengers.map((p) => p.firstName)).toContain('Robin');
    expect(list.body.passengers[0]!.isAccountHolder).toBe(true);
  });

  it('treats blank nickname and email as not given', async () => {
    const res = await client.post<SaveBody>(ADD, { ...valid, nickName: '', emailAddress: null });
    expect(res.body.passenger).toMatchObject({ nickName: null, emailAddress: null });
  });

  it.each([
    ['a one-letter name', { firstName: 'R' }, 'Names cannot be shorter than 2 characters'],
    ['a 31-letter name', { lastName: 'x'.repeat(31) }, 'Names cannot be longer than 30 characters'],
    ['a forbidden character', { firstName: 'Rob£' }, 'Name contains invalid characters'],
    ['a name of Hangul fillers', { firstName: '\u115F\u115F' }, 'Name contains invalid characters'],
    ['a name of combining marks alone', { lastName: '\u0301\u0301\u0301' }, 'Name contains invalid characters'],
    ['a name of zero-width joiners', { firstName: '\u200C\u200D\u200C' }, 'Name contains invalid characters'],
    ['a blank name', { lastName: '  ' }, 'Required'],
    ['a blank-only nickname', { nickName: '   ' }, 'Invalid'],
    ['a bad email', { emailAddress: 'nope' }, 'Must be a valid email address'],
    ['a date in the future', { year: '2999' }, 'Date of birth cannot be in the future'],
    ['a year before 1900', { year: '1899' }, 'Date of birth cannot be before 1900'],
    ['an impossible date', { day: '31', month: '02' }, 'Date of birth must be in the format DD MM YYYY'],
    ['a missing part', { month: '' }, 'Date of birth must be in the format DD MM YYYY'],
  ])('answers 400 for %s', async (_label, change, message) => {
    const res = await client.post<ErrorsBody>(ADD, { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]!.code).toBe('VALIDATION');
    expect(res.body.errors[0]!.message).toContain(message);
  });

  it('stores no name without a visible letter: a zero-width space is refused as an unsafe character', async () => {
    const res = await client.post<ErrorsBody>(ADD, { ...valid, firstName: '\u200B\u200B' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({
      code: 'INVALID_CHARACTERS',
      message: 'firstName: Name contains invalid characters',
    });
    const list = await client.get<ListBody>(LIST);
    expect(list.body.passengers.some((p) => p.firstName.includes('\u200B'))).toBe(false);
  });

  it('answers 400 for a day of more than 2 characters', async () => {
    expect((await client.post(ADD, { ...valid, day: '007' })).status).toBe(400);
  });
});

describe('saved passengers per account (decision 569)', () => {
  beforeAll(fresh);
  const max = passengerLimits.savedPassengersMax;
  const count = async () => (await client.get<ListBody>(LIST)).body.passengers.length;
  const nth = (i: number) => ({
    ...valid,
    firstName: `Robin${'abcdefghijklmnopqrstuvwxyz'[i % 26]}`,
    lastName: `Smith${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 26)]}`,
  });

  it(`refuses the add past ${max} (the account holder included) with 422 ${PASSENGER_LIMIT_REACHED}; a delete makes room`, async () => {
    const start = await count();
    expect(start).toBeLessThan(max - 10);
    for (let i = start; i < max - 10; i++) expect((await client.post(ADD, nth(i))).status).toBe(201);
    // Ten adds at once for the last ten places and ten more: exactly ten are saved.
    const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post(ADD, nth(max + i))));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(10);
    for (const refused of racing.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: [{ code: PASSENGER_LIMIT_REACHED }] });
    }
    expect(await count()).toBe(max);
    const refused = await client.post<ErrorsBody>(ADD, valid);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]!.code).toBe(PASSENGER_LIMIT_REACHED);
    expect(await count()).toBe(max);

    const added = racing.find((r) => r.status === 201)!.body as SaveBody;
    expect(
      (
        await client.request('DELETE', '/my-account/api/passengers/delete-passenger', {
          body: { id: added.passenger.id },
        })
      ).status,
    ).toBe(200);
    expect((await client.post(ADD, valid)).status).toBe(201);
    expect(await count()).toBe(max);
    // Editing a passenger is not an add: still allowed at the cap.
    expect(
      (
        await client.post(`/my-account/api/passengers/edit-passenger/${DEMO_PASSENGERS.jamie}`, {
          ...valid,
          firstName: 'Jamie',
        })
      ).status,
    ).toBe(200);
  });
});

describe('edit passenger', () => {
  const edit = (id: string) => `/my-account/api/passengers/edit-passenger/${id}`;

  it('updates another passenger', async () => {
    const res = await client.post<SaveBody>(edit(DEMO_PASSENGERS.jamie), {
      ...valid,
      firstName: 'Jamie',
      lastName: 'Morgan-Lee',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      passenger: expect.objectContaining({ lastName: 'Morgan-Lee', emailAddress: 'robin@example.com' }),
      accountUpdateFailed: false,
    });
  });

  it("syncs the account holder's name to the account when asked, keeping the account email", async () => {
    const res = await client.post<SaveBody>(edit(DEMO_PASSENGERS.alex), {
      ...valid,
      firstName: 'Alexandra',
      lastName: 'Morgan',
      emailAddress: 'ignored@example.com',
      shouldUpdateAccount: true,
    });
    expect(res.body.accountUpdateFailed).toBe(false);
    expect(res.body.passenger.emailAddress).toBe('demo@example.com');
    const me = await client.get<{ user: { firstName: string } }>('/my-account/api/user');
    expect(me.body.user.firstName).toBe('Alexandra');
  });

  it('leaves the account alone without shouldUpdateAccount', async () => {
    await client.post<SaveBody>(edit(DEMO_PASSENGERS.alex), { ...valid, firstName: 'Alexandra', lastName: 'Morgan' });
    const me = await client.get<{ user: { firstName: string } }>('/my-account/api/user');
    expect(me.body.user.firstName).toBe('Alex');
  });

  it("holds a passenger name to the account's own name rule, so an account update cannot fail on it", async () => {
    // One name rule everywhere (decision 642): "Alex 2" is no name for a passenger or for the account.
    const res = await client.post<ErrorsBody>(edit(DEMO_PASSENGERS.alex), {
      ...valid,
      firstName: 'Alex 2',
      lastName: 'Morgan',
      shouldUpdateAccount: true,
    });
    expect(res.status).toBe(400);
    const me = await client.get<{ user: { firstName: string } }>('/my-account/api/user');
    expect(me.body.user.firstName).toBe('Alex');
    const got = await client.get<Passenger>(`/my-account/api/passengers/saved-passenger/${DEMO_PASSENGERS.alex}`);
    expect(got.body.firstName).toBe('Alex');
  });

  it('rejects invalid input without saving anything', async () => {
    const res = await client.post<ErrorsBody>(edit(DEMO_PASSENGERS.alex), {
      ...valid,
      firstName: 'A',
      shouldUpdateAccount: true,
    });
    expect(res.status).toBe(400);
    const got = await client.get<Passenger>(`/my-account/api/passengers/saved-passenger/${DEMO_PASSENGERS.alex}`);
    expect(got.body.firstName).toBe('Alex');
  });

  it("does not reach another customer's passenger", async () => {
    const sam = apiClient(server.origin);
    await sam.init();
    await sam.post('/my-account/api/login', SAM);
    expect((await sam.get(`/my-account/api/passengers/saved-passenger/${DEMO_PASSENGERS.jamie}`)).status).toBe(404);
    expect((await sam.post(edit(DEMO_PASSENGERS.jamie), valid)).status).toBe(404);
    expect(
      (
        await sam.request('DELETE', '/my-account/api/passengers/delete-passenger', {
          body: { id: DEMO_PASSENGERS.jamie },
        })
      ).status,
    ).toBe(404);
  });
});

describe('delete passenger', () => {
  const del = (id: string) =>
    client.request<ErrorsBody>('DELETE', '/my-account/api/passengers/delete-passenger', { body: { id } });

  it('deletes a passenger with their railcards', async () => {
    expect((await del(DEMO_PASSENGERS.jamie)).status).toBe(200);
    const list = await client.get<ListBody>(LIST);
    expect(list.body.passengers.map((p) => p.firstName)).toEqual(['Alex', 'Ruby', 'Patricia']);
  });

  it('never deletes the account holder', async () => {
    const res = await del(DEMO_PASSENGERS.alex);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]!.code).toBe('ACCOUNT_HOLDER_CANNOT_BE_DELETED');
    expect((await client.get<ListBody>(LIST)).body.passengers[0]!.id).toBe(DEMO_PASSENGERS.alex);
  });

  it('needs the CSRF value', async () => {
    const res = await client.request('DELETE', '/my-account/api/passengers/delete-passenger', {
      body: { id: DEMO_PASSENGERS.ruby },
      csrf: 'none',
    });
    expect(res.status).toBe(403);
  });
});

describe('passengers-and-railcards flag', () => {
  beforeAll(fresh);
  const setFeature = (on: boolean) =>
    fetch(`${server.origin}/__test/page-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ features: { 'passengers-and-railcards': on } }),
    });

  it('answers 404 on every passengers and railcards path while the flag is off, and serves them again when on', async () => {
    await setFeature(false);
    try {
      for (const path of [
        '/my-account/api/customer/passengers-and-railcards',
        '/my-account/api/railcard/26-30',
        '/my-account/api/passengers-and-railcards/digital-railcard/any',
      ]) {
        const res = await client.get(path);
        expect(res.status, path).toBe(404);
      }
      // Other areas are untouched.
      expect((await client.get('/my-account/api/customer/all-addresses')).status).toBe(200);
    } finally {
      await setFeature(true);
    }
    expect((await client.get('/my-account/api/customer/passengers-and-railcards')).status).toBe(200);
  });
});
