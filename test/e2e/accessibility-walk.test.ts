import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, signIn, signInContext, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { claimId } from '#server/seed/delay-repay.ts';
import { bookingIdOf, stableId } from '#server/seed/context';
import { ASSISTANCE_BOOKING_KEY, ASSISTANCE_IDS } from '#server/seed/passenger-assistance';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';

/**
 * The accessibility walk (WCAG 2.2 AA): per screen, axe with the WCAG 2.x A/AA tags up to
 * wcag22aa, and every Tab stop's focus indicator measured against the background it sits on (at
 * least 3:1, WCAG 1.4.11); in the flows, after each action `document.activeElement` is not
 * <body> (2.4.3), and each status and error text appears inside a live region that was on the page
 * before it (4.1.3). The accessibility statement (docs/accessibility-statement.md) cites it.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
  await w.context.addInitScript(watchLiveRegions);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
const require = createRequire(import.meta.url);
const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs in the page before its scripts: notes when each live region (aria-live, role=status, alert,
 * log) appears, and every text that appears inside one, split into texts put in a region that was
 * already on the page (`announced`) and texts that came with their region (`late`), which screen
 * readers announce unreliably.
 */
function watchLiveRegions() {
  const selector = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
  const seen = new WeakMap<Element, number>();
  const log = { announced: [] as string[], late: [] as string[] };
  (window as unknown as { __live: typeof log }).__live = log;
  let batch = 0;
  const regionsIn = (node: Node): Element[] => {
    if (!(node instanceof Element)) return [];
    return [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)];
  };
  const regionOf = (node: Node): Element | null =>
    (node instanceof Element ? node : node.parentElement)?.closest(selector) ?? null;
  const start = () => {
    for (const region of regionsIn(document.documentElement)) seen.set(region, 0);
    new MutationObserver((records) => {
      batch += 1;
      const fresh = new Set<Element>();
      for (const record of records)
        for (const node of record.addedNodes)
          for (const region of regionsIn(node))
            if (!seen.has(region)) {
              seen.set(region, batch);
              fresh.add(region);
            }
      for (const region of fresh) {
        const text = region.textContent?.trim();
        if (text) log.late.push(text);
      }
      for (const record of records) {
        const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes];
        for (const node of nodes) {
          const region = regionOf(node);
          const text = node.textContent?.trim();
          if (!region || !text || fresh.has(region)) continue;
          // Inside a region that came in this batch within an older one: still late.
          if ([...fresh].some((f) => f.contains(node))) continue;
          log.announced.push(region.textContent?.trim() ?? text);
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

const liveLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __live: { announced: string[]; late: string[] } }).__live);

/** The text appeared inside a live region that was on the page before it, and never with its region. */
const expectAnnounced = async (page: Page, text: string) => {
  await expect
    .poll(async () => (await liveLog(page)).announced.some((t) => t.includes(text)), {
      message: `"${text}" announced`,
      timeout: 15_000,
    })
    .toBe(true);
  expect(
    (await liveLog(page)).late.filter((t) => t.includes(text)),
    `"${text}" came with its live region`,
  ).toEqual([]);
};

const activeIsNotBody = (page: Page) =>
  page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body);
const activeDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.getAttribute('name') ?? el.textContent ?? '').trim().slice(0, 40)}`
      : 'none';
  });

/** axe with the WCAG 2.0, 2.1 and 2.2 A and AA rules: every violation, whatever its impact. */
const wcagViolations = async (page: Page): Promise<string[]> => {
  // Loaded once per document: the run at 375 px uses the copy the run at 1280 px loaded.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const result = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
};

/** The next Tab goes to the first control of the page, as after a fresh load. */
const fromTheTop = (page: Page) =>
  page.evaluate(() => {
    const body = document.body;
    body.tabIndex = -1;
    body.focus();
    body.removeAttribute('tabindex');
    window.scrollTo(0, 0);
  });

interface Stop {
  /** The focused element's own mark, the same at each visit (the walk ends when it comes round again). */
  id: string;
  element: string;
  ratio: number;
  colours: string[];
  background: string;
}

/**
 * The focused element's indicator: the colours of its outline and box-shadow rings, each measured
 * against the background the ring is drawn on (the element's own for a ring drawn inward, its
 * container's otherwise); the stop's ratio is the best of them (a two-colour ring, WCAG technique
 * C40). A control drawn by its neighbour (the switch's real checkbox is transparent over its
 * track) is measured on the track.
 */
const focusStop = (page: Page): Promise<Stop | null> =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    // Read in the same call as the ring: one round trip to the page per Tab press.
    const marked = focused as HTMLElement & { __walkId?: number };
    marked.__walkId ??= Math.random();
    const drawn =
      getComputedStyle(focused).opacity === '0' && focused.nextElementSibling instanceof HTMLElement
        ? focused.nextElementSibling
        : focused;
    const style = getComputedStyle(drawn);
    const parse = (c: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
    };
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
    };
    const backgroundFrom = (start: Element | null): number[] => {
      for (let el = start; el; el = el.parentElement) {
        const c = parse(getComputedStyle(el).backgroundColor);
        if (c && c[3] > 0.5) return c;
      }
      return [255, 255, 255, 1];
    };
    const colours: string[] = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) colours.push(style.outlineColor);
    if (style.boxShadow !== 'none') {
      // Only rings (a spread of 2 px or more), not soft shadows.
      for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
        const lengths = shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? [];
        if (parseFloat(lengths[3] ?? '0') >= 2) colours.push(/rgba?\([^)]*\)/.exec(shadow)?.[0] ?? '');
      }
    }
    const inward = parseFloat(style.outlineOffset) < 0;
    const background = backgroundFrom(inward ? drawn : drawn.parentElement);
    // Opacity fades the ring with the element (a disabled button drawn at 55%): each colour is
    // measured as it shows, blended over the background by the element's and its ancestors' opacity.
    let opacity = 1;
    for (let el: Element | null = drawn; el; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity);
    const shown = (c: number[]) => c.slice(0, 3).map((v, i) => v * opacity + (background[i] ?? 255) * (1 - opacity));
    const ratios = colours
      .map((c) => parse(c))
      .filter((c): c is [number, number, number, number] => !!c && c[3] === 1)
      .map((c) => ratio(shown(c), background));
    return {
      id: String(marked.__walkId),
      element: `${focused.tagName.toLowerCase()} ${(focused.getAttribute('aria-label') ?? focused.textContent ?? focused.getAttribute('name') ?? '').trim().slice(0, 30)}`,
      ratio: Math.max(0, ...ratios),
      colours,
      background: `rgb(${background.slice(0, 3).join(', ')})`,
    };
  });

/**
 * Tabs through the screen from the top (at most `limit` stops): every stop has a focus indicator
 * of at least 3:1 against its background, and Tab never lands on <body> before the end.
 */
const tabWalk = async (page: Page, limit = 45, fromTop = true): Promise<Stop[]> => {
  // In a modal dialog the page is inert: the walk starts from the focus the dialog put in it.
  if (fromTop) await fromTheTop(page);
  const stops: Stop[] = [];
  // In a dialog the walk starts on the control it opened on (Cancel, its last) and goes backwards:
  // Tab past a modal's last control leaves the page.
  const start = fromTop ? null : await focusStop(page);
  if (start) stops.push(start);
  let first: string | null = null;
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(fromTop ? 'Tab' : 'Shift+Tab');
    const stop = await focusStop(page);
    if (!stop) break; // past the last control
    if (stop.id === first) break;
    first ??= stop.id;
    stops.push(stop);
  }
  return stops;
};

/** A screen at 1280 px: axe clean, every Tab stop's indicator at least 3:1; then axe at 375 px. */
const checkScreen = async (page: Page, name: string, { inDialog = false } = {}) => {
  expect(await wcagViolations(page), `${name}: axe at 1280 px`).toEqual([]);
  const stops = await tabWalk(page, 45, !inDialog);
  expect(stops.length, `${name}: Tab reaches the controls`).toBeGreaterThan(inDialog ? 1 : 2);
  const faint = stops
    .filter((s) => s.ratio < 3)
    .map((s) => `${s.element} [${s.colours.join(' / ')}] on ${s.background}: ${s.ratio.toFixed(2)}:1`);
  expect(faint, `${name}: focus indicators under 3:1`).toEqual([]);
  // The measurement, for the accessibility statement: stops walked and the weakest ring.
  console.info(
    `focus rings ${name}: ${stops.length} Tab stops, lowest ${Math.min(...stops.map((s) => s.ratio)).toFixed(2)}:1`,
  );
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await wcagViolations(page), `${name}: axe at 375 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  return stops;
};

/** No link says it is the current page unless it goes to the address on screen. */
const falseCurrent = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[aria-current="page"]')]
      .filter((a) => new URL(a.href).pathname !== location.pathname)
      .map((a) => `${a.textContent?.trim()} → ${new URL(a.href).pathname}`),
  );

/**
 * The fields a form needs that are not marked required for assistive tech: every text input of a
 * form whose label does not say "(optional)", and whose form's validators ask for it, carries
 * `required` or `aria-required`. Read from the form: a labelled text, email, password, number or
 * numeric input outside "(optional)" must be marked.
 */
const unmarkedRequired = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement>(
        'form input:not([type]), form input[type="text"], form input[type="email"], form input[type="password"], form input[type="tel"]',
      ),
    ]
      .filter((input) => !input.readOnly && input.type !== 'hidden')
      .filter((input) => {
        const label = input.labels?.[0]?.textContent ?? '';
        const group = input.closest('fieldset')?.querySelector('legend')?.textContent ?? '';
        return !/optional/i.test(label) && !/optional/i.test(group) && !input.closest('[data-optional]');
      })
      .filter((input) => !input.required && input.getAttribute('aria-required') !== 'true')
      .map((input) => input.name || input.id),
  );

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('accessibility walk', () => {
  it('signed in: the lists, Load more, the skip link, and the account screens', async () => {
    const page = w.page;
    await page.goto(url('/login'));
    await heading(page, /Sign in/);
    await checkScreen(page, 'sign in');
    // A press of the disabled submit: every missing field's error shows, and the error summary takes
    // the focus, puts "Error: " in the title and links to each field (decision 670); the hint beside
    // the button names both fields.
    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    await signInButton.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.querySelector('h2')?.textContent))
      .toBe('There is a problem');
    expect(await page.title()).toMatch(/^Error: Sign in/);
    await page.getByRole('link', { name: /^Email address: / }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await page.getByLabel('Email address').first().getAttribute('aria-required')).toBe('true');
    expect(await unmarkedRequired(page), 'sign in: required fields not marked').toEqual([]);
    await expect
      .poll(() => page.locator('#sign-in-submit-hint').textContent())
      .toBe('Still needed: Email address, Password');
    // Typing afterwards changes the errors beside the fields, but says nothing again: the summary is
    // heard when it takes the focus, once per attempt, and is not a live region (decision 670).
    const summaries = async () => (await liveLog(page)).announced.filter((t) => t.startsWith('There ')).length;
    const saidOnce = await summaries();
    await page.getByLabel('Email address').first().pressSequentially('demo@exa', { delay: 30 });
    await page.getByLabel('Email address').first().fill('');
    await page.waitForTimeout(300);
    expect(await summaries(), 'errors announced again with no new attempt').toBe(saidOnce);
    await signIn(page, world.server.origin, demo.email, demo.password, '', url('/bookings/past'));

    // The skip link goes past the menu to the page's h1.
    await page.getByRole('article').first().waitFor();
    await fromTheTop(page);
    await page.keyboard.press('Tab');
    expect(await activeDescription(page)).toContain('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-title');
    await checkScreen(page, 'past bookings');
    expect(await falseCurrent(page)).toEqual([]);

    // Load more: the focus goes to the first new card (the button goes with the last page).
    const cards = page.getByRole('article');
    const before = await cards.count();
    await page.getByRole('button', { name: 'Load more bookings' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    await expect.poll(() => activeIsNotBody(page)).toBe(true);
    expect(
      await page.evaluate(
        (n) => document.activeElement === document.querySelectorAll('main li:has(> article)')[n],
        before,
      ),
    ).toBe(true);

    for (const [path, name] of [
      ['/personal-details', 'Personal details'],
      ['/contact-preferences', 'Contact preferences'],
      ['/address-book/add-address', 'Add an address'],
      ['/passengers-and-railcards/add-passenger', 'Add passenger'],
      ['/change-password', /password/i],
    ] as const) {
      await page.goto(url(path));
      await heading(page, name);
      await page.locator('form, [role="switch"]').first().waitFor();
      await checkScreen(page, path);
      expect(await falseCurrent(page), path).toEqual([]);
      // Every field the form's validators require is marked for assistive tech.
      expect(await unmarkedRequired(page), `${path}: required fields not marked`).toEqual([]);
    }
    expect(w.errors).toEqual([]);
  });

  it('Delay Repay: the hint says what is missing, the busy submit keeps focus, the 422 is tied to the delay', async () => {
    const page = w.page;
    await world.server.reset();
    await signIn(
      page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/claim/${claimId('demo-past-leeds-sheffield')}`),
    );
    const send = page.getByRole('button', { name: 'Send claim' });
    await send.waitFor();
    await checkScreen(page, 'Delay Repay');

    // A delay typed and no payment method chosen: the hint names the question and links to it.
    const delay = page.getByLabel('How many minutes late did you arrive?');
    await delay.fill('10');
    const hint = page.locator(`#${await send.getAttribute('aria-describedby')}`);
    await expect.poll(() => hint.textContent()).toBe('Still needed: How would you like to be paid?');
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    await expectAnnounced(page, 'Still needed: How would you like to be paid?');
    await hint.getByRole('link', { name: 'How would you like to be paid?' }).click();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('paymentType');
    // A disabled submit ignores Enter: nothing is sent, and the error summary takes the focus.
    await send.focus();
    await page.keyboard.press('Enter');
    expect(await activeDescription(page)).toContain('There is a problem');

    // Sending: the server is slowed, the button keeps the focus and the busy label is announced.
    await page.getByRole('radio', { name: 'Rail travel voucher' }).check();
    await page.route('**/my-account/api/claim/*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
      await route.fallback();
    });
    await send.focus();
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Sending your claim…');
    expect(await activeIsNotBody(page), `focus while sending: ${await activeDescription(page)}`).toBe(true);

    // 422 (under the operator's threshold): the message is announced, the delay is marked and focused.
    await expectAnnounced(page, 'Northern pays Delay Repay for delays of 15 minutes or more.');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('delay');
    expect(await delay.getAttribute('aria-invalid')).toBe('true');
    const described = (await delay.getAttribute('aria-describedby')) ?? '';
    const problem = page.getByRole('alert').filter({ hasText: "Sorry! We couldn't process your claim" });
    expect(described.split(' ')).toContain(await problem.getAttribute('id'));

    // A required question skipped shows its error without a blur inside it: the journey is
    // answered by default, so clear the delay and choose a way to be paid.
    // Inline errors are not live: the summary says them, taking the focus, on the next press of the submit.
    await delay.fill('');
    await page.getByRole('radio', { name: 'Rail travel voucher' }).check();
    await page
      .locator(`#${await delay.getAttribute('id')}-error`)
      .filter({ hasText: 'Please enter' })
      .waitFor();
    await send.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^There is a problemHow many minutes late did you arrive\?: Please enter/);
    expect(w.errors).toEqual([]);
  });

  it('change password: the refusal is tied to the current password; personal details keep focus and announce the save', async () => {
    const page = w.page;
    await world.server.reset();
    await signIn(page, world.server.origin, demo.email, demo.password, '', url('/change-password'));
    const current = page.getByLabel('Current password');
    await current.fill('not-the-password-1');
    await page.getByLabel('New password').fill('AnotherRail2027');
    const submit = page.getByRole('button', { name: 'Change password' });
    await submit.focus();
    await page.keyboard.press('Enter');
    expect(await activeIsNotBody(page)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('currentPassword');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    const alertId = await page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .first()
      .getAttribute('id');
    expect(((await current.getAttribute('aria-describedby')) ?? '').split(' ')).toContain(alertId);
    expect((await liveLog(page)).announced.some((t) => /current password/i.test(t))).toBe(true);

    await page.goto(url('/personal-details'));
    const first = page.getByLabel('First name');
    await first.fill('Alexandra');
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.focus();
    await page.keyboard.press('Enter');
    expect(await activeIsNotBody(page), `focus while saving: ${await activeDescription(page)}`).toBe(true);
    await page.getByRole('button', { name: 'Saved!' }).waitFor();
    expect(await activeIsNotBody(page), `focus after saving: ${await activeDescription(page)}`).toBe(true);
    await expectAnnounced(page, 'Your personal details have been');

    // An address saved: the notice on the address book is announced.
    await page.goto(url('/address-book/add-address'));
    await page.getByLabel('Address line 1').fill('3 Castle Street');
    await page.getByLabel('Town or city').fill('Edinburgh');
    await page.getByLabel('Postcode').fill('EH1 2DP');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expectAnnounced(page, 'Your new address has been saved.');
    expect(w.errors).toEqual([]);
  });

  it('refunds: a tick keeps the focus while it re-quotes; the quote and the refund are announced', async () => {
    const page = w.page;
    await world.server.reset();
    const bookingId = refundSeedBookingId(REFUND_SEED_KEYS.partialReturn);
    await signIn(page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}/history`));
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/refund'));
    const robinTick = page.getByLabel(/Robin Hughes/);
    await robinTick.waitFor();
    await checkScreen(page, 'refund');
    expect(await falseCurrent(page)).toEqual([]);
    // The selection is the refund: unticking Robin by keyboard re-quotes at once, focus stays put.
    await robinTick.focus();
    await page.keyboard.press('Space');
    expect(await activeIsNotBody(page), `focus while quoting: ${await activeDescription(page)}`).toBe(true);
    await page.getByRole('heading', { name: 'Tickets in this refund' }).waitFor();
    // Both unticked: Continue is unavailable, and the reason is beside it, in its description, and
    // announced; its link goes to the first tick.
    const sashaTick = page.getByLabel(/Sasha/).first();
    await sashaTick.uncheck();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => continueButton.getAttribute('aria-disabled')).toBe('true');
    const why = page.locator(`#${await continueButton.getAttribute('aria-describedby')}`);
    expect(await why.textContent()).toBe('Choose at least one passenger to refund.');
    await expectAnnounced(page, 'Choose at least one passenger to refund.');
    // Reached by keyboard, the disabled Continue shows the whole ring: no opacity fades it.
    await continueButton.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await activeDescription(page)).toContain('Continue');
    const disabledRing = await focusStop(page);
    expect(
      disabledRing?.ratio ?? 0,
      `the focused, disabled Continue: ${JSON.stringify(disabledRing)}`,
    ).toBeGreaterThanOrEqual(10);
    await why.getByRole('link').click();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    await sashaTick.check();
    await expect.poll(() => continueButton.getAttribute('aria-disabled')).toBe(null);
    await page.getByRole('heading', { name: 'Tickets in this refund' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm refund' }).waitFor();
    await checkScreen(page, 'refund: confirm');
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await expectAnnounced(page, 'Refund complete');
    expect(w.errors).toEqual([]);
  });

  it('booking detail, the insurance dialog and a passenger assistance request', async () => {
    const page = w.page;
    await world.server.reset();
    await signIn(
      page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/${bookingIdOf('demo-upcoming-euston-manchester')}`),
    );
    const opener = page.getByRole('button', { name: 'Claim on your insurance' });
    await opener.waitFor();
    await checkScreen(page, 'booking detail');
    expect(await falseCurrent(page)).toEqual([]);
    // Opened by keyboard, so the dialog's first focus shows its ring (:focus-visible).
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Claim on your/ });
    await dialog.waitFor();
    // Opens on Cancel, the safe choice; the ring is measured inside the modal (Tab stays in it).
    expect(await activeDescription(page)).toContain('Cancel');
    await checkScreen(page, 'insurance', { inDialog: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await activeIsNotBody(page), `focus after the dialog: ${await activeDescription(page)}`).toBe(true);

    // A request's review and cancel pages: "Back to passenger assistance" and "Back to booking" go
    // to pages above them in the address, and neither is the current page.
    const assistanceBooking = stableId('booking', `${ASSISTANCE_BOOKING_KEY}:0`);
    const request = (id: string) => `/bookings/${assistanceBooking}/passenger-assistance/${id}`;
    const backToList = page.getByRole('link', { name: 'Back to passenger assistance' });
    for (const [path, name, shown] of [
      [request(ASSISTANCE_IDS.jamieOutward), 'assistance review', backToList],
      [
        `${request(ASSISTANCE_IDS.jamieOutward)}/cancel`,
        'assistance cancel',
        page.locator(`main a[href$="${ASSISTANCE_IDS.jamieOutward}"]`).first(),
      ],
      [`${request(ASSISTANCE_IDS.alexInwardCancelled)}/cancel`, 'assistance cancel, already cancelled', backToList],
    ] as const) {
      await page.goto(url(path));
      await shown.waitFor();
      expect(await falseCurrent(page), name).toEqual([]);
      expect(await page.locator('main a[aria-current="page"]').count(), name).toBe(0);
    }

    await page.goto(url(`/bookings/${assistanceBooking}/passenger-assistance/create`));
    const book = page.getByRole('button', { name: 'Book assistance' });
    await book.waitFor();
    await checkScreen(page, 'assistance');
    expect(await falseCurrent(page)).toEqual([]);
    // Pressed before anything is answered: the errors show, and the error summary takes the focus.
    await book.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeDescription(page)).toContain('There is a problem');
    expect(w.errors).toEqual([]);
  });

  it('Add to my account: the outcome goes into a region that was on the page before it', async () => {
    const page = w.page;
    await world.server.reset();
    await signInContext(page, world.server.origin, demo.email, demo.password);
    const res = await fetch(url('/api/booking/token?token=demo-guest-token-3'));
    const bookingId = ((await res.json()) as { bookings: { booking: { id: string } }[] }).bookings[0]?.booking.id ?? '';
    await page.goto(url(`/order-token/${bookingId}#token=demo-guest-token-3`));
    const add = page.getByRole('button', { name: 'Add to my account' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'added. Taking you to your bookings');
    expect(await activeDescription(page)).toContain('Add to my account');
    await page.waitForURL(/\/bookings\/upcoming/);
    expect(w.errors).toEqual([]);
  });

  it('other portals: BrandedBusinessTravel and ScotRail, sign in and personal details', async () => {
    const page = w.page;
    await world.server.reset();
    const portal = (name: string) =>
      fetch(`${world.server.origin}/__test/page-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ portal: name }),
      });
    try {
      for (const name of ['BrandedBusinessTravel', 'ScotRail']) {
        await portal(name);
        await page.goto(url('/login'));
        await heading(page, /Sign in/);
        await checkScreen(page, `${name}: sign in`);
        await signIn(page, world.server.origin, demo.email, demo.password, '', url('/personal-details'));
        await heading(page, 'Personal details');
        await page.locator('form').first().waitFor();
        await checkScreen(page, `${name}: personal details`);
        await page.context().clearCookies();
      }
    } finally {
      await portal('Leisure');
    }
    expect(w.errors).toEqual([]);
  });
});
