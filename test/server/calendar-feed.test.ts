import { describe, expect, it } from 'vitest';
import { apiClient, signedInClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';
import { parseCalendar } from '../helpers/parse-ics.ts';

/** The private calendar feed (decision 191): opt-in, revocable, renewable, upcoming journeys only. */
const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const FEED = '/my-account/api/customer/calendar-feed';

type Created = { enabled: true; createdAt: string; url: string };

const server = useTestServer({ resetEachTest: true });
/** The feed as a calendar app fetches it: no cookies, the path of the address the customer was given. */
const fetchFeed = (url: string) => fetch(`${server.origin}${new URL(url).pathname}`);

describe('private calendar feed', () => {
  it('is off until the customer turns it on, and lists their upcoming journeys as a calendar', async () => {
    const client = await signedInClient(server.origin, DEMO);
    expect((await client.get(FEED)).body).toEqual({ enabled: false, createdAt: null });
    const made = await client.post<Created>(FEED, {});
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/^https?:\/\/[^/]+\/my-account\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The address itself is never shown again.
    expect((await client.get(FEED)).body).toEqual({ enabled: true, createdAt: made.body.createdAt });

    const res = await fetchFeed(made.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const calendar = parseCalendar(await res.text());
    expect(calendar.version).toBe('2.0');
    expect(calendar.tzids).toEqual(['Europe/London']);
    expect(calendar.events.length).toBeGreaterThan(3);
    const now = Date.now();
    for (const event of calendar.events) {
      expect(event.uid).toMatch(/^[0-9a-f-]{36}-(outward|inward)@my-account\.rail\.example$/);
      expect(event.description).toMatch(/Booking reference: TL-/);
      expect(event.url).toMatch(/\/my-account\/bookings\/[0-9a-f-]{36}$/);
      expect(event.startTzid).toBe('Europe/London');
      expect(event.summary).toMatch(/ to /);
    }
    // Upcoming journeys: the last leg of each booking is still to come.
    expect(calendar.events.some((e) => Date.parse(e.start) > now)).toBe(true);
    expect(calendar.events.some((e) => e.summary === 'London Euston to Manchester Piccadilly')).toBe(true);
    // Another customer's journeys are not in it.
    const sam = await signedInClient(server.origin, SAM);
    const samFeed = await sam.post<Created>(FEED, {});
    const samEvents = parseCalendar(await (await fetchFeed(samFeed.body.url)).text()).events.map((e) => e.uid);
    expect(samEvents.some((uid) => calendar.events.some((e) => e.uid === uid))).toBe(false);
  });

  it('speaks the language the feed was made in', async () => {
    const client = await signedInClient(server.origin, DEMO);
    const made = await client.post<Created>(FEED, {}, { headers: { 'accept-language': 'de' } });
    const text = await (await fetchFeed(made.body.url)).text();
    expect(text).toContain('X-WR-CALNAME:Bahnreisen');
    expect(parseCalendar(text).events[0]?.url).toMatch(/\/de\/my-account\/bookings\//);
  });

  it('a new address makes the old one answer 404 at once; turning it off makes it 404 too', async () => {
    const client = await signedInClient(server.origin, DEMO);
    const first = await client.post<Created>(FEED, {});
    const second = await client.post<Created>(FEED, {});
    expect(second.body.url).not.toBe(first.body.url);
    expect((await fetchFeed(first.body.url)).status).toBe(404);
    expect((await fetchFeed(second.body.url)).status).toBe(200);
    expect((await client.request('DELETE', FEED)).body).toEqual({ success: true });
    expect((await fetchFeed(second.body.url)).status).toBe(404);
    expect((await client.get(FEED)).body).toEqual({ enabled: false, createdAt: null });
  });

  it('needs a signed-in customer and the CSRF value to change, and answers 404 to any guess', async () => {
    const anonymous = apiClient(server.origin);
    await anonymous.init();
    expect((await anonymous.get(FEED)).status).toBe(401);
    expect((await anonymous.post(FEED, {})).status).toBe(401);
    const client = await signedInClient(server.origin, DEMO);
    expect((await client.post(FEED, {}, { csrf: 'none' })).status).toBe(403);
    expect((await fetch(`${server.origin}/my-account/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetch(`${server.origin}/my-account/api/calendar/short.ics`)).status).toBe(404);
  });
});
