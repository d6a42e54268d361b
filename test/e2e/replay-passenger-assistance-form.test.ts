import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { passengerAssistanceFormMachine, type PassengerAssistanceFormInput } from '#machines/passenger-assistance-form';
import { passengerAssistanceFormMessages } from '#src/copy/passenger-assistance-form';
import { m } from '#src/paraglide/messages.js';
import { assistanceFormErrors, assistanceKindNames } from '#src/schemas/passenger-assistance';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { bookingIdOf } from '#server/seed/context.ts';
import { ASSISTANCE_BOOKING_KEY } from '#server/seed/passenger-assistance.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { jamieWheelchair, overview, returnBooking } from '#test/model/fixtures/passenger-assistance';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * Requesting passenger assistance replayed in Chromium, signed in as the demo account on
 * /bookings/{bookingId}/passenger-assistance/create. The input's bookingId names a seeded booking:
 * - demo-upcoming-kingscross-york: King's Cross → York and back, Alex and Jamie (Jamie's outward
 *   help booked already); Alex's outward help is booked when the form is sent.
 * - demo-past-leeds-sheffield: travelled, no leg left to help on (not bookable).
 * - sam-past-nottingham-derby: another customer's booking (not found).
 * The booking load's failure and the server's refusal (its sentence, 422) or failure come from the
 * /__test/answer switch. Each submit is one attempt of the lost-answer chart, whose checks after a
 * lost answer are its own model test and test/e2e/lost-answers.test.ts.
 * The screen's load (fetchBooking) is held at its first call, GET booking/{id}.
 */
type Step = ReplayStep<typeof passengerAssistanceFormMachine>;
type Key = typeof ASSISTANCE_BOOKING_KEY | 'demo-past-leeds-sheffield' | 'sam-past-nottingham-derby';
const data = new SharedData();
const input = (key: Key): PassengerAssistanceFormInput => ({ bookingId: key, keySeed: 'replay-assistance' });
const tooLate = httpError(422, 'TOO_LATE', 'Assistance must be booked at least 2 hours before the train leaves.');
/** The model's passengers as the screen names them (returnBooking has the seeded booking's shape). */
const passengerNames: Record<string, string> = { 'p-alex': 'Alex Morgan', 'p-jamie': 'Jamie Morgan' };
const valid = (c: Step['snapshot']['context']) =>
  c.dirty && c.booking !== null && Object.keys(assistanceFormErrors(c.values, c.booking)).length === 0;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const submit = (page: Page) => button(page, m.passenger_assistance_assistance_request_page_book_assistance());
const passenger = (page: Page, id: string) => page.getByRole('radio', { name: passengerNames[id], exact: true });
const leg = (page: Page, direction: string) =>
  page.getByRole('radio', {
    name: new RegExp(`^${escape(direction === 'outward' ? m.common_outward() : m.common_return())}:`),
  });
const ramp = (page: Page) => page.getByRole('checkbox', { name: new RegExp(`^${escape(assistanceKindNames.ramp)}`) });
const details = (page: Page) =>
  page.getByRole('textbox', {
    name: m.passenger_assistance_assistance_request_page_anything_staff_should_know_optional(),
  });
const form = (page: Page) =>
  page.getByRole('form', { name: m.passenger_assistance_assistance_request_page_request_passenger_assistance() });

/** The form as the context has it: choices, ticks, details, Book assistance usable only when it can send. */
const formShown = async ({ page, snapshot }: Step, busy: boolean) => {
  const { values } = snapshot.context;
  for (const id of Object.keys(passengerNames)) {
    await expect
      .poll(() => passenger(page, id).isChecked(), { message: `${passengerNames[id]} chosen` })
      .toBe(values.passengerId === id);
  }
  await expect
    .poll(() => leg(page, 'outward').isChecked(), { message: 'the outward leg chosen' })
    .toBe(values.direction === 'outward');
  await expect.poll(() => ramp(page).isChecked(), { message: 'ramp ticked' }).toBe(values.kinds.includes('ramp'));
  await expect.poll(() => details(page).inputValue(), { message: 'the details' }).toBe(values.details);
  const usable = !busy && valid(snapshot.context);
  await expect
    .poll(async () => (await submit(page).getAttribute('aria-disabled')) !== 'true', {
      message: 'Book assistance usable',
    })
    .toBe(usable);
};

describeBrowserReplay(
  passengerAssistanceFormMachine,
  {
    name: 'passengerAssistanceFormMachine',
    inputs: [input(ASSISTANCE_BOOKING_KEY), input('demo-past-leeds-sheffield'), input('sam-past-nottingham-derby')],
    events: {
      'xstate.done.actor.fetchBooking': (snap) => {
        const key = snap.context.bookingId as Key;
        if (key === 'sam-past-nottingham-derby') return [];
        // Travelled: the form's booking has no leg left.
        const booking = key === ASSISTANCE_BOOKING_KEY ? returnBooking : { ...returnBooking, legs: [] };
        return [
          {
            type: 'xstate.done.actor.fetchBooking',
            output: overview(booking, key === ASSISTANCE_BOOKING_KEY ? [jamieWheelchair] : []),
          },
        ];
      },
      'xstate.error.actor.fetchBooking': (snap) => {
        const key = snap.context.bookingId as Key;
        if (key === 'sam-past-nottingham-derby')
          return [{ type: 'xstate.error.actor.fetchBooking', error: httpError(404, 'NOT_FOUND') }];
        return key === ASSISTANCE_BOOKING_KEY
          ? [{ type: 'xstate.error.actor.fetchBooking', error: httpError(500, 'INTERNAL_ERROR') }]
          : [];
      },
      // Alex, then the outward journey, then the details: one choice at a time.
      'form.change': (snap) => {
        const { values, booking } = snap.context;
        if (!booking) return [];
        if (values.passengerId === '') return [{ type: 'form.change', field: 'passengerId', value: 'p-alex' } as const];
        if (values.direction === '') return [{ type: 'form.change', field: 'direction', value: 'outward' } as const];
        if (values.details === '')
          return [{ type: 'form.change', field: 'details', value: 'Meet at the ticket gates' } as const];
        return [];
      },
      'form.toggleKind': (snap) => [
        { type: 'form.toggleKind', kind: 'ramp', checked: !snap.context.values.kinds.includes('ramp') } as const,
      ],
      'form.blur': [{ type: 'form.blur', field: 'details' }],
      // Each submit is one attempt of the lost-answer chart: the server's answer or its refusal.
      'xstate.done.actor.createAssistance': [
        {
          type: 'xstate.done.actor.createAssistance',
          output: {
            kind: 'answered',
            answer: { ...jamieWheelchair, id: 'its id', passengerId: 'p-alex', kinds: ['ramp'] },
          },
        },
        { type: 'xstate.done.actor.createAssistance', output: { kind: 'refused', error: tooLate } },
        {
          type: 'xstate.done.actor.createAssistance',
          output: { kind: 'refused', error: httpError(500, 'INTERNAL_ERROR') },
        },
      ],
      // The attempt itself failing: no user can cause it.
      'xstate.error.actor.createAssistance': [],
    },
    serializeContext: (c) => ({
      values: c.values,
      dirty: c.dirty,
      booking: c.booking ? c.booking.legs.length : null,
      submitError: c.submitError?.code ?? null,
      key: c.bookingId,
    }),
  },
  {
    async prepare(path, server, browser) {
      await data.use(
        server,
        path.input!.bookingId,
        path.steps.some((s) => s.state.matches('booked')),
      );
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      await page.goto(`${server.url}bookings/${bookingIdOf(path.input!.bookingId)}/passenger-assistance/create`);
    },
    calls: {
      fetchBooking: { method: 'GET', path: /^\/booking\/[^/]+$/ },
      createAssistance: { method: 'POST', path: /^\/customer\/passenger-assistance\/orders\/[^/]+\/products\/[^/]+$/ },
    },
    offers: {
      // Book assistance ignores clicks and Enter unless the form can be sent.
      'form.submit': (snap) => valid(snap.context),
      // Check again shows only once the attempt could not confirm its outcome: the attempt's own chart.
      'assistance.check': () => false,
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type !== 'form.change') return;
        if (event.field === 'passengerId') await passenger(page, event.value).check();
        else if (event.field === 'direction') await leg(page, event.value).check();
        else await details(page).fill(event.value);
      },
      'form.toggleKind': async ({ page }) => ramp(page).click(),
      // Leaving the details with Tab.
      'form.blur': async ({ page }) => {
        await details(page).focus();
        await page.keyboard.press('Tab');
      },
      'form.submit': async ({ page }) => submit(page).click(),
      'assistance.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'xstate.error.actor.fetchBooking': async (step) => {
        // Another customer's booking is refused by the server itself.
        if (step.previous!.context.bookingId !== 'sam-past-nottingham-derby') await answerWithModelError(step);
      },
      'xstate.done.actor.createAssistance': async (step) => {
        const outcome = (step.event as { output?: { kind: string; error?: unknown } }).output;
        if (outcome?.kind === 'refused')
          await answerWithModelError({ ...step, event: { type: step.event.type, error: outcome.error } });
      },
    },
    states: {
      // The first load is the route's loader (docs/decisions/730), its call held like the chart's own.
      // Opened from a link, the route's pending page shows the page's loading words; opened by its
      // URL, the account area's loading indicator stays up until every loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page
          .getByRole('status')
          .filter({ hasText: m.passenger_assistance_assistance_request_page_loading_your_booking() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(passengerAssistanceFormMessages.loadError, { exact: true }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      notFound: async ({ page }) => page.getByText(passengerAssistanceFormMessages.notFound, { exact: true }).waitFor(),
      notBookable: async ({ page }) => {
        await page.getByText(passengerAssistanceFormMessages.notBookable, { exact: true }).waitFor();
        expect(await form(page).count(), 'no form').toBe(0);
      },
      editing: async (step) => {
        const { page, snapshot } = step;
        await form(page).waitFor();
        const error = snapshot.context.submitError;
        if (error) {
          const alert = page
            .getByRole('alert')
            .filter({ hasText: m.passenger_assistance_assistance_request_page_we_couldnt_book_this_assistance() });
          // TOO_LATE is worded by the page from the train it knows (its time and station), not the server's English,
          // and is about the journey chosen: that question is marked and the error summary links to it (decision 670).
          const tooLateLead = m.passenger_assistance_too_late({ time: '\u0000', station: '' }).split('\u0000')[0]!;
          if (error.code === 'TOO_LATE') {
            const journey = page.getByRole('group', {
              name: m.passenger_assistance_assistance_request_page_which_journey(),
            });
            await expect
              .poll(() => journey.getAttribute('aria-invalid'), { message: 'the journey question marked' })
              .toBe('true');
            await page
              .getByRole('link', {
                name: `${m.passenger_assistance_assistance_request_page_which_journey()}: ${tooLateLead}`,
              })
              .waitFor();
          } else
            await alert
              .getByText(error.detail ?? passengerAssistanceFormMessages.submitError, { exact: true })
              .waitFor();
        }
        await formShown(step, false);
      },
      submitting: async ({ page }) => {
        await page
          .locator('button[aria-busy="true"]')
          .filter({ hasText: m.passenger_assistance_assistance_request_page_booking() })
          .waitFor();
      },
      // The screen opens the booked assistance's review.
      booked: async ({ page }) => {
        await page.waitForURL(
          (u) => /\/passenger-assistance\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith('/create'),
        );
      },
    },
    notUserActions: {
      '#passengerAssistanceForm.starting always [0]':
        "The route's loader makes the first call: the replay holds it as the chart's fetchBooking and answers it at that step, so the page goes from its loading words to the form as the path says; the chart takes its starting edge from the loaded booking, which the model test walks",
      '#passengerAssistanceForm.starting always [1]':
        "The loader's booking with nothing left to book is held and answered as the chart's fetchBooking, and the page says so; the model test walks the starting edge",
      '#passengerAssistanceForm.starting always [2]':
        "The loader's 404 is held and answered as the chart's fetchBooking, and the page shows its not-found message; the model test walks the starting edge",
      '#passengerAssistanceForm.starting always [3]':
        "The loader's failed call is held and failed as the chart's fetchBooking, and the page shows its error with Try again; the model test walks the starting edge",
      '#passengerAssistanceForm.editing form.submit [1]':
        'Book assistance ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
      '#passengerAssistanceForm.submitting assistance.check [0]':
        "Check again, passed to the attempt, shows only after a lost answer whose check got no answer either: the lost-answer chart's model test and test/e2e/lost-answers.test.ts",
      '#passengerAssistanceForm.submitting xstate.error.actor.createAssistance [0]':
        'the attempt chart itself failing: no answer of the server causes it',
    },
  },
);
