import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeAztec } from '#test/helpers/aztec-decode';
import { readStructure, walk } from '#test/helpers/pdf-structure';
import { readPdf } from '#test/helpers/pdf-text';
import { openPage, seriousAxeViolations, signIn, signInContext, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { stableId } from '#server/seed/context.ts';
import {
  CHECK_IN_GUEST_KEY,
  CHECK_IN_GUEST_TOKEN,
  FAILING_ON_DEMAND_BOOKING_KEY,
} from '#server/seed/booking-actions.ts';

/** Check-in, resend booking email and on-demand tickets, on the real booking pages. */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const booking = (key: string) => stableId('booking', `${key}:0`);
const EUSTON_MANCHESTER = booking('demo-upcoming-euston-manchester'); // mobile, 3 days out

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
/** A fact of the issued ticket's section ("Ticket reference" and so on). */
const ticketFact = (term: string) =>
  w.page
    .locator('section[aria-labelledby="ticket-heading"] dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');

/**
 * Reads the ticket's code as a scanner would: the image the page shows, drawn at 4 pixels per unit
 * on white with a quiet zone, then decoded with ZXing's Aztec reader.
 */
async function scanTicketCode(reference: string): Promise<string> {
  const image = w.page.getByRole('img', { name: `Ticket code (Aztec) for ticket ${reference}` });
  await image.waitFor();
  const { pixels, side } = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const scale = 4;
    const quiet = 16;
    const side = img.naturalWidth * scale + 2 * quiet;
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, side, side);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, quiet, quiet, img.naturalWidth * scale, img.naturalHeight * scale);
    const rgba = ctx.getImageData(0, 0, side, side).data;
    const grey: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) grey.push(Math.round((rgba[i]! + rgba[i + 1]! + rgba[i + 2]!) / 3));
    return { pixels: grey, side };
  });
  return decodeAztec(Uint8ClampedArray.from(pixels), side, side);
}

/** The booking page has rendered its actions (under its own "Manage this booking" heading). */
const actions = () => w.page.getByRole('button', { name: 'Resend booking email' });

describe('resend booking email', () => {
  it('validates, sends to several addresses, closes with Escape, resets and returns focus', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url(`/bookings/${EUSTON_MANCHESTER}`));
    await actions().waitFor();
    const opener = w.page.getByRole('button', { name: 'Resend booking email' });
    await opener.click();
    const dialog = w.page.getByRole('dialog', { name: 'Resend booking email' });
    await dialog.waitFor();
    const first = dialog.getByLabel('Email address', { exact: true });
    expect(await first.inputValue()).toBe(demo.email);
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    const send = dialog.getByRole('button', { name: 'Send email' });

    await first.fill('');
    await first.blur();
    await dialog.getByText('Please enter an email address', { exact: true }).waitFor();
    expect(await send.isDisabled()).toBe(true);
    await first.fill('alex@');
    await dialog.getByText('Please enter an email address, e.g. name@example.com').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await first.fill('alex@example.com');
    await dialog.getByRole('button', { name: 'Add another email address' }).click();
    const second = dialog.getByRole('textbox', { name: 'Email address 2' });
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    await second.fill('jamie@example.com');
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // The server sends only to the booking's own address or the account's verified email (decision
    // 301): the addresses it refuses get the field's error, and focus goes to the first of them.
    await send.click();
    const refused =
      "We can only send this booking to the email address it was booked with, or to your account's confirmed email address.";
    await dialog.getByRole('alert').getByText(refused).waitFor();
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    expect(await second.getAttribute('aria-invalid')).toBe('true');
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await first.fill(demo.email);
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    await second.fill(demo.email.toUpperCase());
    await send.click();
    await dialog
      .getByText(`We've sent your booking confirmation to ${demo.email}, ${demo.email.toUpperCase()}.`)
      .waitFor();

    await w.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    expect(await dialog.getByLabel('Email address', { exact: true }).inputValue()).toBe(demo.email);
    expect(await dialog.getByRole('textbox', { name: 'Email address 2' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(w.errors).toEqual([]);
  });

  it('keeps the addresses and offers a retry when the server fails', async () => {
    await signInContext(w.page, world.server.origin, demo.email, demo.password);
    await w.page.route('**/my-account/api/booking/resend-email', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"code":"INTERNAL_ERROR"}]}' }),
    );
    await w.page.goto(url(`/bookings/${EUSTON_MANCHESTER}`));
    await w.page.getByRole('button', { name: 'Resend booking email' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Resend booking email' });
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.getByText("Sorry, we couldn't resend your booking confirmation. Please try again.").waitFor();
    expect(await dialog.getByLabel('Email address', { exact: true }).inputValue()).toBe(demo.email);
    await w.page.unroute('**/my-account/api/booking/resend-email');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.getByText(`We've sent your booking confirmation to ${demo.email}.`).waitFor();
  });

  it('says when to try again when too many emails were resent (429 with Retry-After)', async () => {
    await signInContext(w.page, world.server.origin, demo.email, demo.password);
    await w.page.route('**/my-account/api/booking/resend-email', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '600' },
        contentType: 'application/json',
        body: '{"errors":[{"code":"TOO_MANY_ATTEMPTS"}]}',
      }),
    );
    await w.page.goto(url(`/bookings/${EUSTON_MANCHESTER}`));
    await w.page.getByRole('button', { name: 'Resend booking email' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Resend booking email' });
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Too many attempts. For your security, please try again in 10 minutes.')
      .waitFor();
    expect(await dialog.getByLabel('Email address', { exact: true }).inputValue()).toBe(demo.email);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await w.page.unroute('**/my-account/api/booking/resend-email');
  });
});

describe('on-demand ticket', () => {
  it('issues a ticket, polling with a doubling backoff from 800 ms', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url(`/bookings/${EUSTON_MANCHESTER}`));
    const polls: number[] = [];
    w.page.on('request', (r) => {
      if (r.url().includes('/get-on-demand-ticket-status/')) polls.push(Date.now());
    });
    let generatedAt = 0;
    w.page.on('requestfinished', (r) => {
      if (r.url().includes('/generate-on-demand-ticket/')) generatedAt = Date.now();
    });
    // Marks this document: a full page reload would lose it.
    await w.page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await w.page.getByRole('button', { name: 'Get ticket now' }).click();
    await w.page.getByText("We're issuing your ticket. This can take a few seconds…").waitFor();
    // The booking machine fetched the booking again (booking.reload): the booking now shows the
    // issued ticket itself, in the same document, and the offer to issue one has gone.
    const heading = w.page.getByRole('heading', { name: 'Your ticket', level: 2 });
    await heading.waitFor({ timeout: 20_000 });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
    const reference = (await ticketFact('Ticket reference').textContent()) ?? '';
    expect(reference).toMatch(/^TKT-[0-9A-F]{8}$/);
    expect(await w.page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await w.page.getByRole('button', { name: 'Get ticket now' }).count()).toBe(0);
    // Ready 3.5 s after generating: polls at ~0.8 s, ~2.4 s (+1.6) and ~5.6 s (+3.2).
    expect(polls).toHaveLength(3);
    const gaps = [polls[0]! - generatedAt, polls[1]! - polls[0]!, polls[2]! - polls[1]!];
    expect(gaps[0]).toBeGreaterThanOrEqual(700);
    expect(gaps[1]).toBeGreaterThanOrEqual(1500);
    expect(gaps[2]).toBeGreaterThanOrEqual(3100);

    // The code on screen is a real Aztec code: a scanner reads it back as the ticket's data.
    const data = await scanTicketCode(reference);
    expect(data.split('|').slice(0, 4)).toEqual(['GBRT1', reference, 'EUS', 'MAN']);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // "Download ticket" gives a PDF with the journey, passenger, ticket type, validity and reference.
    const download = w.page.waitForEvent('download');
    await w.page.getByRole('button', { name: 'Download ticket (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ticket-${reference}.pdf`);
    const bytes = await readFile((await file.path())!);
    const pdf = await readPdf(bytes);
    const text = pdf.lines.join(' ').replace(/\s+/g, ' ');
    for (const expected of [
      `Mobile ticket ${reference}`,
      'London Euston to Manchester Piccadilly',
      'Alex Morgan',
      'Advance Single, Standard class',
      'Valid',
      reference,
    ]) {
      expect(text).toContain(expected);
    }
    // A tagged PDF (decision 660) whose code has the text alternative the screen gives its image.
    const structure = await readStructure(bytes);
    expect(structure.problems).toEqual([]);
    const screenAlt = await w.page
      .getByRole('img', { name: `Ticket code (Aztec) for ticket ${reference}` })
      .getAttribute('alt');
    expect(
      walk(structure.roots)
        .filter((e) => e.type === 'Figure')
        .map((e) => e.alt),
    ).toEqual([screenAlt]);

    // Shown again on every visit: a reload, then a new sign-in, show the same ticket and code, never a new one.
    await w.page.reload();
    await heading.waitFor();
    expect(await ticketFact('Ticket reference').textContent()).toBe(reference);
    expect(await scanTicketCode(reference)).toBe(data);
    expect(await w.page.getByRole('button', { name: 'Get ticket now' }).count()).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it('shows the failure of the seeded failing delivery and offers another try', async () => {
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      url(`/bookings/${booking(FAILING_ON_DEMAND_BOOKING_KEY)}`),
    );
    await w.page.getByRole('button', { name: 'Get ticket now' }).click();
    await w.page
      .getByRole('alert')
      .getByText("Sorry, we couldn't issue your ticket.", { exact: false })
      .waitFor({ timeout: 15_000 });
    await w.page.getByRole('button', { name: 'Try again' }).waitFor();
  });
});

describe('VAT receipt', () => {
  it('in Chinese, draws the receipt in the embedded CJK font the page fetches only then: no "?" (decision 525)', async () => {
    await signInContext(w.page, world.server.origin, demo.email, demo.password);
    const fonts: string[] = [];
    w.page.on('request', (r) => {
      if (r.url().endsWith('.ttf')) fonts.push(r.url());
    });
    await w.page.goto(`${world.server.origin}/zh/my-account/bookings/${EUSTON_MANCHESTER}`);
    const button = w.page.getByRole('button', { name: '下载增值税收据（PDF）' });
    await button.waitFor();
    expect(fonts).toEqual([]);
    const download = w.page.waitForEvent('download');
    await button.click();
    const bytes = await readFile((await (await download).path())!);
    const pdf = await readPdf(bytes);
    const text = pdf.lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('增值税收据');
    // Tagged in Chinese too (decision 660): its language, its title a heading, every line in the tree.
    const structure = await readStructure(bytes);
    expect(structure.problems).toEqual([]);
    expect(structure.lang).toBe('zh');
    expect(
      walk(structure.roots)
        .filter((e) => e.type === 'H1')
        .map((e) => e.text),
    ).toEqual(['增值税收据']);
    expect(text).toContain('£1.50');
    expect(text).not.toContain('?');
    expect(pdf.fonts.some((f) => /NotoSansSC/.test(f))).toBe(true);
    // The CJK font and the two embedded Latin fonts (decision 780), each fetched once, only now.
    expect(fonts).toHaveLength(3);
    expect(w.errors).toEqual([]);
  });

  it('downloads the order’s receipt: fares zero-rated, the booking fee at 20% shown apart, the VAT number', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url(`/bookings/${EUSTON_MANCHESTER}`));
    const button = w.page.getByRole('button', { name: 'Download VAT receipt (PDF)' });
    await button.waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    const download = w.page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^vat-receipt-[A-Z0-9-]+\.pdf$/);
    const pdf = await readPdf(await readFile((await file.path())!));
    // Long lines wrap at a space, which ends the line: read the lines as one text, one space between words.
    const text = pdf.lines.join(' ').replace(/\s+/g, ' ');
    for (const expected of [
      'VAT receipt',
      'VAT number: GB 123 4567 89',
      'Order reference',
      'Advance Single (Outward): London Euston to Manchester Piccadilly, Alex Morgan',
      '0%',
      '£42.50',
      'Booking fee',
      '20%',
      '£1.50',
      'Total excluding VAT',
      '£43.75',
      'VAT at 20%',
      '£0.25',
      '£44.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(w.errors).toEqual([]);
  });

  it('takes a paid refund off, and a refunded booking shows no ticket', async () => {
    await signIn(
      w.page,
      world.server.origin,
      'refunds@example.com',
      demo.password,
      '',
      url(`/bookings/${booking('refunds-refunded-birmingham-euston')}`),
    );
    const button = w.page.getByRole('button', { name: 'Download VAT receipt (PDF)' });
    await button.waitFor();
    expect(await w.page.getByRole('heading', { name: 'Your ticket' }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Get ticket now' }).count()).toBe(0);
    const download = w.page.waitForEvent('download');
    await button.click();
    const text = (await readPdf(await readFile((await (await download).path())!))).lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toMatch(/Refund paid on /);
    expect(text).toContain('-£83.50');
  });
});

describe('check-in', () => {
  it('does not claim a check-in the server has not recorded, whatever the address says', async () => {
    const id = booking(CHECK_IN_GUEST_KEY);
    await w.page.goto(url(`/order-token/${id}?checkedIn=true#token=${CHECK_IN_GUEST_TOKEN}`));
    await actions().waitFor();
    await w.page.getByRole('link', { name: 'Check in', exact: true }).waitFor();
    expect(await w.page.getByText("You're checked in for this journey.", { exact: false }).count()).toBe(0);
  });

  it('checks a guest in from the booking page and comes back to it marked checked in', async () => {
    const id = booking(CHECK_IN_GUEST_KEY);
    await w.page.goto(url(`/order-token/${id}#token=${CHECK_IN_GUEST_TOKEN}`));
    await actions().waitFor();
    // Check-in is open for this train: the hint says so, not when it opens.
    await w.page.getByText('Check-in is open for this journey.').waitFor();
    expect(await w.page.getByText('Check-in opens 24 hours before your train departs.').count()).toBe(0);
    await w.page.getByRole('link', { name: 'Check in', exact: true }).click();
    await w.page.waitForURL(
      (u) => u.pathname.endsWith(`/order-token/${id}`) && u.searchParams.get('checkedIn') === 'true',
    );
    await w.page.getByText("You're checked in for this journey. Have a good trip!").waitFor();
    expect(await w.page.getByRole('link', { name: 'Check in', exact: true }).count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('says when check-in is not open yet', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url(`/bookings/${EUSTON_MANCHESTER}`));
    await actions().waitFor();
    await w.page.getByText('Check-in opens 24 hours before your train departs.').waitFor();
    expect(await w.page.getByText('Check-in is open for this journey.').count()).toBe(0);
    await w.page.goto(url(`/bookings/${EUSTON_MANCHESTER}/check-in`));
    await w.page.getByText('Check-in opens 24 hours before your train departs. Please come back then.').waitFor();
    await w.page.getByRole('link', { name: 'Back to your booking' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${EUSTON_MANCHESTER}`));
  });

  it('treats a failure or a foreign url as an error with retry, then checks in', async () => {
    const id = booking(CHECK_IN_GUEST_KEY);
    let answers = ['{"errors":[{"code":"INTERNAL_ERROR"}]}', '{"url":"https://evil.example/phish"}'];
    await w.page.route('**/my-account/api/booking/checkIn**', (route) => {
      const body = answers.shift();
      if (!body) return route.continue();
      return route.fulfill({ status: body.includes('errors') ? 500 : 200, contentType: 'application/json', body });
    });
    await w.page.goto(url(`/order-token/${id}/check-in#token=${CHECK_IN_GUEST_TOKEN}`));
    const retry = w.page.getByRole('button', { name: 'Try again' });
    await w.page.getByText("Sorry, we couldn't check you in right now. Please try again.").waitFor();
    await retry.click();
    await w.page.getByText("Sorry, we couldn't check you in right now. Please try again.").waitFor();
    expect(new URL(w.page.url()).origin).toBe(world.server.origin);
    answers = [];
    await retry.click();
    await w.page.waitForURL(
      (u) => u.pathname.endsWith(`/order-token/${id}`) && u.searchParams.get('checkedIn') === 'true',
    );
  });
});
