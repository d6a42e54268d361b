import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { DEMO_PASSENGERS } from '#server/seed/passengers.ts';
import { cleanText } from '#server/lib/text-rules.ts';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/**
 * One server-side rule for stored names and text (server/lib/text-rules.ts): NFC, and no control
 * characters, CR/LF, bidi controls or lone surrogates, refused with 422 and the field's form message.
 */
const API = '/my-account/api';
const HOSTILE: readonly [string, string][] = [
  ['CR/LF', 'Robin\r\nBcc: x'],
  ['LF', 'Robin\nSmith'],
  ['tab', 'Robin\tSmith'],
  ['NUL-free C0', 'Robin\u0007'],
  ['DEL', 'Robin\u007f'],
  ['C1', 'Robin\u0085'],
  ['RLO', 'Robin\u202Egnp.exe'],
  ['LRE', '\u202ARobin'],
  ['PDF', 'Robin\u202C'],
  ['LRI', 'Robin\u2066x'],
  ['PDI', 'Robin\u2069'],
  ['RLM', 'Robin\u200F'],
  ['line separator', 'Robin\u2028Smith'],
  ['lone high surrogate', 'Robin\uD800'],
  ['lone low surrogate', '\uDC00Robin'],
  ['byte order mark', '\uFEFFRobin'],
];

describe('cleanText', () => {
  it('refuses controls, CR/LF, bidi controls and lone surrogates in every kind of text', () => {
    for (const [what, value] of HOSTILE) {
      for (const kind of ['name', 'text'] as const) expect(cleanText(value, kind), `${what} in a ${kind}`).toBeNull();
    }
    for (const [what, value] of HOSTILE.filter(([w]) => w !== 'LF' && w !== 'CR/LF')) {
      expect(cleanText(value, 'multiline'), `${what} in multiline text`).toBeNull();
    }
  });

  it('keeps what names really contain, in NFC', () => {
    for (const name of [
      "O'Brien",
      'O’Brien',
      'Smith-Jones',
      'St. John',
      'Zoë',
      'Nguyễn',
      'Łukasz',
      'Björk',
      '李小龍',
      'Ψυχή',
      'Дмитрий',
      'محمد',
      'मोहन',
    ]) {
      expect(cleanText(name, 'name'), name).toBe(name.normalize('NFC'));
    }
    // e + combining diaeresis is stored as the one character ë.
    expect(cleanText('Zoe\u0308', 'name')).toBe('Zoë');
    expect(cleanText('Zoe\u0308', 'name')).toHaveLength(3);
    // A joiner inside a word, as Persian and Indic scripts need.
    expect(cleanText('می\u200Cخواهم', 'name')).toBe('می\u200Cخواهم');
    // An astral letter is a pair of surrogates, not a lone one.
    expect(cleanText('𝒜da', 'name')).toBe('𝒜da');
    for (const notName of ['Robin2', 'R@bin', 'Robin!', 'Robin/Smith'])
      expect(cleanText(notName, 'name'), notName).toBeNull();
    // A name needs a letter someone can see: not only Hangul fillers, combining marks or joiners.
    for (const invisible of ['\u115F\u115F', '\u3164', '\u0301\u0301', '\u200C\u200D', ' . ']) {
      expect(cleanText(invisible, 'name'), JSON.stringify(invisible)).toBeNull();
    }
  });

  it('lets addresses and nicknames hold digits and the usual punctuation; multiline text keeps line breaks as LF', () => {
    for (const line of [
      'Flat 3/2, 14 Clifton Road',
      'c/o Smith & Sons (Ltd.)',
      '#12 Rue de l’Église',
      'Mum’s card',
      'Work 2',
    ]) {
      expect(cleanText(line, 'text'), line).toBe(line);
    }
    expect(cleanText('Ramp please.\r\nMeet me at gate 3.', 'multiline')).toBe('Ramp please.\nMeet me at gate 3.');
  });
});

describe('every endpoint that stores such text refuses it with 422 and the form message', () => {
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server.reset();
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
  });

  const refused = (res: { status: number; body: unknown }, field: string, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toEqual({ errors: [{ code: 'INVALID_CHARACTERS', message: `${field}: ${message}` }] });
  };
  const RLO = 'Robin\u202Egnp.exe';
  const CRLF = 'Robin\r\nSmith';
  const LONE = 'Robin\uD800';

  it('personal details (first and last name), stored in NFC when clean', async () => {
    const post = (body: object) => client.post(`${API}/customer/personal-details`, body);
    refused(await post({ firstName: RLO, lastName: 'Morgan' }), 'firstName', 'Must be a valid first name');
    refused(await post({ firstName: 'Alex', lastName: CRLF }), 'lastName', 'Must be a valid last name');
    refused(await post({ firstName: LONE, lastName: 'Morgan' }), 'firstName', 'Must be a valid first name');
    expect((await post({ firstName: 'Zoe\u0308', lastName: 'Morgan' })).status).toBe(200);
    expect((await client.get<{ firstName: string }>(`${API}/customer/personal-details`)).body.firstName).toBe('Zoë');
  });

  it('add-passenger and edit-passenger (names, nickname)', async () => {
    const valid = {
      firstName: 'Robin',
      lastName: "O'Neill-Smith",
      nickName: 'Rob',
      emailAddress: 'robin@example.com',
      day: '07',
      month: '03',
      year: '1990',
    };
    const add = (body: object) => client.post(`${API}/customer/passengers-and-railcards/add-passenger`, body);
    refused(await add({ ...valid, firstName: RLO }), 'firstName', 'Name contains invalid characters');
    refused(await add({ ...valid, lastName: CRLF }), 'lastName', 'Name contains invalid characters');
    refused(await add({ ...valid, nickName: 'Rob\r\n' }), 'nickName', 'Invalid');
    refused(await add({ ...valid, nickName: 'Rob\u2066' }), 'nickName', 'Invalid');
    const edit = (body: object) => client.post(`${API}/passengers/edit-passenger/${DEMO_PASSENGERS.ruby}`, body);
    refused(await edit({ ...valid, firstName: LONE }), 'firstName', 'Name contains invalid characters');
    refused(await edit({ ...valid, nickName: 'Ruby\u202E' }), 'nickName', 'Invalid');
    const list = await client.get<{ passengers: { firstName: string; nickName: string | null }[] }>(
      `${API}/customer/passengers-and-railcards`,
    );
    expect(JSON.stringify(list.body)).not.toMatch(/\\u202e|\\r|\\ud800|\\u2066/i);
  });

  it('add and edit an address (lines, nickname, postcode)', async () => {
    const address = {
      nickName: 'Parents',
      line1: '3 Castle Street',
      line2: '',
      line3: null,
      line4: 'Edinburgh',
      line5: null,
      postCode: 'EH1 2DP',
      isoCountryCode: 'GB',
      isoStateCode: null,
      type: 'delivery',
    };
    const message = 'This field contains an invisible control character. Please delete it and type the text again.';
    const add = (body: object) => client.post(`${API}/customer/address`, body);
    refused(await add({ ...address, line1: '3 Castle Street\r\nX-Injected: 1' }), 'line1', message);
    refused(await add({ ...address, line2: 'Flat \u202E2' }), 'line2', message);
    refused(await add({ ...address, nickName: 'Home\uDC00' }), 'nickName', message);
    refused(await add({ ...address, line4: 'Edin\u0007burgh' }), 'line4', message);
    const created = await add({ ...address, line1: 'Flat 3/2, 14 Clifton Road' });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    refused(
      await client.request('PUT', `${API}/customer/address/${id}`, { body: { ...address, line3: 'x\u2069' } }),
      'line3',
      message,
    );
  });

  it('assistance details (multiline text)', async () => {
    const key = 'demo-upcoming-euston-manchester';
    const path = `${API}/customer/passenger-assistance/orders/${stableId('order', key)}/products/${stableId('booking', `${key}:0`)}`;
    const body = { passengerId: stableId('passenger', `${key}:0`), direction: 'outward', kinds: ['ramp'] };
    refused(
      await client.post(path, { ...body, details: 'Ramp \u202Eplease' }),
      'details',
      'The details contain an invisible control character. Please delete it and type them again.',
    );
    const ok = await client.post<{ passengerAssistance: { details: string } }>(path, {
      ...body,
      details: 'Ramp please.\r\nMeet me at gate 3.',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.passengerAssistance.details).toBe('Ramp please.\nMeet me at gate 3.');
  });

  it('railcard holder names', async () => {
    const path = `${API}/passenger/${DEMO_PASSENGERS.alex}/railcard/two-together`;
    refused(
      await client.post(path, { attributes: { secondHolderName: 'Sam\u202ELee' } }),
      'secondHolderName',
      'Name contains invalid characters',
    );
    refused(
      await client.post(path, { attributes: { secondHolderName: 'Sam\r\nLee' } }),
      'secondHolderName',
      'Name contains invalid characters',
    );
    const ok = await client.post<{ railcard: { attributes: Record<string, string> } }>(path, {
      attributes: { secondHolderName: 'Zoe\u0308 Lee' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.railcard.attributes.secondHolderName).toBe('Zoë Lee');
  });
});
