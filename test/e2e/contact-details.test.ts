import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { contactDetails } from '#src/config/contact';
import { stableId } from '#server/seed/context.ts';
import { FAILING_ON_DEMAND_BOOKING_KEY } from '#server/seed/booking-actions.ts';

/**
 * "Contact customer service" leads somewhere: the fraud hold on a refund, a rejected refund on the
 * bookings list and a ticket that could not be issued show the portal's own contact details
 * (src/config/contact.ts), in Chromium against the local server.
 */
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };
const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});
const url = (path: string) => `${world.server.origin}/my-account${path}`;
const portal = async (name: string) => {
  const res = await fetch(`${world.server.origin}/__test/page-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ portal: name }),
  });
  expect(res.ok).toBe(true);
};

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
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL(
      (u) => u.pathname.endsWith(`/bookings/${bookingId}/refund`) && !!u.searchParams.get('quoteId'),
    );
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
    const again = w.page.getByRole('alert').filter({ hasText: "We can't refund this booking online" });
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

  it("a rejected refund on the bookings list shows the portal's contact, loaded when the card needs it", async () => {
    await portal('NorthernRailway');
    const northern = contactDetails.NorthernRailway;
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url('/bookings/upcoming'));
    const card = w.page.getByRole('article').filter({ hasText: 'Refund rejected:' }).first();
    await card.waitFor();
    const contact = card.getByRole('region', { name: 'Contact customer service' });
    expect(await contact.getByRole('link', { name: northern.phone }).getAttribute('href')).toMatch(/^tel:\+44/);
    // A card without a rejected refund has none.
    expect(
      await w.page
        .getByRole('article')
        .filter({ hasNotText: 'Refund rejected:' })
        .getByRole('region', { name: 'Contact customer service' })
        .count(),
    ).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it("a ticket that could not be issued shows the portal's contact with the failure", async () => {
    await portal('Leisure');
    await signIn(
      w.page,
      world.server.origin,
      'demo@example.com',
      'RailDemo!2026',
      '',
      url(`/bookings/${stableId('booking', `${FAILING_ON_DEMAND_BOOKING_KEY}:0`)}`),
    );
    await w.page.getByRole('button', { name: 'Get ticket now' }).click();
    await w.page
      .getByRole('alert')
      .getByText("Sorry, we couldn't issue your ticket.", { exact: false })
      .waitFor({ timeout: 15_000 });
    const contact = w.page.getByRole('region', { name: 'Contact customer service' });
    expect(await contact.getByRole('link', { name: contactDetails.Leisure.phone }).getAttribute('href')).toMatch(
      /^tel:\+44/,
    );
    await w.page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(w.errors).toEqual([]);
  });
});
