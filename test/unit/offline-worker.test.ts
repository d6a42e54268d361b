// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  activate,
  assetsCacheName,
  clearData,
  DATA_CACHE,
  install,
  OFFLINE_HEADER,
  route,
  scopePrefix,
  type SwDeps,
} from '#src/offline/sw-core';
import { OFFLINE_HEADER as PAGE_HEADER } from '#src/offline/header';
import { cancelsTickets, lifecycleFacts } from '#machines/lib/booking-lifecycle-facts';
import { minimizeBookingDetail, minimizeBookingsPage, minimizeUser, offlineKind } from '#src/offline/minimize';
import { BookingDetailResponse } from '#src/schemas/booking';
import { BookingsPage } from '#src/schemas/bookings-list';
import { UserResponse } from '#src/schemas/auth';
import { specMinimalBooking } from '#test/helpers/spec-minimal';
import * as v from 'valibot';

/** Decision 250: the service worker's rules, against a CacheStorage kept in memory. */

const keyOf = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);

class MemoryCache {
  entries = new Map<string, Response>();
  constructor(private readonly fetcher: () => typeof fetch) {}
  async match(r: RequestInfo | URL) {
    return this.entries.get(keyOf(r))?.clone();
  }
  async put(r: RequestInfo | URL, response: Response) {
    this.entries.set(keyOf(r), response.clone());
  }
  async addAll(urls: string[]) {
    for (const u of urls) this.entries.set(u, await this.fetcher()(u));
  }
  async keys() {
    return [...this.entries.keys()].map((u) => new Request(u));
  }
}

class MemoryCaches {
  named = new Map<string, MemoryCache>();
  constructor(private readonly fetcher: () => typeof fetch) {}
  async open(name: string) {
    let c = this.named.get(name);
    if (!c) this.named.set(name, (c = new MemoryCache(this.fetcher)));
    return c;
  }
  async has(name: string) {
    return this.named.has(name);
  }
  async delete(name: string) {
    return this.named.delete(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
}

const origin = 'http://shop.test';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const demoUser = {
  user: { id: 'u1', email: 'alex@example.com', provider: 'local', status: 'AUTHORISED', firstName: 'Alex' },
  ufacSession: 's',
  isRegistered: true,
};
const detail = {
  bookings: [
    {
      ...specMinimalBooking,
      passengers: [
        {
          id: 'p1',
          firstName: 'Alex',
          lastName: 'Morgan',
          type: 'adult',
          alterable: true,
          railcard: { code: 'TTR', name: 'Two Together' },
        },
      ],
      delivery: {
        id: 'd1',
        method: 'mobile',
        activated: false,
        issuedTicket: { reference: 'T1', issuedAt: '2026-11-23T10:00:00.000Z', barcode: 'BC-1' },
      },
      refund: {
        quotable: true,
        changeOfJourneySource: false,
        refunds: [],
        fullyRefunded: false,
        card: { last4: '4242' },
      },
      insurance: [],
    },
  ],
  order: {
    id: 'o1',
    friendlyOrderId: 'TL-1',
    email: 'alex@example.com',
    createdAt: '2026-11-01T10:00:00.000Z',
    replacementOrder: null,
  },
};

type Answer = Response | Error | ((url: string, init?: RequestInit) => Response | Error | Promise<Response>);

function world(scope = `${origin}/my-account/`) {
  const answers = new Map<string, Answer>();
  const calls: string[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const url = keyOf(input);
    calls.push(
      `${(input instanceof Request ? input.method : init?.method) ?? 'GET'} ${new URL(url).pathname}${new URL(url).search}`,
    );
    const path = new URL(url).pathname;
    const a = answers.get(path) ?? new Error('offline');
    const r = typeof a === 'function' ? await a(url, init) : a;
    if (r instanceof Error) throw new TypeError('Failed to fetch');
    return r.clone();
  };
  const caches = new MemoryCaches(() => fetcher);
  let now = new Date('2026-11-23T10:52:00.000Z');
  const deps: SwDeps = {
    caches: caches as unknown as CacheStorage,
    fetch: fetcher,
    now: () => now,
    scope,
    manifest: {
      version: 'v1',
      shared: ['assets/boot-1.js', 'assets/framework-1.js'],
      dirs: { '': 'assets/en-GB-1/', de: 'assets/de-1/' },
      localeFiles: ['index-1.js'],
    },
    base: '/my-account/',
    slowMs: 50,
  };
  const get = async (path: string, { mode, ...init }: RequestInit = {}) => {
    const request = new Request(`${origin}${path}`, init);
    // Node's Request refuses mode 'navigate' (only browsers make those).
    if (mode) Object.defineProperty(request, 'mode', { value: mode });
    const handled = route(deps, request);
    if (!handled) return null;
    const response = await handled.response;
    await handled.background;
    return response;
  };
  const kept = async () => {
    if (!(await caches.has(DATA_CACHE))) return [];
    return [...(await caches.open(DATA_CACHE)).entries.keys()].map((u) => new URL(u).pathname);
  };
  return {
    answers,
    calls,
    caches,
    deps,
    get,
    kept,
    setNow: (d: Date) => {
      now = d;
    },
  };
}

const signedInWorld = async () => {
  const w = world();
  w.answers.set('/my-account/api/user', json(demoUser));
  w.answers.set('/my-account/api/booking/b1', json(detail));
  await w.get('/my-account/api/user');
  await w.get('/my-account/api/booking/b1');
  return w;
};

describe('the service worker (decision 250)', () => {
  it('marks kept answers with the header the page reads', () => {
    expect(OFFLINE_HEADER).toBe(PAGE_HEADER);
  });

  it('keeps only the signed-in customer’s own reads', () => {
    expect(offlineKind('/user')).toBe('user');
    expect(offlineKind('/bookings/upcoming')).toBe('upcoming');
    expect(offlineKind('/booking/abc')).toBe('booking');
    expect(offlineKind('/realtime/timetable/t1')).toBe('callingPoints');
    for (const other of [
      '/bookings/past',
      '/booking/token',
      '/booking/abc/history',
      '/customer/cards',
      '/booking/abc/refund/quote',
    ]) {
      expect(offlineKind(other)).toBeNull();
    }
  });

  it('precaches the shared files and the scope’s own locale folder, and the shell without its CSRF value', async () => {
    const w = world(`${origin}/de/my-account/`);
    expect(scopePrefix(w.deps)).toBe('de');
    for (const f of ['assets/boot-1.js', 'assets/framework-1.js', 'assets/de-1/index-1.js'])
      w.answers.set(`/my-account/${f}`, new Response('js'));
    w.answers.set(
      '/de/my-account/',
      new Response(
        '<head><script type="application/json" id="page-data">{"portal":"Leisure","csrfToken":"secret","features":{}}</script></head>',
        {
          headers: { 'content-type': 'text/html' },
        },
      ),
    );
    await install(w.deps);
    const assets = await w.caches.open(assetsCacheName(w.deps));
    expect([...assets.entries.keys()].map((u) => new URL(u).pathname).sort()).toEqual([
      '/my-account/assets/boot-1.js',
      '/my-account/assets/de-1/index-1.js',
      '/my-account/assets/framework-1.js',
    ]);
    // Offline, a page of the scope answers with the kept shell.
    const page = await w.get('/de/my-account/bookings/upcoming', { mode: 'navigate' });
    const html = await page?.text();
    expect(html).toContain('"portal":"Leisure"');
    expect(html).not.toContain('secret');
  });

  it('drops the assets of earlier builds on activate, keeping the data', async () => {
    const w = await signedInWorld();
    await w.caches.open('my-account-assets-old');
    await w.caches.open('my-account-shell-old');
    await w.caches.open('someone-elses');
    await activate(w.deps);
    expect((await w.caches.keys()).sort()).toEqual([DATA_CACHE, 'someone-elses']);
  });

  it('answers assets from the cache first', async () => {
    const w = world();
    w.answers.set('/my-account/assets/a.js', new Response('first'));
    expect(await (await w.get('/my-account/assets/a.js'))?.text()).toBe('first');
    w.answers.set('/my-account/assets/a.js', new Error('offline'));
    expect(await (await w.get('/my-account/assets/a.js'))?.text()).toBe('first');
  });

  it('keeps a minimized copy of a booking and answers with it offline, stamped with when it was saved', async () => {
    const w = await signedInWorld();
    expect(await w.kept()).toEqual([
      '/my-account/__offline/owner',
      '/my-account/api/user',
      '/my-account/api/booking/b1',
    ]);
    w.answers.set('/my-account/api/booking/b1', new Error('offline'));
    const answer = await w.get('/my-account/api/booking/b1');
    expect(answer?.headers.get(OFFLINE_HEADER)).toBe('2026-11-23T10:52:00.000Z');
    const body = (await answer?.json()) as typeof detail;
    // Still a booking the app's schema accepts, with what a traveller needs.
    expect(v.safeParse(BookingDetailResponse, body).success).toBe(true);
    expect(body.bookings[0]?.delivery.issuedTicket?.barcode).toBe('BC-1');
    expect(body.bookings[0]?.passengers[0]).toMatchObject({ firstName: 'Alex', lastName: 'Morgan', alterable: false });
    const text = JSON.stringify(body);
    expect(text).not.toContain('@');
    expect(text).not.toContain('4242');
    expect(text).not.toMatch(/"card"/);
    // What the lifecycle is read from is kept, with nothing to act on offline.
    expect(body.bookings[0]).toMatchObject({ refund: { quotable: false, refunds: [] }, insurance: [] });
  });

  it('keeps what a refund or an insurance claim did, so the kept booking shows no ticket and says why', () => {
    const refund = {
      refundId: 'r1',
      state: 'processing',
      kind: 'full',
      requestedAt: '2026-11-24T09:00:00.000Z',
      refundReason: 'CHANGED_PLANS',
      amount: { amount: 42.5, currencyCode: 'GBP' },
      adminFee: { amount: 0, currencyCode: 'GBP' },
      postBack: null,
      refundedAt: null,
      rejectedReason: null,
      passengers: [{ id: 'p1', name: 'Alex Morgan' }],
      replacementOrderId: null,
      orderId: 'o1',
      card: { last4: '4242' },
      items: [
        {
          refundableId: 't1',
          passengerId: 'p1',
          direction: 'outward',
          status: 'pending',
          amount: { amount: 42.5, currencyCode: 'GBP' },
        },
      ],
    };
    const claimed = {
      id: 'i1',
      kind: 'TripCover',
      premium: { amount: 4, currencyCode: 'GBP' },
      claim: { claimId: 'c1', reference: 'INS-1', claimedAt: '2026-11-24T09:00:00.000Z' },
      cover: 'x',
    };
    const withBooking = (extra: object) => ({ ...detail, bookings: [{ ...detail.bookings[0], ...extra }] });
    const now = new Date('2026-11-24T10:00:00.000Z');
    const cases = [
      withBooking({
        refund: { quotable: false, changeOfJourneySource: false, refunds: [refund], fullyRefunded: true },
      }),
      withBooking({
        refund: {
          quotable: false,
          changeOfJourneySource: true,
          changeOfJourneyNewBookingId: 'b2',
          refunds: [],
          fullyRefunded: false,
        },
      }),
      withBooking({
        refund: { quotable: true, changeOfJourneySource: false, refunds: [], fullyRefunded: false },
        insurance: [claimed],
      }),
    ];
    for (const answer of cases) {
      const kept = minimizeBookingDetail(answer);
      const parsed = v.safeParse(BookingDetailResponse, kept);
      expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
      if (!parsed.success) continue;
      const [b] = parsed.output.bookings;
      // The same reading the app makes of the live answer.
      expect(cancelsTickets(lifecycleFacts(b!, parsed.output.order, now).facts)).toBe(true);
      expect(cancelsTickets(lifecycleFacts(answer.bookings[0] as never, answer.order, now).facts)).toBe(true);
      expect(JSON.stringify(kept)).not.toContain('4242');
      expect(JSON.stringify(kept)).not.toContain('"cover"');
    }
  });

  it('keeps a withdrawn ticket without its code (decision 570), and a fresh answer replaces a kept code', async () => {
    const withdrawn = {
      ...detail,
      bookings: [
        {
          ...detail.bookings[0],
          delivery: {
            ...detail.bookings[0]!.delivery,
            issuedTicket: { reference: 'T1', issuedAt: '2026-11-23T10:00:00.000Z', withdrawn: { reason: 'REFUNDED' } },
          },
        },
      ],
    };
    const kept = minimizeBookingDetail(withdrawn);
    const parsed = v.safeParse(BookingDetailResponse, kept);
    expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
    expect(JSON.stringify(kept)).not.toContain('BC-1');
    expect((kept as typeof detail).bookings[0]?.delivery.issuedTicket).toEqual({
      reference: 'T1',
      issuedAt: '2026-11-23T10:00:00.000Z',
      withdrawn: { reason: 'REFUNDED' },
    });
    // A code the server still sent beside `withdrawn` is not kept either.
    const both = {
      ...withdrawn,
      bookings: [
        {
          ...withdrawn.bookings[0],
          delivery: {
            ...withdrawn.bookings[0]!.delivery,
            issuedTicket: { ...withdrawn.bookings[0]!.delivery.issuedTicket, barcode: 'BC-1' },
          },
        },
      ],
    };
    expect(JSON.stringify(minimizeBookingDetail(both))).not.toContain('BC-1');

    // The kept copy of a booking opened before the refund loses its code at the next answer.
    const w = await signedInWorld();
    w.answers.set('/my-account/api/booking/b1', json(withdrawn));
    await w.get('/my-account/api/booking/b1');
    w.answers.set('/my-account/api/booking/b1', new Error('offline'));
    const offline = await w.get('/my-account/api/booking/b1');
    expect(await offline?.text()).not.toContain('BC-1');
  });

  it('answers from the network when it can, without the header', async () => {
    const w = await signedInWorld();
    const answer = await w.get('/my-account/api/booking/b1');
    expect(answer?.headers.get(OFFLINE_HEADER)).toBeNull();
    expect(((await answer?.json()) as typeof detail).order.email).toBe('alex@example.com');
  });

  it('answers with the kept copy when the network is slower than slowMs, and updates it', async () => {
    const w = await signedInWorld();
    w.setNow(new Date('2026-11-23T11:00:00.000Z'));
    w.answers.set(
      '/my-account/api/booking/b1',
      () => new Promise((resolve) => setTimeout(() => resolve(json(detail)), 120)),
    );
    const answer = await w.get('/my-account/api/booking/b1');
    expect(answer?.headers.get(OFFLINE_HEADER)).toBe('2026-11-23T10:52:00.000Z');
    // The late answer replaced the kept copy.
    w.answers.set('/my-account/api/booking/b1', new Error('offline'));
    expect((await w.get('/my-account/api/booking/b1'))?.headers.get(OFFLINE_HEADER)).toBe('2026-11-23T11:00:00.000Z');
  });

  it('keeps the upcoming list and the user minimized, both still valid', async () => {
    const w = await signedInWorld();
    const page = {
      results: [
        {
          booking: {
            id: 'b1',
            outward: { ...specMinimalBooking.outward, departureTime: null, arrivalTime: null, operator: 'LNER' },
            inward: null,
            isSeasonBooking: false,
            price: { amount: 10, currencyCode: 'GBP' },
            passengerCount: 1,
            ticketTypes: ['Anytime'],
            season: null,
            refund: { card: '4242' },
          },
          order: { id: 'o1', friendlyOrderId: 'TL-1', replacementOrder: null },
        },
      ],
      total: 1,
      upcomingBookings: 1,
      pastBookings: 0,
      seasonBookings: 0,
      hasGuestBookings: false,
    };
    expect(v.safeParse(BookingsPage, minimizeBookingsPage(page)).success).toBe(true);
    expect(JSON.stringify(minimizeBookingsPage(page))).not.toContain('4242');
    const user = minimizeUser(demoUser);
    expect(v.safeParse(UserResponse, user).success).toBe(true);
    expect(user).toEqual({
      user: { id: 'u1', status: 'AUTHORISED', email: null, provider: null },
      ufacSession: null,
      isRegistered: true,
    });
    expect(v.safeParse(BookingDetailResponse, minimizeBookingDetail(detail)).success).toBe(true);
    w.answers.set('/my-account/api/bookings/upcoming', json(page));
    await w.get('/my-account/api/bookings/upcoming?page=1');
    expect(await w.kept()).toContain('/my-account/api/bookings/upcoming');
  });

  it('forgets everything on sign-out, even offline', async () => {
    const w = await signedInWorld();
    w.answers.set('/my-account/api/logout', new Error('offline'));
    await expect(w.get('/my-account/api/logout', { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(await w.kept()).toEqual([]);
  });

  it('forgets everything on a 401 from any call', async () => {
    const w = await signedInWorld();
    w.answers.set('/my-account/api/customer/cards', json({ error: 'unauthorised' }, 401));
    expect((await w.get('/my-account/api/customer/cards'))?.status).toBe(401);
    expect(await w.kept()).toEqual([]);
  });

  it('never shares one customer’s answers with the next: a new sign-in or another user drops them', async () => {
    const w = await signedInWorld();
    w.answers.set('/my-account/api/login', json({ ...demoUser, user: { ...demoUser.user, id: 'u2' } }));
    await w.get('/my-account/api/login', { method: 'POST', body: '{}' });
    expect(await w.kept()).toEqual(['/my-account/__offline/owner']);
    w.answers.set('/my-account/api/booking/b1', new Error('offline'));
    await expect(w.get('/my-account/api/booking/b1')).rejects.toThrow();

    const other = await signedInWorld();
    other.answers.set('/my-account/api/user', json({ ...demoUser, user: { ...demoUser.user, id: 'u3' } }));
    await other.get('/my-account/api/user');
    expect(await other.kept()).toEqual(['/my-account/__offline/owner', '/my-account/api/user']);
  });

  it('forgets everything when GET /user says nobody is signed in', async () => {
    const w = await signedInWorld();
    w.answers.set(
      '/my-account/api/user',
      json({ ...demoUser, user: { ...demoUser.user, id: null, status: 'UNKNOWN' } }),
    );
    await w.get('/my-account/api/user');
    expect(await w.kept()).toEqual([]);
  });

  it('never keeps a guest’s calls (order token or user-flow header)', async () => {
    const w = await signedInWorld();
    await clearData(w.deps);
    w.answers.set('/my-account/api/booking/b2', json(detail));
    await w.get('/my-account/api/booking/b2?token=abc');
    await w.get('/my-account/api/booking/b2', { headers: { 'x-user-flow-id': 'order.s1' } });
    expect(await w.kept()).toEqual([]);
  });

  it('asks GET /user once when it started after the sign-in, and keeps nothing for a guest', async () => {
    const w = world();
    w.answers.set('/my-account/api/user', json(demoUser));
    w.answers.set('/my-account/api/booking/b1', json(detail));
    w.answers.set('/my-account/api/realtime/timetable/t1', json({ timetableId: 't1', callingPoints: [] }));
    await Promise.all([w.get('/my-account/api/booking/b1'), w.get('/my-account/api/realtime/timetable/t1')]);
    expect(w.calls.filter((c) => c === 'GET /my-account/api/user')).toHaveLength(1);
    expect(await w.kept()).toContain('/my-account/api/booking/b1');

    const guest = world();
    guest.answers.set('/my-account/api/user', json({ ...demoUser, user: { ...demoUser.user, status: 'GUEST' } }));
    guest.answers.set('/my-account/api/booking/b1', json(detail));
    await guest.get('/my-account/api/booking/b1');
    expect(await guest.kept()).toEqual([]);
  });

  it('leaves other origins and non-GET pages alone', () => {
    const w = world();
    expect(route(w.deps, new Request('http://elsewhere.test/my-account/assets/a.js'))).toBeNull();
    expect(route(w.deps, new Request(`${origin}/my-account/login`, { method: 'POST', body: 'x' }))).toBeNull();
  });
});
