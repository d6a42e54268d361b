import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { startOidcWorld, type OidcWorld } from '../helpers/oidc';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * "Continue with Google" for real in Chromium (decision 360): the app's server against the local
 * OpenID provider `npm start` runs, through its sign-in and consent pages, back to a session.
 */
const PASSWORD = 'RailDemo!2026';

const world = useE2eWorld();
let oidc: OidcWorld;
let w: PageWatch;

beforeAll(async () => {
  oidc = await startOidcWorld();
});
afterAll(async () => {
  await oidc?.close();
});
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});

const origin = () => oidc.server.origin;
const button = (name: string) => w.page.getByRole('button', { name, exact: true });

/** On the provider's pages: sign in as `email`, then allow the app. */
async function atProvider(email: string) {
  await w.page.waitForURL((u) => u.origin === oidc.provider.issuer);
  await w.page.getByLabel('Email').fill(email);
  await w.page.getByLabel('Password').fill(PASSWORD);
  await button('Next').click();
  await w.page.getByRole('heading', { name: 'Allow My account to sign you in?' }).waitFor();
  await button('Allow').click();
}

describe('sign-in with Google', () => {
  it('links the demo account by its verified email, comes back to where the customer was going, and signs out', async () => {
    await w.page.goto(`${origin()}/my-account/login?redirect=%2Faccount-overview`);
    const providers = w.page.getByRole('group', { name: 'Other ways to sign in' });
    await providers.getByRole('button', { name: 'Continue with Google' }).waitFor();
    // Only configured providers have a button.
    expect(await providers.getByRole('button').allTextContents()).toEqual(['Continue with Google']);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await button('Continue with Google').click();
    await atProvider('demo@example.com');
    await w.page.waitForURL(`${origin()}/my-account/account-overview`);
    await w.page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await w.page.getByText('Alex Morgan', { exact: true }).waitFor();

    await button('Sign out').click();
    await w.page.waitForURL(/\/my-account\/login$/);
    await w.page.goto(`${origin()}/my-account/account-overview`);
    await w.page.waitForURL(/\/my-account\/login\?redirect=/);
  });

  it("creates an account for a new customer, in the page's language", async () => {
    await w.page.setViewportSize({ width: 375, height: 800 });
    await w.page.goto(`${origin()}/de/my-account/login`);
    await w.page.getByRole('button', { name: 'Weiter mit Google' }).click();
    await atProvider('jo.taylor@example.com');
    await w.page.waitForURL(`${origin()}/de/my-account/bookings/upcoming`);
    await w.page.goto(`${origin()}/my-account/personal-details`);
    expect(await w.page.getByLabel('First name').inputValue()).toBe('Jo');
    expect(await w.page.getByLabel('Last name').inputValue()).toBe('Taylor');
  });

  it('asks a provider-created account to sign in again when its sign-in is too old to set a password', async () => {
    await w.page.goto(`${origin()}/my-account/login?redirect=%2Fchange-password`);
    await button('Continue with Google').click();
    await atProvider('jo.taylor@example.com');
    await w.page.waitForURL(`${origin()}/my-account/change-password`);
    // The server's answer for a sign-in older than 10 minutes (the clock cannot be moved in Chromium).
    await w.page.route('**/my-account/api/customer/set-password', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ code: 'RECENT_SIGN_IN_REQUIRED' }] }),
      }),
    );
    await w.page.getByLabel('New password').fill('Sleeper2027');
    await button('Set a password').click();
    await w.page
      .getByRole('alert')
      .getByText('For your security, please sign in again before setting a password.', { exact: true })
      .waitFor();
    expect(await w.page.getByLabel('New password').inputValue(), 'input kept').toBe('Sleeper2027');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await button('Sign in again').click();
    // Signed out, and the login page brings the customer back here.
    await w.page.waitForURL(
      (u) => u.pathname === '/my-account/login' && u.searchParams.get('redirect') === '/change-password',
    );
    await button('Continue with Google').waitFor();
    await w.page.goto(`${origin()}/my-account/change-password`);
    await w.page.waitForURL(/\/my-account\/login\?redirect=/);
  });

  it('lets an account created through the provider set a password, then sign in with email and that password', async () => {
    await w.page.goto(`${origin()}/my-account/login?redirect=%2Fchange-password`);
    await button('Continue with Google').click();
    await atProvider('jo.taylor@example.com');
    await w.page.waitForURL(`${origin()}/my-account/change-password`);
    // No password yet: no current password to give, and the page says why.
    await w.page.getByRole('heading', { level: 1, name: 'Set a password' }).waitFor();
    await w.page
      .getByText('This account signs in with its provider. A password lets you sign in with your email address too.', {
        exact: true,
      })
      .waitFor();
    expect(await w.page.getByLabel('Current password').count()).toBe(0);
    const submit = button('Set a password');
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    const newPassword = w.page.getByLabel('New password');
    expect(await newPassword.getAttribute('aria-required')).toBe('true');
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await newPassword.fill('Sleeper2027');
    await submit.click();
    await w.page
      .getByRole('status')
      .getByText('Your password has been set. You can now sign in with your email address and this password.', {
        exact: true,
      })
      .waitFor();
    // From now on the account has a password: the normal form asks for it.
    await w.page.getByLabel('Current password').waitFor();
    await w.page.getByRole('heading', { level: 1, name: 'Change your password' }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await button('Sign out').click();
    await w.page.waitForURL(/\/my-account\/login$/);
    await w.page.getByLabel('Email address').first().fill('jo.taylor@example.com');
    await w.page.getByLabel('Password', { exact: true }).fill('Sleeper2027');
    await button('Sign in').click();
    await w.page.waitForURL((u) => u.origin === origin() && !u.pathname.endsWith('/login'));
    await w.page.goto(`${origin()}/my-account/personal-details`);
    expect(await w.page.getByLabel('First name').inputValue()).toBe('Jo');
  });

  it('does not sign in with an email the provider has not verified, and says so on the login page', async () => {
    await w.page.setViewportSize({ width: 375, height: 800 });
    await w.page.goto(`${origin()}/my-account/login?redirect=%2Fpersonal-details`);
    await button('Continue with Google').click();
    await atProvider('sam.patel@example.com');
    await w.page.waitForURL(
      (u) => u.pathname === '/my-account/login' && u.searchParams.get('providerError') === 'unverified-email',
    );
    const alert = w.page.getByRole('alert');
    await alert
      .getByText(
        "Google hasn't confirmed your email address to us, so we can't sign you in with it. Please sign in with your email address and password.",
        { exact: true },
      )
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // Nobody is signed in: the account pages still ask for a sign-in.
    await w.page.goto(`${origin()}/my-account/personal-details`);
    await w.page.waitForURL(/\/my-account\/login\?redirect=/);
  });

  it('says so when the customer cancels at the provider', async () => {
    await w.page.goto(`${origin()}/my-account/login`);
    await button('Continue with Google').click();
    await w.page.waitForURL((u) => u.origin === oidc.provider.issuer);
    await button('Cancel').click();
    await w.page
      .getByRole('alert')
      .getByText(/You cancelled signing in with Google/)
      .waitFor();
    await button('Continue with Google').waitFor();
    expect(await button('Continue with Google').isEnabled()).toBe(true);
  });
});

describe('without configured providers', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ scenario: 'empty' });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('shows no provider buttons', async () => {
    await w.page.goto(`${plain.origin}/my-account/login`);
    await button('Sign in').waitFor();
    expect(await w.page.getByRole('group', { name: 'Other ways to sign in' }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: /Continue with/ }).count()).toBe(0);
  });
});
