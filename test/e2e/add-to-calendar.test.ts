import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { parseCalendar } from '../helpers/parse-ics';
import { stableId } from '#server/seed/context';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';

const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };
const bookingId = (key: string) => stableId('booking', `${key}:0`);

const world = useE2eWorld();
let w: PageWatch | undefined;

interface DetailBody {
  bookings: {
    id: string;
    outward: { departureTime: string; arrivalTime: string };
    inward: { departureTime: string; arrivalTime: string };
  }[];
  order: { friendlyOrderId: string };
}

describe('add to calendar (decision 190)', () => {
  it('downloads <reference>.ics with one event per leg, from the keyboard, at 375 px', async () => {
    await world.server.reset();
    w = await openPage(world.browser, 375);
    await signIn(w.page, world.server.origin, demo.email, demo.password);
    const id = bookingId('demo-upcoming-kingscross-york');
    const detailResponse = w.page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith(`/booking/${id}`) && r.status() === 200,
    );
    await w.page.goto(`${world.server.origin}/my-account/bookings/${id}`);
    const detail = (await (await detailResponse).json()) as DetailBody;
    const booking = detail.bookings.find((b) => b.id === id)!;
    const button = w.page.getByRole('button', { name: 'Add to calendar' });
    await button.waitFor();
    const file = `${detail.order.friendlyOrderId}.ics`;
    expect(await button.getAttribute('aria-describedby')).toBeTruthy();
    await w.page.getByText(`Downloads ${file} with your train times`, { exact: false }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await button.focus();
    const [download] = await Promise.all([w.page.waitForEvent('download'), w.page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(file);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const calendar = parseCalendar(text);
    expect(calendar.tzids).toEqual(['Europe/London']);
    const link = `${world.server.origin}/my-account/bookings/${id}`;
    expect(calendar.events).toEqual([
      expect.objectContaining({
        uid: `${id}-outward@my-account.rail.example`,
        summary: "London King's Cross to York",
        location: "London King's Cross",
        description: `Operator: LNER\nBooking reference: ${detail.order.friendlyOrderId}\nView your booking: ${link}`,
        start: new Date(booking.outward.departureTime).toISOString(),
        end: new Date(booking.outward.arrivalTime).toISOString(),
        status: 'CONFIRMED',
      }),
      expect.objectContaining({
        uid: `${id}-inward@my-account.rail.example`,
        summary: "York to London King's Cross",
        start: new Date(booking.inward.departureTime).toISOString(),
        end: new Date(booking.inward.arrivalTime).toISOString(),
        status: 'CONFIRMED',
      }),
    ]);
    expect(w.errors).toEqual([]);
  });

  it('offers no "Add to calendar" on a refunded booking: "Remove from calendar" exports it with STATUS:CANCELLED, under a locale prefix', async () => {
    await w?.context.close();
    w = await openPage(world.browser);
    const id = refundSeedBookingId(REFUND_SEED_KEYS.refunded);
    await signIn(
      w.page,
      world.server.origin,
      robin.email,
      robin.password,
      '/en-us',
      `${world.server.origin}/en-us/my-account/bookings/${id}`,
    );
    const [download] = await Promise.all([
      w.page.waitForEvent('download'),
      w.page.getByRole('button', { name: 'Remove from calendar' }).click(),
    ]);
    expect(await w.page.getByRole('button', { name: 'Add to calendar' }).count()).toBe(0);
    const [event, ...rest] = parseCalendar(await readFile((await download.path())!, 'utf8')).events;
    expect(rest).toEqual([]);
    expect(event?.uid).toBe(`${id}-outward@my-account.rail.example`);
    expect(event?.status).toBe('CANCELLED');
    expect(event?.url).toBe(`${world.server.origin}/en-us/my-account/bookings/${id}`);
    expect(w.errors).toEqual([]);
  });

  it('is disabled with its reason on a season ticket (no train times)', async () => {
    await w?.context.close();
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId('demo-season-annual-reading')}`,
    );
    const button = w.page.getByRole('button', { name: 'Add to calendar' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const reason = w.page.getByText('There are no train times on this booking to add to a calendar.');
    await reason.waitFor();
    expect(await reason.getAttribute('id')).toBe(await button.getAttribute('aria-describedby'));
    expect(w.errors).toEqual([]);
  });
});
