import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { claimId } from '#server/seed/delay-repay.ts';
import { bookingIdOf } from '#server/seed/context.ts';

/** Delay Repay claims, on the real pages and local world.server; insurance claims: ./insurance-claim.test.ts. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;

describe('Delay Repay', () => {
  it('a customer sees the estimate, then submits a Submission claim; failures keep what was typed', async () => {
    await world.server.reset();
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url('/bookings/past'));
    const card = w.page.getByRole('article', { name: 'Leeds to Sheffield' });
    await card.getByRole('link', { name: 'Claim Delay Repay' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/claim/${claimId('demo-past-leeds-sheffield')}`));

    // The estimate, worked out, comes before the form.
    const estimate = w.page.getByRole('region', { name: 'Your estimated compensation' });
    await estimate.getByText('£6.30', { exact: true }).waitFor();
    await estimate.getByText('A delay of 30 to 59 minutes on a single ticket earns 50% of the fare.').waitFor();
    await estimate.getByText('50% of £12.60 is £6.30.').waitFor();
    await w.page.getByRole('heading', { name: 'You can claim Delay Repay' }).waitFor();
    const send = w.page.getByRole('button', { name: 'Send claim' });
    expect(await send.isDisabled()).toBe(true); // pristine
    expect(await w.page.getByRole('radio', { name: /Outward journey: Leeds to Sheffield/ }).isChecked()).toBe(true);

    const delay = w.page.getByLabel('How many minutes late did you arrive?');
    await delay.fill('abc');
    await delay.blur();
    await w.page.getByText('Please enter the delay in whole minutes, e.g. 35').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await delay.fill('10');
    await w.page.getByRole('radio', { name: 'Rail travel voucher' }).check();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // 422 from the server: the customer error, with the server's reason; nothing typed is lost.
    await send.click();
    const error = w.page.getByRole('alert');
    await error.getByText("Sorry! We couldn't process your claim").waitFor();
    await error.getByText('Northern pays Delay Repay for delays of 15 minutes or more.').waitFor();
    expect(await delay.inputValue()).toBe('10');
    expect(await w.page.getByRole('radio', { name: 'Rail travel voucher' }).isChecked()).toBe(true);

    // Any other failure: the other message.
    await delay.fill('34');
    const path = `**/my-account/api/claim/${claimId('demo-past-leeds-sheffield')}`;
    await w.page.route(path, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[{"code":"UNAVAILABLE"}]}' })
        : route.fallback(),
    );
    await send.click();
    await w.page
      .getByRole('alert')
      .getByText('There was a problem with your claim. Please check your details and try again.')
      .waitFor();
    expect(await delay.inputValue()).toBe('34');
    await w.page.unroute(path);

    await send.click();
    await w.page.getByText('Thank you, your claim has been sent').waitFor();
    await w.page.getByRole('heading', { name: 'Your claim has been sent' }).waitFor();
    expect(await w.page.getByRole('button', { name: 'Send claim' }).count()).toBe(0);
    await w.page.getByText('Rail travel voucher').waitFor();

    // The booking's entry now says the claim was sent.
    await w.page.goto(url(`/bookings/${bookingIdOf('demo-past-leeds-sheffield')}`));
    await w.page.getByText('Your claim for compensation has been sent to the train company.').waitFor();
    await w.page.getByRole('link', { name: 'View your Delay Repay claim' }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('keeps the focus on a radio while the claim is sent (aria-disabled, not disabled), and ignores changes meanwhile', async () => {
    await world.server.reset();
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/claim/${claimId('demo-past-leeds-sheffield')}`),
    );
    await w.page.getByRole('heading', { name: 'You can claim Delay Repay' }).waitFor();
    await w.page.getByLabel('How many minutes late did you arrive?').fill('34');
    const voucher = w.page.getByRole('radio', { name: 'Rail travel voucher' });
    await voucher.check();
    // The answer waits until the test lets it go, so the form stays in its sending state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const path = `**/my-account/api/claim/${claimId('demo-past-leeds-sheffield')}`;
    await w.page.route(path, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      return route.fallback();
    });
    await voucher.focus();
    // Submitted with the radio focused (as Enter in the form would).
    await w.page.evaluate(() => document.querySelector('form')?.requestSubmit());
    await w.page
      .getByRole('button', { name: 'Send claim' })
      .or(w.page.getByRole('button', { name: /Sending/ }))
      .first()
      .waitFor();
    await w.page.waitForFunction(
      () => document.querySelector('input[name="paymentType"][aria-disabled="true"]') !== null,
    );
    const focused = () =>
      w.page.evaluate(() => ({
        tag: document.activeElement?.tagName,
        name: (document.activeElement as HTMLInputElement | null)?.name,
      }));
    expect(await focused()).toEqual({ tag: 'INPUT', name: 'paymentType' });
    expect(await voucher.getAttribute('aria-disabled')).toBe('true');
    // Arrow keys do not change the answer being sent.
    await w.page.keyboard.press('ArrowDown');
    expect(await voucher.isChecked()).toBe(true);
    expect(await focused()).not.toEqual({ tag: 'BODY', name: undefined });
    release();
    await w.page.getByText('Thank you, your claim has been sent').waitFor();
    expect(await w.page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await w.page.unroute(path);
  });

  it("a Punchout claim hands off to the operator's site with nothing to fill", async () => {
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/claims/${claimId('demo-past-more-man-lds')}`),
    );
    const link = w.page.getByRole('link', { name: /Continue to TransPennine Express's claim form/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.tpexpress.co.uk/help/delay-repay');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await w.page.getByRole('button', { name: 'Send claim' }).count()).toBe(0);
    expect(await w.page.getByRole('textbox').count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // Someone else's claim (Sam Patel's): refused by the server, said plainly, no retry offered.
    await w.page.goto(url(`/claims/${claimId('sam-past-nottingham-derby')}`));
    await w.page.getByText("We couldn't find this claim in your account.", { exact: false }).waitFor();
    expect(await w.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it('a guest opens /claim-token from the printed link: the token leaves the address bar, sign-in or registration is offered', async () => {
    await world.server.reset();
    const link = world.server.seeded.claimLinks?.[0];
    expect(link).toBeDefined();
    await w.page.goto(url(`/claim-token#token=${link?.token ?? ''}`));
    await w.page.getByRole('heading', { name: 'You can claim Delay Repay' }).waitFor();
    expect(new URL(w.page.url()).hash).toBe('');
    const offer = w.page.getByRole('status').filter({ hasText: 'Keep track of your claims' });
    await offer.getByRole('link', { name: 'Create an account' }).waitFor();
    await offer.getByRole('link', { name: 'Sign in' }).waitFor();
    await w.page
      .getByRole('region', { name: 'Your estimated compensation' })
      .getByText('£27.40', { exact: true })
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // Keyboard only: type the delay, Tab to the payment choices, Space picks one, Tab and Enter send.
    await w.page.getByLabel('How many minutes late did you arrive?').focus();
    await w.page.keyboard.type('63');
    await w.page.keyboard.press('Tab');
    await w.page.keyboard.press('Space');
    expect(await w.page.getByRole('radio', { name: 'Back to the card you paid with' }).isChecked()).toBe(true);
    await w.page.keyboard.press('Tab');
    expect(
      await w.page.getByRole('button', { name: 'Send claim' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await w.page.keyboard.press('Enter');
    await w.page.getByText('Thank you, your claim has been sent').waitFor();

    // Read once: a reload has no token.
    await w.page.reload();
    await w.page
      .getByText('To see your claim without signing in, open the link in your Delay Repay email again.')
      .waitFor();
    expect(w.errors).toEqual([]);
  });

  it('a link that is not valid says so', async () => {
    await w.page.goto(url('/claim-token#token=not-a-valid-claim-token'));
    await w.page.getByText('This link has expired or is not valid.').waitFor();
    expect(w.errors).toEqual([]);
  });
});
