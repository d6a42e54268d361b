import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { contactDetails } from '#src/config/contact';

/**
 * "Contact customer service" leads somewhere: the fraud hold on a refund shows the portal's own
 * contact details (src/config/contact.ts), here ScotRail's, in Chromium against the local server.
 */
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };
const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});
const url = (path: string) => `${world.server.origin}/my-account${path}`;

describe('customer service contact details', () => {
  it("the fraud message gives the portal's phone, hours and web form, when the refund request is held and on the next try", async () => {
    const res = await fetch(`${world.server.origin}/__test/page-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ portal: 'ScotRail' }),
    });
    expect(res.ok).toBe(true);
    const scotRail = contactDetails.ScotRail;
    const bookingId = refundSeedBookingId(REFUND_SEED_KEYS.fraud);
    await signIn(w.page, world.server.origin, robin.email, robin.password);
    await w.page.goto(url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}/refund`) && !!u.searchParams.get('quoteId'));
    await w.page.getByRole('button', { name: 'Continue' }).click();
    await w.page.getByRole('heading', { name: 'Confirm your refund' }).waitFor();
    await w.page.getByRole('button', { name: 'Confirm refund' }).click();

    const held = w.page.getByRole('alert').filter({ hasText: 'For your security we need to check the payment' });
    await held.waitFor();
    const contact = held.getByRole('region', {
      name: 'Contact customer service',
    });
    const phone = contact.getByRole('link', { name: scotRail.phone });
    expect(await phone.getAttribute('href')).toBe('tel:+441414960123');
    await contact.getByText('Every day, 7:00 to 22:00').waitFor();
    expect(await contact.getByRole('link', { name: 'Send us a message' }).getAttribute('href')).toBe(scotRail.webForm);
    expect(await held.textContent()).not.toMatch(/0345|0000 000/);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // The flagged order's next "Cancel and refund" on the booking says so too, with the same contact.
    await w.page.goto(url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    const again = w.page.getByRole('alert').filter({ hasText: 'We need to check this order' });
    await again.waitFor();
    expect(
      await again
        .getByRole('region', { name: 'Contact customer service' })
        .getByRole('link', { name: scotRail.phone })
        .getAttribute('href'),
    ).toBe('tel:+441414960123');
    await w.page.setViewportSize({ width: 375, height: 800 });
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(w.errors).toEqual([]);
  });
});
