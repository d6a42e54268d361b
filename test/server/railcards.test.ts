import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';
import { DEMO_PASSENGERS, DEMO_RAILCARDS } from '#server/seed/passengers.ts';
import { RAILCARD_CATALOGUE } from '#server/api/railcards.ts';

type Catalogue = {
  id: string;
  name: string;
  price: { amount: number; currencyCode: string };
  termsAndConditions: string;
  attributes: { name: string }[];
};
type Held = {
  passenger: { id: string };
  railcard: {
    id: string;
    railcardId: string;
    status: string;
    expiryDate: string;
    cardHolders: string[];
    attributes: Record<string, string>;
    railcardDetails: { cardNumber: string; isDigital: boolean };
  };
};
type ErrorsBody = { errors: { code: string; message?: string }[] };

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api';
const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString().slice(0, 10);

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = apiClient(server.origin);
  await client.init();
  await client.post(`${API}/login`, DEMO);
});
afterAll(async () => {
  await server?.close();
});

describe('catalogue', () => {
  it('has the ten national railcards with GBP prices and terms', async () => {
    expect(RAILCARD_CATALOGUE.map((r) => r.name)).toEqual([
      '16-25 Railcard',
      '26-30 Railcard',
      'Senior Railcard',
      'Two Together Railcard',
      'Family & Friends Railcard',
      'Disabled Persons Railcard',
      'Veterans Railcard',
      'HM Forces Railcard',
      'Network Railcard',
      '16-17 Saver',
    ]);
    const res = await client.get<Catalogue>(`${API}/railcard/disabled-persons`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Disabled Persons Railcard', price: { amount: 20, currencyCode: 'GBP' } });
    expect(res.body.termsAndConditions.length).toBeGreaterThan(20);
    expect((await client.get(`${API}/railcard/gold-card`)).status).toBe(404);
    // Decision 230: a client of docs/product/entities.md's Railcard (no id) names the type by railcardDetails.code.
    expect((await client.get<Catalogue>(`${API}/railcard/DIS`)).body).toEqual(res.body);
  });

  it('lists what a passenger can add: not already held, and only the ages they fit', async () => {
    const child = await client.get<{ passenger: { firstName: string }; railcards: Catalogue[] }>(
      `${API}/passenger/${DEMO_PASSENGERS.ruby}/railcardslist`,
    );
    expect(child.body.passenger.firstName).toBe('Ruby');
    // Ruby is 8: a disabled child and a serving member's child may hold a card; nobody is a veteran at 8.
    expect(child.body.railcards.map((r) => r.id)).toEqual(['disabled-persons', 'hm-forces']);
    // The cards left out say why, so the screen need not offer one the PUT refuses.
    const left =
      (child.body as { unavailable?: { id: string; reason: string; eligibility: string }[] }).unavailable ?? [];
    expect(left.find((r) => r.id === 'family-and-friends')).toMatchObject({
      reason: 'age',
      eligibility: 'For up to 4 adults and 4 children aged 5 to 15 travelling together',
    });
    expect(left.find((r) => r.id === 'veterans')).toMatchObject({
      reason: 'age',
      eligibility: 'For veterans of the UK Armed Forces',
    });
    const alex = await client.get<{ railcards: Catalogue[] }>(`${API}/passenger/${DEMO_PASSENGERS.alex}/railcardslist`);
    const ids = alex.body.railcards.map((r) => r.id);
    expect(ids).not.toContain('26-30'); // held
    expect(ids).not.toContain('two-together'); // held
    expect(ids).not.toContain('senior'); // too young
  });
});

describe("a railcard's words in the page's locale (decision 445)", () => {
  type Details = { railcardDetails: { discount: string; eligibility: string } };
  it('says the discount and who may hold it in the Accept-Language locale; en-GB without one', async () => {
    const de = await client.get<Details>(`${API}/railcard/senior`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(de.body.railcardDetails).toMatchObject({ discount: '1/3 Rabatt', eligibility: 'Ab 60 Jahren' });
    const fr = await client.get<{ railcards: Details[]; unavailable: { id: string; eligibility: string }[] }>(
      `${API}/passenger/${DEMO_PASSENGERS.ruby}/railcardslist`,
      { headers: { 'accept-language': 'fr' } },
    );
    expect(fr.body.unavailable.find((r) => r.id === 'senior')?.eligibility).toBe('À partir de 60 ans');
    expect(fr.body.railcards[0]?.railcardDetails.discount).toBe(
      '1/3 de réduction pour le titulaire et un adulte accompagnant',
    );
    const digital = await client.get<{ railcardDetails: { discount: string } }>(
      `${API}/passengers-and-railcards/digital-railcard/${DEMO_RAILCARDS.alexTwoTogether}`,
      {
        headers: { 'accept-language': 'de' },
      },
    );
    expect(digital.body.railcardDetails.discount).toBe('1/3 Rabatt');
    expect((await client.get<Details>(`${API}/railcard/senior`)).body.railcardDetails).toMatchObject({
      discount: '1/3 off',
      eligibility: 'For ages 60 and over',
    });
  });

  it("says the terms and the attributes' labels in the locale; a national card's terms wrap its own conditions", async () => {
    type Entry = { termsAndConditions: string; attributes: { name: string; label: string }[] };
    const fr = await client.get<Entry>(`${API}/railcard/two-together`, {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(fr.body.termsAndConditions).toMatch(
      /^Valable un an à partir de la date de début.*Les deux titulaires nommés doivent voyager ensemble\..*pénalité\.$/,
    );
    expect(fr.body.attributes).toEqual([
      { name: 'secondHolderName', label: 'Nom du second titulaire', required: true },
    ]);
    const de = await client.get<Entry>(`${API}/railcard/network`, { headers: { 'accept-language': 'de' } });
    expect(de.body.termsAndConditions).toMatch(/^Ein Jahr gültig im Gebiet der Network Railcard/);
    const held = await client.get<{ railcard: Entry }>(
      `${API}/passenger/${DEMO_PASSENGERS.alex}/railcard/two-together`,
      { headers: { 'accept-language': 'de' } },
    );
    expect(held.body.railcard.termsAndConditions).toContain(
      'Beide namentlich genannten Karteninhaber müssen gemeinsam reisen.',
    );
    // en-GB: the words the retailer stores, unchanged.
    const en = await client.get<Entry>(`${API}/railcard/two-together`);
    expect(en.body.termsAndConditions).toBe(RAILCARD_CATALOGUE.find((r) => r.id === 'two-together')!.terms);
    expect(en.body.attributes[0]!.label).toBe('Second cardholder name');
  });

  it('says why a passenger cannot hold a railcard in the locale', async () => {
    const put = (locale: string) =>
      client.request<ErrorsBody & { detail?: string }>(
        'PUT',
        `${API}/passenger/${DEMO_PASSENGERS.ruby}/railcard/senior`,
        {
          body: { railcard: { cardNumber: 'SRN1234567', expiryDate: inDays(30) } },
          headers: { 'accept-language': locale },
        },
      );
    expect((await put('fr')).body.detail).toBe(
      'Ruby ne peut pas détenir de Senior Railcard\u202f: à partir de 60 ans. Choisissez dans la liste une Railcard que Ruby peut détenir.',
    );
    expect((await put('de-CH')).body.detail).toBe(
      'Ruby kann keine Senior Railcard besitzen: ab 60 Jahren. Wählen Sie aus der Liste der Railcards eine, die Ruby besitzen kann.',
    );
  });
});

describe("a passenger's railcard", () => {
  const path = (rid: string, pid: string = DEMO_PASSENGERS.ruby) => `${API}/passenger/${pid}/railcard/${rid}`;

  it('reports status: valid, expired, or invalid (bad details or a number already used)', async () => {
    const status = (railcard: object) =>
      client.post<{ status: string }>(`${API}/passenger/${DEMO_PASSENGERS.ruby}/railcard-status/disabled-persons`, {
        railcard,
      });
    expect((await status({ cardNumber: 'DIS1234567', expiryDate: inDays(30) })).body.status).toBe('valid');
    expect((await status({ cardNumber: 'DIS1234567', expiryDate: inDays(-3) })).body.status).toBe('expired');
    expect((await status({ cardNumber: 'x', expiryDate: inDays(30) })).body.status).toBe('invalid');
    expect((await status({ cardNumber: 'TST4821907', expiryDate: inDays(30) })).body.status).toBe('invalid');
  });

  it('PUT saves the details, GET reads them back, DELETE removes the card', async () => {
    const put = await client.request<Held>('PUT', path('disabled-persons'), {
      body: { railcard: { cardNumber: 'dis 765 4321', expiryDate: inDays(200), isDigital: true } },
    });
    expect(put.status).toBe(201);
    expect(put.body.railcard).toMatchObject({
      railcardId: 'disabled-persons',
      status: 'valid',
      cardHolders: ['Ruby Morgan'],
      railcardDetails: { cardNumber: 'DIS7654321', isDigital: true },
    });
    const again = await client.request<Held>('PUT', path('disabled-persons'), {
      body: { railcard: { cardNumber: 'DIS7654321', expiryDate: inDays(100) } },
    });
    expect(again.status).toBe(200);
    const got = await client.get<Held>(path('disabled-persons'));
    expect(got.body.railcard.expiryDate).toBe(inDays(100));
    // The same card by the type's code (decision 232).
    expect((await client.get<Held>(path('DIS'))).body.railcard).toEqual(got.body.railcard);
    expect((await client.request('DELETE', path('disabled-persons'), { body: {} })).status).toBe(200);
    expect((await client.get(path('disabled-persons'))).status).toBe(404);
    expect((await client.request('DELETE', path('disabled-persons'), { body: {} })).status).toBe(404);
  });

  it('rejects bad details, a card the passenger is too young for, and expiry beyond the validity', async () => {
    const put = (rid: string, railcard: object) => client.request<ErrorsBody>('PUT', path(rid), { body: { railcard } });
    expect((await put('veterans', { cardNumber: '1', expiryDate: inDays(30) })).status).toBe(400);
    expect((await put('veterans', { cardNumber: 'VET1234567', expiryDate: inDays(800) })).status).toBe(400);
    expect((await put('veterans', { cardNumber: 'VET1234567', expiryDate: inDays(30) })).body.errors[0]!.code).toBe(
      'NOT_ELIGIBLE',
    );
    const young = await put('senior', { cardNumber: 'SRN1234567', expiryDate: inDays(30) });
    expect(young.status).toBe(400);
    expect(young.body.errors[0]!.code).toBe('NOT_ELIGIBLE');
    // The refusal gives the reason and what to do, in words the screen shows as they are.
    expect((young.body as ErrorsBody & { detail?: string }).detail).toBe(
      "Ruby can't hold a Senior Railcard: for ages 60 and over. Choose a railcard Ruby can hold from the list of railcards.",
    );
  });

  it('POST saves the attributes the type defines and only those', async () => {
    const p = path('two-together', DEMO_PASSENGERS.alex);
    const ok = await client.post<Held>(p, { attributes: { secondHolderName: 'Sam Lee' } });
    expect(ok.body.railcard).toMatchObject({
      attributes: { secondHolderName: 'Sam Lee' },
      cardHolders: ['Alex Morgan', 'Sam Lee'],
    });
    expect((await client.post(p, { attributes: { secondHolderName: '' } })).status).toBe(400);
    expect((await client.post(p, { attributes: { secondHolderName: 'Sam', colour: 'red' } })).status).toBe(400);
    expect((await client.post(path('network', DEMO_PASSENGERS.alex), { attributes: {} })).status).toBe(404); // not held
  });

  it("shows the digital railcard, and only a digital one of the customer's own", async () => {
    const res = await client.get<{ cardHolders: string[]; status: string; railcardDetails: { code: string } }>(
      `${API}/passengers-and-railcards/digital-railcard/${DEMO_RAILCARDS.alexTwoTogether}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ railcardDetails: { code: 'TWO', isDigital: true }, status: 'valid' });
    // By its railcard type too (the spec's railcardslist names types by railcardDetails.code): the
    // customer holds one digital Two Together.
    for (const type of ['TWO', 'two-together']) {
      expect((await client.get(`${API}/passengers-and-railcards/digital-railcard/${type}`)).body).toEqual(res.body);
    }
    expect(
      (await client.get(`${API}/passengers-and-railcards/digital-railcard/${DEMO_RAILCARDS.alex2630}`)).status,
    ).toBe(404);
    const sam = apiClient(server.origin);
    await sam.init();
    await sam.post(`${API}/login`, SAM);
    expect(
      (await sam.get(`${API}/passengers-and-railcards/digital-railcard/${DEMO_RAILCARDS.alexTwoTogether}`)).status,
    ).toBe(404);
    expect((await sam.get(`${API}/passenger/${DEMO_PASSENGERS.alex}/railcardslist`)).status).toBe(404);
    expect((await sam.request('DELETE', path('26-30', DEMO_PASSENGERS.alex), { body: {} })).status).toBe(404);
  });
});
