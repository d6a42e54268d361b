import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { contactPreferencesMessages as messages } from '#src/copy/contact-preferences';
import { preferencesTokenMessages } from '#src/copy/preferences-token';
import { DEMO_MARKETING_TOKEN } from '#server/seed/consents';

const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const CONSENTS_API = '**/my-account/api/customer/consents';

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  await world.server.reset();
});

const toggle = (page: Page, name: string) => page.getByRole('switch', { name });
const isOn = async (page: Page, name: string) => (await toggle(page, name).getAttribute('aria-checked')) === 'true';
const states = async (page: Page) => {
  const names = ['Email offers and news', 'Text messages', 'Partner offers'];
  return Promise.all(names.map((n) => isOn(page, n)));
};

const openSignedIn = async (width = 1280) => {
  w = await openPage(world.browser, width);
  await signIn(
    w.page,
    world.server.origin,
    demo.email,
    demo.password,
    '',
    `${world.server.origin}/my-account/contact-preferences`,
  );
  await toggle(w.page, 'Email offers and news').waitFor();
};

describe('contact preferences (signed in)', () => {
  it('shows a switch per consent and the opt-in prompt for the one never updated; saves each change at once', async () => {
    await openSignedIn();
    await expect.poll(() => states(w.page)).toEqual([true, false, true]);
    expect(await w.page.getByRole('switch').count()).toBe(3);
    await w.page.getByRole('heading', { name: 'Would you like recommendations based on your journeys?' }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // A toggle with the keyboard: Space flips it and saves it.
    await toggle(w.page, 'Text messages').focus();
    await w.page.keyboard.press('Space');
    await w.page.getByText(messages.saved).waitFor();
    expect(await isOn(w.page, 'Text messages')).toBe(true);

    // First-time update through the prompt: the spec's message, and the prompt becomes a focused switch.
    await w.page.getByRole('button', { name: 'Yes, personalise my offers' }).click();
    await w.page.getByText(messages.firstTimeSaved, { exact: true }).waitFor();
    expect(await isOn(w.page, 'Personalised recommendations')).toBe(true);
    expect(await w.page.evaluate(() => document.activeElement?.id)).toBe('consent-personalised-recommendations');

    await w.page.reload();
    await toggle(w.page, 'Personalised recommendations').waitFor();
    await expect.poll(() => states(w.page)).toEqual([true, true, true]);
    expect(w.errors).toEqual([]);
  });

  it('flips at once, then reverts with an error when the save fails; the CSRF value travels in the body', async () => {
    await openSignedIn();
    let body: unknown = null;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await w.page.route(CONSENTS_API, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      body = route.request().postDataJSON();
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"errors":[{"code":"UNAVAILABLE"}]}',
      });
    });
    await toggle(w.page, 'Email offers and news').click();
    // Optimistic: off while the server is still answering.
    expect(await isOn(w.page, 'Email offers and news')).toBe(false);
    release();
    await w.page.getByText(messages.updateError).waitFor();
    await w.page.getByText('Not saved. Please try again.').waitFor();
    expect(await isOn(w.page, 'Email offers and news')).toBe(true);
    expect(body).toEqual({ consentSelections: { 'email-offers': false }, _csrf: expect.stringMatching(/\./) });
  });

  it('says when the preferences cannot be loaded (server error or unexpected answer) and retries', async () => {
    w = await openPage(world.browser);
    await signIn(w.page, world.server.origin, demo.email, demo.password);
    let calls = 0;
    await w.page.route(CONSENTS_API, (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : calls === 2
          ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"consents":"nope"}' })
          : route.continue();
    });
    await w.page.goto(`${world.server.origin}/my-account/contact-preferences`);
    await w.page.getByText(messages.fetchError).waitFor();
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByText(messages.fetchError).waitFor();
    expect(calls).toBe(2);
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await toggle(w.page, 'Email offers and news').waitFor();
  });

  it('unsubscribes from all marketing and resubscribes to the earlier choices', async () => {
    await openSignedIn();
    await w.page.getByRole('button', { name: 'Unsubscribe from all marketing' }).click();
    await w.page.getByText(messages.unsubscribed).waitFor();
    await w.page.getByRole('button', { name: 'Resubscribe' }).waitFor();
    await expect.poll(() => states(w.page)).toEqual([false, false, false]);
    expect(await isOn(w.page, 'Personalised recommendations')).toBe(false);
    await w.page.getByRole('button', { name: 'Resubscribe' }).click();
    await w.page.getByText(messages.subscribed).waitFor();
    await expect.poll(() => states(w.page)).toEqual([true, false, true]);
    // The never-updated consent is back to its prompt.
    await w.page.getByRole('button', { name: 'Yes, personalise my offers' }).waitFor();
  });

  it('shows unsubscribe and resubscribe errors, including an answer without its flag', async () => {
    await openSignedIn();
    await w.page.route('**/my-account/api/customer/consents/revoke', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"code":"INTERNAL_ERROR"}]}' }),
    );
    await w.page.getByRole('button', { name: 'Unsubscribe from all marketing' }).click();
    await w.page.getByText(messages.unsubscribedErrors).waitFor();
    await expect.poll(() => states(w.page)).toEqual([true, false, true]);

    await w.page.unroute('**/my-account/api/customer/consents/revoke');
    await w.page.getByRole('button', { name: 'Unsubscribe from all marketing' }).click();
    await w.page.getByText(messages.unsubscribed).waitFor();
    // An answer without `restored` is an error (docs/product/errors.md).
    await w.page.route('**/my-account/api/customer/consents/restore', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
    );
    await w.page.getByRole('button', { name: 'Resubscribe' }).click();
    await w.page.getByText(messages.subscribedErrors).waitFor();
    expect(w.errors).toEqual([]);
  });
});

describe('contact preferences from a marketing email link (no sign-in)', () => {
  it('unsubscribes on arrival, removes the token and the action from the address, and can resubscribe', async () => {
    w = await openPage(world.browser, 375);
    await w.page.goto(
      `${world.server.origin}/my-account/contact-preferences-token?action=unsubscribe#token=${DEMO_MARKETING_TOKEN}`,
    );
    await w.page.getByText(messages.unsubscribed).waitFor();
    await w.page.waitForURL((u) => u.search === '' && u.hash === '');
    await expect.poll(() => states(w.page)).toEqual([false, false, false]);
    expect(await w.page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // Fits a 375 px screen: nothing wider than the viewport.
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await w.page.getByRole('button', { name: 'Resubscribe' }).click();
    await w.page.getByText(messages.subscribed).waitFor();
    await expect.poll(() => states(w.page)).toEqual([true, false, true]);
    await toggle(w.page, 'Partner offers').click();
    await w.page.getByText(messages.saved).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('resubscribe with nothing to bring back says so and shows the preferences', async () => {
    w = await openPage(world.browser);
    await w.page.goto(
      `${world.server.origin}/my-account/contact-preferences-token?action=resubscribe#token=${DEMO_MARKETING_TOKEN}`,
    );
    await w.page.getByText(messages.subscribedErrors).waitFor();
    await toggle(w.page, 'Email offers and news').waitFor();
    await expect.poll(() => states(w.page)).toEqual([true, false, true]);
  });

  it('an unknown or missing token gets a clear message and a way to sign in', async () => {
    w = await openPage(world.browser);
    await w.page.goto(
      `${world.server.origin}/my-account/contact-preferences-token?action=unsubscribe#token=not-a-real-token`,
    );
    await w.page.getByText(preferencesTokenMessages.invalidToken).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.goto(`${world.server.origin}/my-account/contact-preferences-token`);
    await w.page.getByText(preferencesTokenMessages.noToken).waitFor();
    await w.page.getByRole('link', { name: 'Sign in to manage your contact preferences' }).click();
    await w.page.waitForURL(/\/my-account\/login\?redirect=/);
  });
});
