import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { openPage, type PageWatch } from './browser';
import { containsWords, englishLeftIn } from './english-left';
import { useE2eWorld } from './world';
import { DEMO_PASSENGERS, DEMO_RAILCARDS } from '#server/seed/passengers.ts';
import { WALLET_IDS } from '#server/seed/wallet.ts';
import { ASSISTANCE_BOOKING_KEY, ASSISTANCE_IDS } from '#server/seed/passenger-assistance.ts';
import { claimId, DEMO_CLAIM_TOKEN } from '#server/seed/delay-repay.ts';
import { bookingIdOf } from '#server/seed/context.ts';
import { DEMO_MARKETING_TOKEN } from '#server/seed/consents.ts';
import { STATIONS } from '#server/seed/stations.ts';
import { EXTRA_STATIONS } from '#server/api/timetable.ts';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';

/**
 * Every screen once per locale (de, fr), in one browser against one server: no visible text node,
 * accessible name or title shows a string of the en-GB catalogue that the locale translates, or an
 * English text the server sent. The server's English is read, not listed: each API answer a screen
 * reads is fetched again with `Accept-Language: en-GB`, and every text in it that reads as words
 * must not be on the French or German screen, unless it is a proper name below.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
/** The refunds account: refunds refused for every reason, and refunds rejected. */
const refunds = { email: 'refunds@example.com', password: 'RailDemo!2026' };

/**
 * Proper names the server sends that stay as they are in every language: stations, people, train
 * companies, the retailer's products (GB fares and railcards are sold under their English names),
 * card brands. Each is a whole text of an answer; anything else English fails the walk.
 */
const PROPER_NAMES: readonly RegExp[] = [
  // Stations, and "Station to Station" in a booking's own title field is not shown (the app words it).
  ...[...Object.values(STATIONS).map((s) => s.name), ...Object.values(EXTRA_STATIONS)].map(
    (name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  ),
  // People (seeded customers, passengers, card holders).
  /^(Alex|Jamie|Ruby|Pat|Sam|Robin|Sasha|Morgan|Jo|Lee) (Morgan|Patel|Hughes|Ellis|Taylor|Lee)$/,
  // Train companies.
  /^(Northern|Greater Anglia|TransPennine Express|Avanti West Coast|LNER|CrossCountry|Great Western Railway|West Midlands Trains|West Midlands Railway|ScotRail|East Midlands Railway|Transport for Wales|c2c|Southern|Thameslink|Chiltern Railways|Merseyrail|Lumo|Grand Central|Hull Trains|London Northwestern Railway)$/,
  // Fares and railcards (the retailer's product names).
  /^(Anytime|Off-Peak|Super Off-Peak|Advance)( Day)?( Single| Return)?$/,
  /Season( Ticket)?$/,
  /Railcard$/,
  // Card brands.
  /^(Visa|Mastercard|American Express|Maestro)$/,
];
const isProperName = (text: string) => PROPER_NAMES.some((p) => p.test(text));

/** A text of an answer that reads as words (two or more words of letters), not a code, date, id, address or link. */
const readsAsWords = (text: string) =>
  !/^(https?:|\/|[\w.+-]+@)/.test(text) &&
  (text.match(/\p{L}{2,}/gu)?.length ?? 0) >= 2 &&
  !/^[A-Z0-9_\- ]+$/.test(text);

/**
 * Fields that hold the customer's own words (an address, a passenger's nickname, what they told the
 * station staff): shown as typed, in whatever language the customer wrote them.
 */
const CUSTOMER_WORDS = new Set(['line1', 'line2', 'line3', 'line4', 'line5', 'nickName', 'details', 'cardholderName']);

const stringsOf = (value: unknown, out: Set<string>): Set<string> => {
  if (typeof value === 'string') {
    const text = value.trim().replace(/\s+/g, ' ');
    if (readsAsWords(text) && !isProperName(text)) out.add(text);
  } else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, out));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) if (!CUSTOMER_WORDS.has(key)) stringsOf(v, out);
  return out;
};

/**
 * Watches the page's API reads and fetches each again in en-GB (same cookies and headers): the
 * server's English for what the screen shows. `settled` waits until nothing the app asked its
 * server for (API calls, route chunks) is in flight, the page has not changed, and nothing is busy.
 */
function watchServerCopy(w: PageWatch, origin: string) {
  const english = new Set<string>();
  const refetches: Promise<void>[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (r: Request) => new URL(r.url()).pathname.includes('/my-account/api/');
  const isOwn = (r: Request) => r.url().startsWith(origin);
  w.page.on('request', (r) => {
    if (!isOwn(r)) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (!isOwn(r)) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  w.page.on('requestfailed', done);
  w.page.on('requestfinished', (r) => {
    done(r);
    if (!isApi(r)) return;
    const headers = { ...r.headers(), 'accept-language': 'en-GB' };
    const read = async (res: { headers(): Record<string, string>; json(): Promise<unknown> }) => {
      if ((res.headers()['content-type'] ?? '').includes('json')) stringsOf(await res.json(), english);
    };
    if (r.method() === 'GET') {
      refetches.push(
        w.context.request
          .get(r.url(), { headers, failOnStatusCode: false })
          .then(read)
          .catch(() => undefined),
      );
      return;
    }
    // A refused change (a claim, a request) saved nothing: asked again in en-GB, its refusal's English.
    refetches.push(
      (async () => {
        const answer = await r.response();
        if (!answer || answer.status() < 400 || answer.status() >= 500) return;
        const data = r.postData();
        await read(
          await w.context.request.fetch(r.url(), {
            method: r.method(),
            headers,
            ...(data === null ? {} : { data }),
            failOnStatusCode: false,
          }),
        );
      })().catch(() => undefined),
    );
  });
  return {
    english,
    /** Opens `href` as the app's own links do (the router follows history.pushState): no new document. */
    async navigate(page: Page, href: string) {
      lastChange = Date.now();
      await page.evaluate((to) => {
        const quiet = (window as unknown as { __walkQuiet?: { last: number } }).__walkQuiet;
        if (quiet) quiet.last = performance.now();
        history.pushState(null, '', to);
      }, href);
    },
    async settled(page: Page, expect: ExpectStatic) {
      await expect
        .poll(
          async () =>
            inFlight <= 0 &&
            Date.now() - lastChange > 250 &&
            // Measured in the page: its last change is 250 ms old and nothing says it is busy.
            (await page.evaluate(() => {
              const w = window as unknown as { __walkQuiet?: { last: number } };
              if (!w.__walkQuiet) {
                const quiet = { last: performance.now() };
                new MutationObserver(() => {
                  quiet.last = performance.now();
                }).observe(document, { subtree: true, childList: true, characterData: true });
                w.__walkQuiet = quiet;
              }
              return performance.now() - w.__walkQuiet.last > 250 && !document.querySelector('[aria-busy="true"]');
            })),
          { timeout: 15_000, interval: 100 },
        )
        .toBe(true);
      await Promise.all(refetches.splice(0));
    },
  };
}

/** Each visible text node, accessible name, placeholder and alt text, and the title, as the reader meets them. */
const screenTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      if (
        !parent.checkVisibility({ visibilityProperty: true }) &&
        !parent.closest('.visually-hidden, [class*="visuallyHidden"]')
      )
        continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    return out;
  });

/** A screen, who is signed in (nobody, or an account), and what the customer does there before its words are read (e.g. a refused save). */
type Screen = { path: string; signedIn: false | typeof demo; act?: (page: Page) => Promise<void> };

/** A plain message of the locale's catalogue (a button's name to press). */
const say = (locale: string, key: string): string => {
  const own = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, unknown>;
  const text = own[key];
  if (typeof text !== 'string') throw new Error(`${locale}: no plain message ${key}`);
  return text;
};

/**
 * Each locale sends its own claims (the two walk side by side on one server): a Delay Repay claim
 * made in the app, and an insurance claim on a booking not yet departed.
 */
const CLAIMS_OF: Record<string, { delayRepay: string; delayMinutes: string; insurance: string }> = {
  de: { delayRepay: 'demo-past-leeds-sheffield', delayMinutes: '34', insurance: 'demo-upcoming-euston-manchester' },
  fr: { delayRepay: 'demo-past-liverpoolst-norwich', delayMinutes: '65', insurance: 'demo-upcoming-kingscross-york' },
};

/** The Delay Repay form filled (the delayed journey, `minutes`, a voucher or card payment) and sent. */
const sendDelayRepay = async (page: Page, minutes: string) => {
  await page.locator('input[name="journey"]').last().check();
  await page.locator('input[name="delay"]').fill(minutes);
  await page.locator('input[name="paymentType"]:not([value="bank-transfer"])').first().check();
  await page.locator('form button[type="submit"]').first().click();
};
/** Refused: a delay shorter than the train company pays for; the server's reason beside the form, nothing saved. */
const refusedDelayRepay = async (page: Page) => {
  // A retry of the walk meets the claim its first try sent: its page is read as it is.
  if ((await page.locator('input[name="delay"]').count()) === 0) return;
  await sendDelayRepay(page, '10');
  await page.locator('[role="alert"]').first().waitFor();
};
/** Sent: the claim's confirmation replaces the form. */
const sentDelayRepay = (minutes: string) => async (page: Page) => {
  if ((await page.locator('input[name="delay"]').count()) === 0) return;
  await sendDelayRepay(page, minutes);
  await page.locator('input[name="delay"]').waitFor({ state: 'detached' });
};
/** The booking's insurance claimed (`submit`) or refused at once (a journey that has departed). */
const insuranceClaim = (locale: string, submit: boolean) => async (page: Page) => {
  const claim = page.getByRole('button', { name: say(locale, 'insurance_claim_section_claim_on_your_insurance') });
  if ((await claim.count()) === 0) return;
  await claim.click();
  if (!submit) {
    await page.locator('[role="alert"]').first().waitFor();
    return;
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: say(locale, 'insurance_claim_section_submit_claim') }).click();
  await dialog.waitFor({ state: 'hidden' });
  await claim.waitFor({ state: 'detached' });
};

/**
 * Ruby (8) is refused a Two Together Railcard: the form shows the attribute's label and the
 * server's NOT_ELIGIBLE reason, both words the server sends.
 */
const refusedRailcard = async (page: Page) => {
  await page.locator('input[name="cardNumber"]').fill('TWO1234567');
  await page
    .locator('input[name="expiryDate"]')
    .fill(new Date(Date.now() + 100 * 24 * 3600 * 1000).toISOString().slice(0, 10));
  await page.locator('input[name="secondHolderName"]').fill('Pat Lee');
  await page.locator('form button[type="submit"]').first().click();
  await page.locator('form a[href$="/select-railcard"]').waitFor();
};

/** Assistance asked for a train that leaves within 2 hours: refused with TOO_LATE, worded by the form beside the journey question. */
const lateAssistance = async (page: Page) => {
  for (const name of ['passengerId', 'direction', 'kinds']) await page.locator(`input[name="${name}"]`).first().check();
  await page.locator('form button[type="submit"]').first().click();
  await page.locator('form [aria-invalid="true"]').first().waitFor();
};

const screens = (locale: string): Screen[] => {
  const out = (path: string): Screen => ({ path, signedIn: false });
  const at = (path: string, act?: Screen['act']): Screen => ({ path, signedIn: demo, act });
  const robin = (key: string, tail = ''): Screen => ({
    path: `/bookings/${refundSeedBookingId(key)}${tail}`,
    signedIn: refunds,
  });
  const assisted = bookingIdOf(ASSISTANCE_BOOKING_KEY);
  const claims = CLAIMS_OF[locale]!;
  const delayRepay = bookingIdOf('demo-past-leeds-sheffield');
  return [
    out('/login'),
    out('/register'),
    out('/forgot-password'),
    out('/find-booking'),
    out(`/claim-token#token=${DEMO_CLAIM_TOKEN}`),
    out(`/contact-preferences-token#token=${DEMO_MARKETING_TOKEN}`),
    out('/no-such-page'),
    at('/bookings/upcoming'),
    at('/bookings/past'),
    at('/bookings/season'),
    at('/bookings/guest'),
    at('/account-overview'),
    at('/account-controls'),
    at('/personal-details'),
    at('/change-password'),
    at('/contact-preferences'),
    at('/address-book'),
    at('/address-book/add-address'),
    at(`/address-book/${WALLET_IDS.frenchAddress}`),
    at('/payment-methods'),
    at('/smartcards'),
    at('/passengers-and-railcards'),
    at('/passengers-and-railcards/add-passenger'),
    at(`/passengers-and-railcards/edit-passenger/${DEMO_PASSENGERS.jamie}`),
    at(`/passengers-and-railcards/${DEMO_PASSENGERS.alex}/select-railcard`),
    at(`/passengers-and-railcards/${DEMO_PASSENGERS.ruby}/add-railcard/two-together`, refusedRailcard),
    at(`/passengers-and-railcards/${DEMO_PASSENGERS.alex}/edit-railcard/${DEMO_RAILCARDS.alex2630}`),
    at(`/passengers-and-railcards/digital-railcard/${DEMO_RAILCARDS.alexTwoTogether}`),
    at('/sustainability-dashboard'),
    at('/passenger-assistance'),
    at(`/bookings/${assisted}`),
    at(`/bookings/${assisted}/history`),
    at(`/bookings/${assisted}/refund`),
    at(`/bookings/${assisted}/passenger-assistance`),
    at(`/bookings/${assisted}/passenger-assistance/create`),
    at(`/bookings/${assisted}/passenger-assistance/${ASSISTANCE_IDS.jamieOutward}`),
    at(`/bookings/${assisted}/passenger-assistance/${ASSISTANCE_IDS.jamieOutward}/cancel`),
    at(`/bookings/${delayRepay}`),
    at(`/bookings/claim/${claimId('demo-past-leeds-sheffield')}`),
    at(`/claims/${claimId('demo-past-more-bhm-cov')}`),
    // Delay Repay refused by the operator's records, and a payment to an expired card.
    at(`/claims/${claimId('demo-past-more-cbg-ips')}`),
    at(`/claims/${claimId('demo-past-cardiff-paddington')}`),
    // A season's refund: its kind and its days, in the page's words.
    at(`/bookings/${bookingIdOf('demo-season-annual-reading')}/refund`),
    at(`/bookings/${bookingIdOf('demo-activated-euston-coventry')}/passenger-assistance/create`, lateAssistance),
    // Refunds not available, held for fraud, and rejected (the list shows the tracking lines).
    { path: '/bookings/upcoming', signedIn: refunds },
    robin(REFUND_SEED_KEYS.notIssued, '/refund'),
    robin(REFUND_SEED_KEYS.smartcardInactive, '/refund'),
    robin(REFUND_SEED_KEYS.expired, '/refund'),
    robin(REFUND_SEED_KEYS.activated, '/refund'),
    robin(REFUND_SEED_KEYS.fraud, '/refund'),
    robin(REFUND_SEED_KEYS.rejected),
    robin(REFUND_SEED_KEYS.cardFailed),
    // After a claim is refused or sent (last: each locale changes its own bookings only).
    at(`/bookings/${bookingIdOf('demo-past-more-rdg-bri')}`, insuranceClaim(locale, false)),
    at(`/bookings/claim/${claimId(claims.delayRepay)}`, refusedDelayRepay),
    at(`/bookings/claim/${claimId(claims.delayRepay)}`, sentDelayRepay(claims.delayMinutes)),
    at(`/bookings/${bookingIdOf(claims.delayRepay)}`),
    at(`/bookings/${bookingIdOf(claims.insurance)}`, insuranceClaim(locale, true)),
  ];
};

const world = useE2eWorld();

describe('every screen in de and fr shows no English', () => {
  // The walk changes nothing (its refusals save nothing): both locales walk side by side on one seeded server.
  beforeAll(() => world.server.reset());
  // Concurrent tests assert with their own context's expect: the global one knows only one current test.
  it.concurrent.for(['de', 'fr'])(
    '%s: nothing of the en-GB catalogue the locale translates, nothing of the server English',
    { timeout: 240_000 },
    async (locale, { expect }) => {
      const w = await openPage(world.browser);
      const copy = watchServerCopy(w, world.server.origin);
      const base = `${world.server.origin}/${locale}/my-account`;
      const found: string[] = [];
      let signedIn: Screen['signedIn'] = false;
      /** Paths met so far, and whether the next screen must be loaded whole (see below). */
      const seen = new Set<string>();
      let changed = true;
      for (const screen of screens(locale)) {
        if (screen.signedIn && screen.signedIn !== signedIn) {
          // Another account: a new session (the cookies of the last one go).
          if (signedIn) await w.context.clearCookies();
          await w.page.goto(`${base}/login`);
          await w.page.locator('form input[type="email"]').first().fill(screen.signedIn.email);
          await w.page.locator('form input[type="password"]').first().fill(screen.signedIn.password);
          await w.page.locator('form button[type="submit"]').first().click();
          await w.page.waitForURL((u) => !u.pathname.endsWith('/login'));
          signedIn = screen.signedIn;
          // The app may still be on its way to the account's entry: the next screen is loaded whole.
          changed = true;
        }
        // A screen met for the first time, after one that changed nothing, is opened as the app's
        // links open it: the words are the same, without a new document, its scripts and its boot
        // (most of this walk's time). The first screen, the first after a sign-in, a link's token
        // (read as the app starts), an action, the screen after one and a screen seen before are
        // loaded whole, as a customer coming back to them would.
        const whole = changed || !!screen.act || screen.path.includes('#') || seen.has(screen.path);
        seen.add(screen.path);
        changed = !!screen.act;
        if (whole) {
          await w.page.goto(`${base}${screen.path}`);
          await w.page.locator('h1').first().waitFor();
          await copy.settled(w.page, expect);
        } else {
          await copy.navigate(w.page, `/${locale}/my-account${screen.path}`);
          await copy.settled(w.page, expect);
          // The router went there (a screen may move on by itself, as a refund to its "not available").
          expect(
            new URL(w.page.url()).pathname.startsWith(`/${locale}/my-account${screen.path}`),
            'the router opened the screen',
          ).toBe(true);
          await w.page.locator('h1').first().waitFor();
        }
        if (screen.act) {
          await screen.act(w.page);
          await copy.settled(w.page, expect);
        }
        // Folded text (a railcard's terms and conditions) is read too, as a reader who opens it.
        await w.page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        const shown = await screenTexts(w.page);
        expect(shown.length, `${screen.path}: shows something`).toBeGreaterThan(1);
        for (const left of englishLeftIn(locale, shown.join('\n'))) found.push(`${screen.path}: catalogue ${left}`);
        for (const english of copy.english)
          for (const text of shown)
            if (containsWords(text, english)) found.push(`${screen.path}: server "${english}" in "${text}"`);
      }
      expect([...new Set(found)]).toEqual([]);
      expect(w.errors).toEqual([]);
      await w.context.close();
    },
  );
});
