import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { RouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartialRefundPanel } from '#routes/-components/refunds/partial-refund-panel';
import { PartialRefundsResponse } from '#src/schemas/refunds';
import { DelayRepayScreen } from '#routes/-components/delay-repay/delay-repay-screen';
import { BookingDetailScreen } from '#routes/-components/booking-detail/booking-detail-screen';
import { BookingCard } from '#routes/-components/bookings-list/booking-card';
import { BookingsScreen } from '#routes/-components/bookings-list/bookings-screen';
import { BookingsStoreProvider } from '#routes/-components/bookings-list/bookings-store';
import { TokenBookingsPage } from '#routes/-components/bookings-list/token-bookings-page';
import { BookingListEntry } from '#src/schemas/bookings-list';
import { PaymentMethodsPage } from '#routes/-components/payment-methods/payment-methods-page';
import { PassengersPage } from '#routes/-components/passengers/passengers-page';
import { DigitalRailcardPage } from '#routes/-components/railcards/digital-railcard-page';
import { SelectRailcardPage } from '#routes/-components/railcards/select-railcard-page';
import { RailcardFormPage } from '#routes/-components/railcards/railcard-form-page';
import { ContactPreferencesPanel } from '#routes/-components/contact-preferences/contact-preferences-panel';
import { createServices } from '#src/create-services';
import { ServicesContext } from '#src/services';
import { defaultPageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';
import {
  specMinimalBooking,
  specMinimalListEntry,
  specMinimalOrder,
  specRailcard,
} from '#test/helpers/spec-minimal.ts';
import { m } from '#src/paraglide/messages.js';

/**
 * Decision 230: screens rendered with the spec's minimal answers (no local-server extras)
 * show what they have and leave out the rest: no "undefined", no error.
 */
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A path's answer: its body, or (for a call that is refused) the whole response, by the request. */
type Answer = unknown | ((init: RequestInit | undefined) => Response);

const answering = (answers: Record<string, Answer>) =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/my-account/api', '');
    if (path === '/user')
      return json({
        user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
        ufacSession: null,
        isRegistered: true,
      });
    if (path in answers) {
      const answer = answers[path];
      return typeof answer === 'function' ? (answer as (i: RequestInit | undefined) => Response)(init) : json(answer);
    }
    return new Response(JSON.stringify({ errors: [{ code: 'NOT_FOUND' }] }), { status: 404 });
  }) as typeof globalThis.fetch;

const renderScreen = async (Screen: RouteComponent, answers: Record<string, Answer>) => {
  const services = createServices({
    pageData: defaultPageData,
    locale: localeFromPath('/my-account/'),
    hashToken: null,
    onRedirectToLogin: () => {},
    client: { fetch: answering(answers), baseURL: 'http://localhost/my-account/api' },
  });
  services.authActor.start();
  await act(async () => {
    render(
      <ServicesContext.Provider value={services}>
        <RouterProvider
          router={createRouter({
            routeTree: createRootRoute({ component: Screen }),
            history: createMemoryHistory({ initialEntries: ['/'] }),
          })}
        />
      </ServicesContext.Provider>,
    );
  });
};

afterEach(cleanup);

/** A Delay Repay claim as docs/product/entities.md gives it: no journeys, delayed journey, operator or deadline. */
const specClaim = (status: string) => ({
  claimId: 'c1',
  orderId: 'o1',
  claimType: 'Submission',
  serviceFee: { amount: 0 },
  compensationToCustomer: { amount: 19 },
  customerRegistered: true,
  status,
});

describe("screens with the spec's minimal answers", () => {
  it('payment methods: cards with only data.id are "Saved card 1", "Saved card 2", each deletable by that name', async () => {
    await renderScreen(PaymentMethodsPage, { '/customer/cards': { cards: [{ id: 'k1' }, { id: 'k2' }] } });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Saved card 1', 'Saved card 2']);
    expect(within(items[1]!).getByRole('button').textContent).toBe('Delete Saved card 2');
    expect(list.textContent).not.toMatch(/undefined|Expires|Name on card/);
  });

  it('payment methods: a full local-server card still shows brand, digits, expiry and name', async () => {
    const card = {
      id: 'k1',
      brand: 'VISA',
      lastFourDigits: '4242',
      expiryMonth: 8,
      expiryYear: 2029,
      cardholderName: 'A MORGAN',
      isExpired: false,
    };
    await renderScreen(PaymentMethodsPage, { '/customer/cards': { cards: [card] } });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    expect(within(list).getByRole('heading').textContent).toContain('Visa ending 4242');
    expect(list.textContent).toContain('08/29');
    expect(list.textContent).toContain('Name on card: A MORGAN');
  });

  it('saved passengers: a docs/product/entities.md passenger without railcards is listed, with no word on railcards it may hold', async () => {
    const passenger = {
      id: 'p1',
      firstName: 'Alex',
      lastName: 'Morgan',
      nickName: null,
      emailAddress: null,
      day: '01',
      month: '02',
      year: '1990',
      isAccountHolder: true,
    };
    await renderScreen(PassengersPage, { '/customer/passengers-and-railcards': { passengers: [passenger] } });
    expect((await screen.findAllByText(/Alex Morgan/)).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/undefined/);
    expect(document.body.textContent).not.toContain(m.passengers_page_no_railcards_saved());
  });

  it('saved passengers: an empty railcards list says none are saved', async () => {
    const passenger = {
      id: 'p1',
      firstName: 'Alex',
      lastName: 'Morgan',
      nickName: null,
      emailAddress: null,
      day: '01',
      month: '02',
      year: '1990',
      isAccountHolder: true,
      railcards: [],
    };
    await renderScreen(PassengersPage, { '/customer/passengers-and-railcards': { passengers: [passenger] } });
    expect(await screen.findByText(m.passengers_page_no_railcards_saved())).toBeTruthy();
  });

  it('digital railcard: without validFrom and status the card leaves out "Valid from" and derives valid', async () => {
    const card = {
      name: '16-25 Railcard',
      railcardDetails: { code: 'YNG', discount: '1/3 off', cardNumber: 'YNG12345' },
      cardHolders: ['Alex Morgan'],
      expiryDate: '2099-01-31',
    };
    await renderScreen(() => <DigitalRailcardPage railcardId="h1" />, {
      '/passengers-and-railcards/digital-railcard/h1': card,
    });
    expect((await screen.findAllByText('YNG12345')).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/undefined|Invalid Date|Valid from/);
    expect(document.body.textContent).toContain('Valid');
  });

  it('select railcard: docs/product/entities.md railcards without id link by railcardDetails.code; no passenger name, no intro', async () => {
    await renderScreen(() => <SelectRailcardPage passengerId="p1" />, {
      '/passenger/p1/railcardslist': { railcards: [specRailcard] },
    });
    const list = await screen.findByRole('list', { name: 'Railcards you can add' });
    expect(within(list).getByRole('heading').textContent).toBe('Disabled Persons Railcard');
    expect(within(list).getByRole('link', { name: 'Add this railcard: Disabled Persons Railcard' })).toHaveAttribute(
      'href',
      '/passengers-and-railcards/p1/add-railcard/DIS',
    );
    expect(document.body.textContent).toContain('£20');
    expect(document.body.textContent).not.toMatch(/undefined|null|Choose a railcard to save|Railcards not shown/);
  });

  it("edit railcard by the type's code: the answer is {railcard} (docs/product/entities.md, no id or passenger); the name is the saved passenger's", async () => {
    const held = {
      ...specRailcard,
      railcardDetails: { code: 'DIS', discount: '1/3 off', cardNumber: 'DIS7654321', isDigital: false },
      cardHolders: ['Ruby Morgan'],
      expiryDate: '2099-03-31',
      attributes: {},
    };
    const ruby = {
      id: 'p1',
      firstName: 'Ruby',
      lastName: 'Morgan',
      nickName: null,
      emailAddress: null,
      day: '01',
      month: '02',
      year: '2018',
      isAccountHolder: false,
    };
    await renderScreen(() => <RailcardFormPage mode="edit" passengerId="p1" railcardId="DIS" />, {
      '/passenger/p1/railcard/DIS': { railcard: held },
      '/railcard/DIS': specRailcard,
      '/passengers/saved-passenger/p1': ruby,
    });
    expect(await screen.findByText('For Ruby Morgan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit railcard: Disabled Persons Railcard');
    expect(screen.getByDisplayValue('DIS7654321')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/undefined|null/);
    expect(screen.queryAllByRole('alert').filter((a) => a.textContent?.trim())).toEqual([]);
  });

  it('select railcard: an empty bare list without the passenger says "this passenger"', async () => {
    await renderScreen(() => <SelectRailcardPage passengerId="p1" />, { '/passenger/p1/railcardslist': [] });
    expect(await screen.findByText('There are no more railcards this passenger can add.')).toBeInTheDocument();
  });

  it('bookings list: a docs/product/entities.md entry (legs with a date only, no amount, counts or fares) is the card "Journey on Mon, 1 Jun 2026"', async () => {
    const page = {
      pastBookings: 0,
      upcomingBookings: 1,
      seasonBookings: 0,
      hasGuestBookings: false,
      results: [specMinimalListEntry],
      total: 1,
    };
    await renderScreen(
      () => (
        <BookingsStoreProvider>
          <BookingsScreen filter="upcoming" />
        </BookingsStoreProvider>
      ),
      { '/bookings/upcoming': page },
    );
    const card = await screen.findByRole('article', { name: 'Journey on Mon, 1 Jun 2026' });
    expect(within(card).getByRole('link', { name: 'Journey on Mon, 1 Jun 2026' })).toHaveAttribute(
      'href',
      '/bookings/b1',
    );
    expect(card.textContent).toContain('TL-7Q4K2M');
    expect(card.textContent).not.toMatch(/undefined|null|Invalid Date|NaN|passenger|£/);
  });

  it('order-token bookings: a docs/product/entities.md entry is listed as "Journey on Mon, 1 Jun 2026"', async () => {
    await renderScreen(TokenBookingsPage, {
      '/booking/token': { bookings: [specMinimalListEntry], customerRegistered: true },
    });
    expect(await screen.findByRole('link', { name: 'Journey on Mon, 1 Jun 2026' })).toHaveAttribute(
      'href',
      '/order-token/b1',
    );
    expect(document.body.textContent).not.toMatch(/undefined|null|Invalid Date/);
  });

  it('booking detail: legs with a date only (no stations), an order with id and reference only', async () => {
    await renderScreen(() => <BookingDetailScreen bookingId="b1" mode="account" />, {
      '/booking/b1': { bookings: [specMinimalBooking], order: specMinimalOrder },
      '/change-of-journey/changeability/o1/b1': { changeable: true },
    });
    expect((await screen.findAllByText(/TL-7Q4K2M/)).length).toBeGreaterThan(0);
    // No stations: the journey is named by its date, in UK time.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Journey on Mon, 1 Jun 2026');
    expect(document.body.textContent).not.toMatch(/null|Departs from|Calling points/);
    expect(document.body.textContent).not.toMatch(/undefined|Invalid Date|NaN|Ordered on/);
    // No passengers, tickets, delivery or amount in the answer: those parts are left out, not empty.
    expect(document.body.textContent).not.toMatch(
      /Passengers|Tickets and price|Total paid|Collect|Resend booking email/,
    );
    expect(screen.getByRole('link', { name: 'View booking history' })).toBeInTheDocument();
  });

  it("booking detail: a season the spec names only by isSeasonBooking says its start date can be changed, not the journey's", async () => {
    const start = new Date(Date.now() + 21 * 24 * 60 * 60 * 1000).toISOString();
    await renderScreen(() => <BookingDetailScreen bookingId="b1" mode="account" />, {
      '/booking/b1': {
        bookings: [{ ...specMinimalBooking, isSeasonBooking: true, outward: { date: start } }],
        order: specMinimalOrder,
      },
      '/seasons-change-of-journey/changeability/o1/b1': { changeable: true },
    });
    await screen.findByText("You can change this season ticket's start date before it starts, for a fee.");
    expect(screen.queryByText(/You can change this journey/)).toBeNull();
  });

  it("Delay Repay claim: without the claim's journeys the customer chooses the outward or the return journey, each named once", async () => {
    // docs/product/entities.md's claim: no journeys, delayed journey, operator or deadline.
    await renderScreen(() => <DelayRepayScreen claimId="c1" token={null} />, { '/claim/c1': specClaim('eligible') });
    const question = await screen.findByRole('group', { name: 'Which journey was delayed?' });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Outward journey', 'Return journey']);
    expect(
      within(question)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('Delay Repay claim: a return journey chosen on a single is refused on the direction, with the spec’s sentence above and everything typed kept', async () => {
    const sent: unknown[] = [];
    // The local server's 400 for a journey the booking does not have (server/api/delay-repay.ts).
    const claimCall = (init: RequestInit | undefined) => {
      if (init?.method !== 'POST') return json(specClaim('eligible'));
      sent.push(JSON.parse(String(init.body)));
      return new Response(
        JSON.stringify({
          errors: [{ code: 'NO_RETURN_JOURNEY', field: 'submitClaimDetails.journey.direction' }],
          detail: '<b>This booking has no return journey.</b>',
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    };
    await renderScreen(() => <DelayRepayScreen claimId="c1" token={null} />, { '/claim/c1': claimCall });
    const question = await screen.findByRole('group', { name: 'Which journey was delayed?' });
    await act(async () => within(question).getByRole('radio', { name: 'Return journey' }).click());
    const delay = screen.getByRole('textbox', { name: 'How many minutes late did you arrive?' });
    await act(async () => fireEvent.change(delay, { target: { value: '34' } }));
    await act(async () => screen.getByRole('radio', { name: 'Back to the card you paid with' }).click());
    await act(async () => screen.getByRole('button', { name: 'Send claim' }).click());

    expect(sent).toHaveLength(1);
    const alert = await screen.findByRole('alert');
    // docs/product/errors.md's sentence for a 400, verbatim; the reason is on the field it is about.
    await vi.waitFor(() =>
      expect(alert.textContent).toBe('There was a problem with your claim. Please check your details and try again.'),
    );
    const reason = 'This booking has no return journey. Please choose the outward journey.';
    expect(within(question).getByText(reason)).toBeTruthy();
    expect(question.getAttribute('aria-describedby')).toBe(within(question).getByText(reason).id);
    expect(screen.getByRole('link', { name: `Which journey was delayed?: ${reason}` })).toBeTruthy();
    // Plain text only: the server's own sentence is never rendered as markup.
    expect(document.querySelector('b')).toBeNull();
    // Everything typed is kept.
    expect((within(question).getByRole('radio', { name: 'Return journey' }) as HTMLInputElement).checked).toBe(true);
    expect((delay as HTMLInputElement).value).toBe('34');

    // Choosing the outward journey answers the reason: it goes from the field and is not moved above;
    // the spec's sentence stays there until the next send.
    await act(async () => within(question).getByRole('radio', { name: 'Outward journey' }).click());
    expect(within(question).queryByText(reason)).toBeNull();
    expect(screen.queryByText(reason)).toBeNull();
    expect(question.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'There was a problem with your claim. Please check your details and try again.',
    );
  });

  it('partial refund: fare passengers with only isRefundable and refundableId are "Passenger 1" and "Passenger 2", not two "Passenger" boxes', async () => {
    const data = v.parse(PartialRefundsResponse, {
      booking: {
        outward: {
          fares: [
            {
              farePassengers: [
                { isRefundable: true, refundableId: 'r1' },
                { isRefundable: true, refundableId: 'r2' },
              ],
            },
          ],
        },
        sameFare: false,
        recipient: { email: 'demo@example.com' },
        creditCardForm: null,
        orderId: 'o1',
        selectedRefundables: [],
        passengerAssistances: [],
      },
      orderId: 'o1',
      refundables: ['r1', 'r2'],
    });
    await renderScreen(
      () => (
        <PartialRefundPanel
          bookingId="b1"
          data={data}
          refundReason="CHANGED_PLANS"
          names={new Map()}
          onSelect={() => {}}
        />
      ),
      {},
    );
    expect(await screen.findAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Passenger 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Passenger 2' })).toBeChecked();
  });

  it.each([
    ['processing', 'The train company is checking your claim against its records.'],
    ['rejected', 'If you think this is wrong, contact the train company: you can ask them to look at it again.'],
  ])(
    'Delay Repay claim %s without its operator: "the train company" mid-sentence, with a capital only where it opens one',
    async (status, sentence) => {
      await renderScreen(() => <DelayRepayScreen claimId="c1" token={null} />, { '/claim/c1': specClaim(status) });
      expect(await screen.findByText(sentence, { exact: false })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/\S The train company/);
    },
  );

  describe('booking detail without the refund summary: "Cancel and refund" while a refund may apply, the quote deciding', () => {
    const day = 24 * 60 * 60 * 1000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    /** The booking, once its changeability answer is read (its sentence, `said`, shows). */
    const detailWith = async (
      booking: object,
      changeability: object = { changeable: false, reason: 'DEPARTED' },
      said: RegExp = /already started/,
    ) => {
      await renderScreen(() => <BookingDetailScreen bookingId="b1" mode="account" />, {
        '/booking/b1': { bookings: [{ ...specMinimalBooking, ...booking }], order: specMinimalOrder },
        '/change-of-journey/changeability/o1/b1': changeability,
        '/seasons-change-of-journey/changeability/o1/b1': changeability,
      });
      await screen.findByText(said);
    };
    const refundButton = () => screen.queryByRole('button', { name: 'Cancel and refund' });

    it('a season ticket that has started (its end date is not a spec field) is offered', async () => {
      await detailWith(
        { isSeasonBooking: true, outward: { date: at(-60 * day) } },
        { changeable: false, reason: 'SEASON_STARTED' },
        /this season has started/,
      );
      expect(refundButton()).toBeInTheDocument();
    });

    it('a journey that left 3 hours ago is offered (a delay or cancellation refunds after travel); one 45 days ago is not', async () => {
      await detailWith({ outward: { date: at(-3 * 60 * 60 * 1000) } });
      expect(refundButton()).toBeInTheDocument();
      cleanup();
      await detailWith({ outward: { date: at(-45 * day) } });
      expect(refundButton()).toBeNull();
    });

    it('not when the changeability answer says the tickets are refunded or the journey exchanged', async () => {
      await detailWith(
        { outward: { date: at(10 * day) } },
        { changeable: false, reason: 'REFUNDED' },
        /has been refunded/,
      );
      expect(refundButton()).toBeNull();
      cleanup();
      await detailWith(
        { outward: { date: at(10 * day) } },
        { changeable: false, reason: 'CHANGE_IN_PROGRESS' },
        /already being changed/,
      );
      expect(refundButton()).toBeNull();
      cleanup();
      await detailWith({ outward: { date: at(10 * day) } }, { changeable: true }, /You can change this journey/);
      expect(refundButton()).toBeInTheDocument();
    });
  });

  it('bookings list: a docs/product/entities.md entry (legs with a date only) is a card named by its date, linking to the booking', async () => {
    const entry = v.parse(BookingListEntry, { booking: specMinimalBooking, order: specMinimalOrder });
    await renderScreen(
      () => <BookingCard entry={entry} locale="en-GB" now={new Date('2026-05-20T10:00:00Z')} linkToDetail />,
      {},
    );
    const link = await screen.findByRole('link', { name: 'Journey on Mon, 1 Jun 2026' });
    expect(link.getAttribute('href')).toBe('/bookings/b1');
    expect(document.body.textContent).toContain('TL-7Q4K2M');
    expect(document.body.textContent).not.toMatch(/undefined|null|Invalid Date|NaN/);
  });

  it('contact preferences: a GET answer without revoked offers "unsubscribe from all"', async () => {
    const consent = {
      id: 'offers',
      title: 'Offers and news',
      description: 'Deals on tickets',
      preBody: 'We would like to send you',
      selected: true,
      hasEverBeenUpdated: true,
      missingCategoryDescriptor: { title: 'Offers?', description: 'By email', optInCopy: 'Yes', optOutCopy: 'No' },
    };
    await renderScreen(() => <ContactPreferencesPanel />, { '/customer/consents': { consents: [consent] } });
    expect(await screen.findByRole('switch', { name: 'Offers and news' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /unsubscribe from all marketing/i })).toBeTruthy();
  });
});
