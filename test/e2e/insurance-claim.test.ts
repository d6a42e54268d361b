import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { bookingIdOf } from '#server/seed/context.ts';

/** Flexible insurance claims, on the real pages and local world.server; Delay Repay: ./delay-repay.test.ts. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;

describe('flexible insurance', () => {
  it('an insurance claim succeeds in the modal and the booking shows it', async () => {
    await world.server.reset();
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/${bookingIdOf('demo-upcoming-euston-manchester')}`),
    );
    const opener = w.page.getByRole('button', { name: 'Claim on your insurance' });
    await opener.click();
    const dialog = w.page.getByRole('dialog', { name: 'Claim on your Essential flexible insurance' });
    await dialog.waitFor();
    // Focus starts on Cancel (the safe choice), as in the other confirmations.
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // Escape closes and resets; focus goes back to the opener.
    await w.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await w.page.getByText('Your insurance claim has been submitted').waitFor();
    // The booking is refreshed: the claim comes back from the world.server.
    await w.page.getByText(/Claim made on .*, reference INS-/).waitFor();
    expect(await w.page.getByRole('button', { name: 'Claim on your insurance' }).count()).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it("an insurance claim is refused with 'Product is not claimable'", async () => {
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/${bookingIdOf('demo-past-more-rdg-bri')}`),
    );
    await w.page.getByRole('button', { name: 'Claim on your insurance' }).click();
    const alert = w.page.getByRole('alert').filter({ hasText: 'Product is not claimable' });
    await alert.waitFor();
    await alert.getByText('Essential cover applies only before your journey departs.').waitFor();
    expect(await w.page.getByRole('dialog').count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });
});
