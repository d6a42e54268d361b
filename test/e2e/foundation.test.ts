import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});

const heading = (name: string | RegExp) => w.page.getByRole('heading', { level: 1, name });

describe('sign in, navigate, sign out', () => {
  it('sends a signed-out visitor to login and back to where they were going', async () => {
    await w.page.goto(`${world.server.origin}/my-account/personal-details`);
    await w.page.waitForURL(/\/my-account\/login\?redirect=/);
    await w.page.getByLabel('Email address').first().fill(demo.email);
    await w.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.waitForURL(/\/my-account\/personal-details$/);
    await heading('Personal details').waitFor();
    expect(w.errors).toEqual([]);
  });

  it('redirects / to the upcoming bookings and navigates by the account menu', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', `${world.server.origin}/my-account/`);
    await w.page.waitForURL(/\/my-account\/bookings\/upcoming$/);
    await w.page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Address book' }).click();
    await w.page.waitForURL(/\/address-book$/);
    await heading('Address book').waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
  });

  it('shows the wrong-credentials message and keeps the email typed', async () => {
    await w.page.goto(`${world.server.origin}/my-account/login`);
    await w.page.getByLabel('Email address').first().fill(demo.email);
    await w.page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.getByText('The email address or password you entered is incorrect.').waitFor();
    expect(await w.page.getByLabel('Email address').first().inputValue()).toBe(demo.email);
  });

  it('shows the spec email messages and keeps submit disabled while invalid', async () => {
    await w.page.goto(`${world.server.origin}/my-account/login`);
    const submit = w.page.getByRole('button', { name: 'Sign in', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    const email = w.page.getByLabel('Email address').first();
    await email.focus();
    await email.blur();
    await w.page.getByText('Please enter an email address', { exact: true }).waitFor();
    await email.fill('not-an-email');
    await w.page.getByText('Please enter an email address, e.g. name@example.com').waitFor();
    expect(await submit.isDisabled()).toBe(true);
  });

  it('signs out and lands on login; protected pages need signing in again', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password);
    await w.page.getByRole('button', { name: 'Sign out' }).click();
    await w.page.waitForURL(/\/my-account\/login$/);
    await w.page.goto(`${world.server.origin}/my-account/account-controls`);
    await w.page.waitForURL(/\/my-account\/login\?redirect=/);
  });

  it('a 401 from the API forgets the user and goes to login', async () => {
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/change-password`,
    );
    await heading('Change your password').waitFor();
    // The session ends behind the app's back: the next call answers 401.
    await w.context.clearCookies({ name: 'ma_session' });
    await w.page.getByLabel('Current password').fill(demo.password);
    await w.page.getByLabel('New password', { exact: true }).fill('Trains2027x');
    await w.page.getByRole('button', { name: 'Change password' }).click();
    await w.page.waitForURL(/\/my-account\/login/);
  });
});

describe('registration', () => {
  it('creates an account and asks the customer to confirm their email (decision 303)', async () => {
    await w.page.goto(`${world.server.origin}/my-account/register`);
    await w.page.getByLabel('First name').fill('Jo');
    await w.page.getByLabel('Last name').fill('Bloggs');
    await w.page.getByLabel('Email address').nth(1).fill('jo.bloggs@example.com');
    await w.page.getByLabel('Create a password').fill('Trains2026');
    await w.page.getByRole('button', { name: 'Create account' }).click();
    await w.page
      .getByRole('status')
      .getByText("Check your inbox: we've sent an email to jo.bloggs@example.com.", { exact: false })
      .waitFor();
    expect(await w.page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(await w.page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  it('answers an email that is already registered with the same words (no account enumeration)', async () => {
    await w.page.goto(`${world.server.origin}/my-account/register`);
    await w.page.getByLabel('First name').fill('Alex');
    await w.page.getByLabel('Last name').fill('Morgan');
    await w.page.getByLabel('Email address').nth(1).fill(demo.email);
    await w.page.getByLabel('Create a password').fill('Trains2026');
    await w.page.getByRole('button', { name: 'Create account' }).click();
    await w.page
      .getByRole('status')
      .getByText(`Check your inbox: we've sent an email to ${demo.email}.`, { exact: false })
      .waitFor();
  });
});

describe('forgot and reset password', () => {
  it('sends a reset link, then the link sets a new password that works', async () => {
    await w.page.goto(`${world.server.origin}/my-account/forgot-password`);
    await heading('Reset your password').waitFor();
    await w.page.getByLabel('Email address').fill('sam.patel@example.com');
    await w.page.getByRole('button', { name: 'Continue' }).click();
    await w.page.getByText('The link is valid for 24 hours.').waitFor();
    await w.page.getByText('Check your junk or spam folder.').waitFor();
    expect(await w.page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/my-account/register');
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    const res = await fetch(`${world.server.origin}/__test/last-reset-token?email=sam.patel@example.com`);
    const { token } = (await res.json()) as { token: string };
    await w.page.goto(`${world.server.origin}/my-account/reset-password#token=${token}`);
    await heading('Choose a new password').waitFor();
    // The token has left the address bar.
    expect(new URL(w.page.url()).hash).toBe('');
    await w.page.getByLabel('New password', { exact: true }).fill('BrandNew2027');
    await w.page.getByRole('button', { name: 'Save new password' }).click();
    await w.page.getByText('Your password has been changed.', { exact: false }).waitFor();

    await signIn(w.page, world.server.origin, 'sam.patel@example.com', 'BrandNew2027');
    await w.page.waitForURL(/\/bookings\/upcoming$/);
  });

  it('says a used or unknown link is invalid', async () => {
    await w.page.goto(`${world.server.origin}/my-account/migration/reset-password#token=not-a-real-token-123`);
    await w.page
      .getByText('This password reset link has expired or has already been used.', { exact: false })
      .waitFor();
  });

  it('uses the redesigned page with a Back link on the BrandedBusinessTravel portal', async () => {
    await fetch(`${world.server.origin}/__test/page-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ portal: 'BrandedBusinessTravel' }),
    });
    try {
      await w.page.goto(`${world.server.origin}/my-account/forgot-password`);
      const back = w.page.getByRole('link', { name: 'Back' });
      await back.waitFor();
      expect(await back.getAttribute('href')).toBe('/my-account/bookings');
      await w.page.getByLabel('Email address').fill('nobody@example.com');
      await w.page.getByRole('button', { name: 'Continue' }).click();
      await w.page.getByText('The link is valid for 24 hours.').waitFor();
      const backToForm = w.page.getByRole('link', { name: 'Back' });
      expect(await backToForm.getAttribute('href')).toBe('/my-account/forgot-password');
      await backToForm.click();
      await w.page.getByLabel('Email address').waitFor();
      expect(await w.page.getByLabel('Email address').inputValue()).toBe('');
    } finally {
      await fetch(`${world.server.origin}/__test/page-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ portal: 'Leisure' }),
      });
    }
  });
});

describe('routing and hosting', () => {
  it('answers an unknown path with status 404 and the not-found screen', async () => {
    const response = await w.page.goto(`${world.server.origin}/my-account/no-such-page`);
    expect(response?.status()).toBe(404);
    await heading('Page not found').waitFor();
  });

  it('keeps the locale prefix on links and formats for the locale', async () => {
    // The screens read German here (test/e2e/i18n.test.ts checks the copy), so the form is found by its inputs.
    await w.page.goto(`${world.server.origin}/de/my-account/login`);
    await w.page.locator('form input[type="email"]').first().fill(demo.email);
    await w.page.locator('form input[type="password"]').first().fill(demo.password);
    await w.page.locator('form button[type="submit"]').first().click();
    await w.page.waitForURL(/\/de\/my-account\/bookings\/upcoming$/);
    const href = await w.page
      .getByRole('navigation', { name: 'Mein Konto' })
      .getByRole('link', { name: 'Persönliche Daten' })
      .getAttribute('href');
    expect(href).toBe('/de/my-account/personal-details');
    expect(await w.page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('follows /redirect only to paths under /my-account', async () => {
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/redirect?to=${encodeURIComponent('https://evil.example/')}`,
    );
    await w.page.waitForURL(/\/my-account\/bookings\/upcoming$/);
    await w.page.goto(`${world.server.origin}/my-account/redirect?to=${encodeURIComponent('/my-account/smartcards')}`);
    await w.page.waitForURL(/\/my-account\/smartcards$/);
  });

  it('takes a guest token out of the address bar and opens the guest session', async () => {
    const link = world.server.seeded.guestLinks[0]!;
    await w.page.goto(`${world.server.origin}/my-account/order-token/${link.bookingId}#token=${link.token}`);
    await w.page.getByText(`Guest: ${link.email}`).waitFor();
    expect(new URL(w.page.url()).hash).toBe('');
  });

  it('refuses a wrong guest token with a way forward', async () => {
    const link = world.server.seeded.guestLinks[0]!;
    await w.page.goto(`${world.server.origin}/my-account/order-token/${link.bookingId}#token=wrong-token-123456`);
    await w.page.getByRole('link', { name: 'Find your booking' }).waitFor();
  });
});

describe('accessibility at 375 px', () => {
  it.each(['/my-account/login', '/my-account/forgot-password', '/my-account/no-such-page'])(
    '%s has no serious axe violations and no overflow',
    async (path) => {
      await w.context.close();
      w = await openPage(world.browser, 375);
      await w.page.goto(`${world.server.origin}${path}`);
      await w.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousAxeViolations(w.page)).toEqual([]);
      expect(await w.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    },
  );
});
