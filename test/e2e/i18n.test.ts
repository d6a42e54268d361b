import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, signIn, type PageWatch } from './browser';
import { catalogueFor, englishLeftIn, texts } from './english-left';
import { useE2eWorld } from './world';

/**
 * The screens a customer meets first read in their locale. Under /de/, /fr-ch/ and /zh/:
 * sign-in, upcoming bookings, a booking detail, personal details with a validation error and the
 * 404 page show no en-GB source text from the catalogue (messages/en-GB.json), only the locale's.
 * A source text the locale keeps unchanged on purpose (a proper noun such as "Delay Repay") is
 * not English left behind, so only texts the locale's catalogue translates are looked for.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

/** What a reader meets on the page: visible text, accessible names that are not visible, the title. */
const screenText = (w: PageWatch) =>
  w.page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser, 375);
});

const expectLocalised = async (locale: string, screen: string) => {
  await w.page.waitForLoadState('networkidle');
  const left = englishLeftIn(locale, await screenText(w));
  expect(left, `${screen} under /${locale}/`).toEqual([]);
};
/** LOOK_DIR=/tmp/x saves screenshots at 375 px, for people to check for clipped text. */
const shot = async (name: string) => {
  if (process.env.LOOK_DIR) await w.page.screenshot({ path: `${process.env.LOOK_DIR}/${name}.png`, fullPage: true });
};

describe.each(['de', 'fr-ch', 'zh'])('every screen a customer meets first reads in %s', (locale) => {
  const base = () => `${world.server.origin}/${locale}/my-account`;

  it('signs in, lists upcoming bookings and opens one, in the locale', async () => {
    await w.page.goto(`${base()}/login`);
    await w.page.locator('form input[type="email"]').first().waitFor();
    expect(await w.page.evaluate(() => document.documentElement.lang.toLowerCase())).toBe(locale);
    await expectLocalised(locale, 'sign-in');
    await shot(`${locale}-login`);
    await w.page.locator('form input[type="email"]').first().fill(demo.email);
    await w.page.locator('form input[type="password"]').first().fill(demo.password);
    await w.page.locator('form button[type="submit"]').first().click();
    await w.page.waitForURL((u) => !u.pathname.endsWith('/login'));

    await w.page.goto(`${base()}/bookings/upcoming`);
    const firstBooking = w.page.locator(`article a[href^="/${locale}/my-account/bookings/"]`).first();
    await firstBooking.waitFor();
    await expectLocalised(locale, 'upcoming bookings');
    await shot(`${locale}-upcoming`);

    await firstBooking.click();
    await w.page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(w.page.url()).pathname.startsWith(`/${locale}/my-account/bookings/`)).toBe(true);
    await expectLocalised(locale, 'booking detail');
    await shot(`${locale}-booking-detail`);
  });

  it('shows personal details with a validation error in the locale', async () => {
    await w.page.goto(`${base()}/login`);
    await w.page.locator('form input[type="email"]').first().fill(demo.email);
    await w.page.locator('form input[type="password"]').first().fill(demo.password);
    await w.page.locator('form button[type="submit"]').first().click();
    await w.page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await w.page.goto(`${base()}/personal-details`);
    const firstName = w.page.locator('input[name="firstName"]');
    await firstName.waitFor();
    await firstName.fill('');
    await firstName.blur();
    const required = texts(catalogueFor(locale).form_first_name_required)[0];
    expect(required, `form_first_name_required in ${locale}`).toBeDefined();
    await w.page.getByText(required!, { exact: true }).waitFor();
    await expectLocalised(locale, 'personal details');
    await shot(`${locale}-personal-details-error`);
  });

  it('shows the 404 page in the locale', async () => {
    await w.page.goto(`${base()}/no-such-page`);
    await w.page.getByRole('heading', { level: 1 }).waitFor();
    await expectLocalised(locale, '404');
    await shot(`${locale}-not-found`);
  });
});

describe('the language picker', () => {
  it('offers every locale for the screen in view once opened, by keyboard, and follows one', async () => {
    await w.context.close();
    w = await openPage(world.browser, 1280);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/past?page=1`,
    );
    const picker = w.page.locator('details').filter({ has: w.page.getByText('Language: British English') });
    await picker.waitFor();
    // Built on first opening only (bench: the header's biggest cost at load).
    expect(await picker.locator('a').count()).toBe(0);
    await picker.locator('summary').focus();
    await w.page.keyboard.press('Enter');
    const links = picker.locator('a[hreflang]');
    await expect.poll(() => links.count()).toBe(17);
    const deutsch = picker.getByRole('link', { name: 'Deutsch', exact: true });
    expect(await deutsch.getAttribute('href')).toBe('/de/my-account/bookings/past?page=1');
    expect(await picker.locator('a[aria-current="true"]').getAttribute('hreflang')).toBe('en-GB');
    await deutsch.focus();
    await w.page.keyboard.press('Enter');
    await w.page.waitForURL((u) => u.pathname === '/de/my-account/bookings/past');
    await w.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await w.page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});
