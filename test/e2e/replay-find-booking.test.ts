import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { findBookingMachine } from '#machines/find-booking';
import { findBookingStatusMessages } from '#src/copy/find-booking';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { m } from '#src/paraglide/messages.js';
import { findBookingValidators, type FindBookingField } from '#src/schemas/find-booking';
import { formView } from '#src/ui/form-state';
import { FIND_BOOKING_MAX_MISSES, FIND_BOOKING_WINDOW_MS } from '#server/api/find-booking.ts';
import { errorBody } from '#server/lib/errors.ts';
import { DEMO_GUEST_TOKENS, GUEST_EMAIL } from '#server/seed/guest-orders.ts';
import { apiClient, type TestServer } from '#test/helpers/server';
import { errorOf } from '#test/model/harness';
import { findBookingVertex } from '#test/model/fixtures/vertices';
import { describeBrowserReplay, type ReplayStep } from './replay/replay';

/**
 * Find a booking replayed in Chromium: the guest order of guest@example.com (surname Lee)
 * is found; the surname Nobody is not (422, from the server's own data); ten misses for the
 * reference get the real 429; 400 and 500 come from the server's /__test/answer switch.
 */
type Step = ReplayStep<typeof findBookingMachine>;
const order: FindBookingField[] = ['bookingReference', 'departureDate', 'passengerSurname', 'emailAddress'];
/**
 * What the model types. The reference and date stand for the guest order's, which the seed makes
 * relative to today: the driver types those (same shape, so the same validity).
 */
const typed: Record<FindBookingField, string> = {
  bookingReference: 'GUEST-ORDER-REF',
  departureDate: '2000-01-01',
  passengerSurname: 'Nobody',
  emailAddress: GUEST_EMAIL,
};
const labels: Record<FindBookingField, string> = {
  bookingReference: m.find_booking_page_booking_reference(),
  departureDate: m.find_booking_page_departure_date(),
  passengerSurname: m.find_booking_page_passengers_surname(),
  emailAddress: m.common_email_address(),
};

/** The guest order as printed on its confirmation (read once from the server). */
let guest: { bookingId: string; reference: string; date: string } | null = null;
const guestOrder = async (server: TestServer) => {
  if (guest) return guest;
  const res = await fetch(`${server.url}api/booking/token?token=${DEMO_GUEST_TOKENS[0]}`);
  const { bookings } = (await res.json()) as {
    bookings: { booking: { id: string; outward: { date: string } }; order: { friendlyOrderId: string } }[];
  };
  const first = bookings[0]!;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(first.booking.outward.date),
  );
  guest = { bookingId: first.booking.id, reference: first.order.friendlyOrderId, date };
  return guest;
};
const onScreen = (field: FindBookingField, value: string) =>
  field === 'bookingReference' && value === typed.bookingReference
    ? guest!.reference
    : field === 'departureDate' && value === typed.departureDate
      ? guest!.date
      : value;

const field = (page: Page, f: FindBookingField) => page.getByLabel(labels[f], { exact: true });
const submit = (page: Page) => page.locator('form button[type="submit"]');
/** The form shows the chart's values and errors, and submit is enabled exactly when the chart allows it. */
const formMatches = async ({ page, snapshot }: Step) => {
  const { errors, canSubmit } = formView(snapshot.context, findBookingValidators, false);
  const expected = {
    values: Object.fromEntries(order.map((f) => [f, onScreen(f, snapshot.context.values[f])])),
    invalid: order.filter((f) => errors[f] !== undefined),
    submit: canSubmit,
  };
  // One read of the whole form per poll: each field's value, which fields say they are invalid, submit.
  const shown = () =>
    page.locator('form').evaluate((form, names) => {
      const input = (n: string) => form.querySelector<HTMLInputElement>(`input[name="${n}"]`);
      return {
        values: Object.fromEntries(names.map((n) => [n, input(n)?.value ?? null])),
        invalid: names.filter((n) => input(n)?.getAttribute('aria-invalid') === 'true'),
        // A disabled submit is aria-disabled (it keeps the focus; src/ui/button.tsx).
        submit: form.querySelector('button[type="submit"]')?.getAttribute('aria-disabled') !== 'true',
      };
    }, order);
  await expect.poll(shown, { message: 'the form' }).toEqual(expected);
  for (const f of expected.invalid) await page.getByText(errors[f]!, { exact: true }).waitFor();
};
const failure = (message: (step: Step) => string) => async (step: Step) => {
  await step.page
    .getByRole('alert')
    .filter({ hasText: message(step) })
    .waitFor();
  await formMatches(step);
};
/** Every clock move starts a new rate-limit window: each path's misses are its own. */
let window = 0;

describeBrowserReplay(
  findBookingMachine,
  {
    name: 'findBookingMachine',
    events: {
      // Fill the fields in order; then one correction of the surname, to the guest's (Lee).
      'form.change': (snap) => {
        const next = order.find((f) => snap.context.values[f] === '');
        if (next) return [{ type: 'form.change', field: next, value: typed[next] } as const];
        return snap.context.values.passengerSurname === 'Nobody'
          ? [{ type: 'form.change', field: 'passengerSurname', value: 'Lee' } as const]
          : [];
      },
      'form.blur': [{ type: 'form.blur', field: 'emailAddress' }],
      // What the server answers these details: found only with the guest's surname, not found with any other.
      'xstate.done.actor.findBooking': (snap) =>
        snap.context.values.passengerSurname === 'Lee'
          ? [
              {
                type: 'xstate.done.actor.findBooking',
                output: { orderExchangeToken: 'the server’s token', bookingId: 'the guest booking' },
              },
            ]
          : [],
      'xstate.error.actor.findBooking': (snap) => [
        { type: 'xstate.error.actor.findBooking', error: { status: 400 } },
        ...(snap.context.values.passengerSurname === 'Lee'
          ? []
          : [{ type: 'xstate.error.actor.findBooking', error: { status: 422 } }]),
        {
          type: 'xstate.error.actor.findBooking',
          error: { problem: { kind: 'throttled', status: 429, retryAfterSeconds: FIND_BOOKING_WINDOW_MS / 1000 } },
        },
        { type: 'xstate.error.actor.findBooking', error: { status: 500 } },
      ],
    },
    serializeContext: findBookingVertex,
  },
  {
    async prepare(_path, server) {
      await guestOrder(server);
      window += 1;
      await server.setClock(window * (FIND_BOOKING_WINDOW_MS + 60_000));
    },
    async open(page, _path, server) {
      await page.goto(`${server.url}find-booking`);
    },
    calls: { findBooking: { method: 'POST', path: /^\/booking\/find-booking$/ } },
    offers: {
      // docs/product/validation.md: submit is disabled while the form is pristine or invalid.
      'form.submit': (snap) => formView(snap.context, findBookingValidators, false).canSubmit,
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type !== 'form.change') return;
        await field(page, event.field).fill(onScreen(event.field, event.value));
      },
      'form.blur': async ({ page, event }) => {
        if (event.type !== 'form.blur') return;
        await field(page, event.field).focus();
        await field(page, event.field).blur();
      },
      'form.submit': async ({ page }) => submit(page).click(),
      'xstate.error.actor.findBooking': async ({ server, event, call }) => {
        const error = errorOf(event);
        const code = error?.status ?? (error?.problem as { status?: unknown } | undefined)?.status;
        if (code === 400) await server.answer('POST', call!.path, 400, errorBody('VALIDATION'));
        if (code === 500) await server.answer('POST', call!.path, 500, errorBody('INTERNAL'));
        if (code === 429) {
          // The real limit: misses for this reference from this client (the browser's address too).
          const client = apiClient(server.origin);
          await client.init();
          const miss = {
            bookingReference: guest!.reference,
            departureDate: guest!.date,
            passengerSurname: 'Nobody',
            emailAddress: GUEST_EMAIL,
          };
          for (let i = 0; i < FIND_BOOKING_MAX_MISSES; i++)
            expect((await client.post('/my-account/api/booking/find-booking', miss)).status).toBe(422);
        }
      },
    },
    states: {
      notRequested: async (step) => {
        await step.page.getByRole('heading', { level: 1, name: m.common_find_a_booking() }).waitFor();
        expect(
          await step.page
            .getByRole('alert')
            .filter({ hasText: /booking|attempts/ })
            .count(),
        ).toBe(0);
        await formMatches(step);
      },
      requesting: async ({ page }) => {
        await page
          .locator('form button[type="submit"][aria-busy="true"]')
          .filter({ hasText: m.find_booking_page_finding_your_booking() })
          .waitFor();
      },
      success: async ({ page }) => {
        await page.waitForURL((u) => u.pathname.endsWith(`/order-token/${guest!.bookingId}`));
        expect(page.url()).not.toContain('token=');
      },
      badRequest: failure(() => findBookingStatusMessages.badRequest),
      notFound: failure(() => findBookingStatusMessages.notFound),
      throttled: failure(() => tooManyAttemptsMessage(FIND_BOOKING_WINDOW_MS / 1000)),
      serverError: failure(() => findBookingStatusMessages.serverError),
    },
    notUserActions: {
      '#findBooking.notRequested form.submit [1]':
        'submit while the form is pristine or invalid: the button is disabled then (docs/product/validation.md), and Enter does not submit a form whose submit button is disabled',
    },
  },
);
