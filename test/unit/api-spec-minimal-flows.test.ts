import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { createApiClient } from '#src/api/client';
import { addressesApi } from '#src/api/addresses';
import { authApi } from '#src/api/auth';
import { bookingActionsApi } from '#src/api/booking-actions';
import { bookingApi } from '#src/api/booking';
import { cardsApi } from '#src/api/cards';
import { delayRepayApi } from '#src/api/delay-repay';
import { consentsApi } from '#src/api/consents';
import { customerProfileApi } from '#src/api/customer-profile';
import { insuranceApi } from '#src/api/insurance';
import { passengersApi } from '#src/api/passengers';
import { railcardsApi } from '#src/api/railcards';
import { refundsApi } from '#src/api/refunds';
import { addressBookMachine } from '#machines/address-book';
import { bookingDetailMachine } from '#machines/booking-detail';
import { bookingHistoryMachine } from '#machines/booking-history';
import { checkInMachine } from '#machines/check-in';
import { digitalRailcardMachine } from '#machines/digital-railcard';
import { railcardSelectMachine } from '#machines/railcard-select';
import { contactPreferencesMachine } from '#machines/contact-preferences';
import { delayRepayMachine, type SubmitClaimRequest } from '#machines/delay-repay';
import { insuranceClaimMachine, type InsuranceClaimRequest } from '#machines/insurance-claim';
import { onDemandTicketMachine } from '#machines/on-demand-ticket';
import { partialRefundMachine } from '#machines/partial-refund';
import { passengersListMachine } from '#machines/passengers-list';
import { personalDetailsMachine } from '#machines/personal-details';
import { refundRequestMachine, type RefundSubmitRequest } from '#machines/refund-request';
import { lostAnswerAttempt } from '#routes/-components/lost-answer';
import type { AppServices } from '#src/services';

/** The attempt chart with one call as its submit (what a flow's binding hands its parent chart). */
const lostAnswerSubmit = <Request>(call: (request: Request) => Promise<unknown>) =>
  lostAnswerAttempt<Request>(() => call).bind({} as AppServices);
import { resendEmailMachine } from '#machines/resend-email';
import { savedCardsMachine } from '#machines/saved-cards';
import { treesFor, treesPlantedMachine } from '#machines/trees-planted';
import {
  specMinimalBooking,
  specMinimalLeg,
  specMinimalOrder,
  specRailcard,
  withoutNulls,
} from '#test/helpers/spec-minimal.ts';

/**
 * Decisions 160 and 230: the retailer's API answers with what docs/product/entities.md and docs/product/api.md list
 * and nothing more. Each module here gets that minimal answer through its real API function and
 * schema, and drives its flow's machine to the success state. `EMPTY` is a 2xx with no body: the
 * answer of a call whose response docs/product/api.md does not describe.
 */
const EMPTY = Symbol('empty body');
type Answer = unknown;

/**
 * How the retailer's API sends a field that does not apply (decision 341): left out (`absent`, as the
 * local server's API_SHAPE=spec) or as `null` (`nulls`, API_SHAPE=spec-nulls). Every case runs both.
 */
type NullStyle = 'absent' | 'nulls';
let nullStyle: NullStyle = 'nulls';
const styled = (body: unknown): unknown => (nullStyle === 'nulls' ? body : withoutNulls(body));

/** A fake retailer API: `METHOD /path` (under /my-account/api) to an answer, or a list answered in turn. */
const retailer = (answers: Record<string, Answer | Answer[]>) => {
  const calls: string[] = [];
  const served = new Map<string, number>();
  const client = createApiClient({
    baseURL: 'http://localhost/my-account/api',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace('/my-account/api', '')}`;
      calls.push(key);
      if (!(key in answers)) return new Response(JSON.stringify({ errors: [{ code: 'NOT_FOUND' }] }), { status: 404 });
      const entry = answers[key];
      const n = served.get(key) ?? 0;
      served.set(key, n + 1);
      const body =
        Array.isArray(entry) && key.startsWith('GET') && entry.length > 0 && n < entry.length ? entry[n] : entry;
      if (body === EMPTY) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(styled(body)), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch,
  });
  return { client, calls };
};

const settled = (actor: AnyActorRef, state: Parameters<ReturnType<AnyActorRef['getSnapshot']>['matches']>[0]) =>
  waitFor(actor, (s: { matches: (v: typeof state) => boolean }) => s.matches(state));

// ---- docs/product/entities.md and docs/product/api.md minimal answers ----------------------------------------------------------------

/** Address: id, countryCode, isoCountryCode, isoStateCode, countryName, isLastUsedDelivery, line1..line5, nickName, postCode, type. */
const address = {
  id: 'a1',
  countryCode: 'GBR',
  isoCountryCode: 'GB',
  isoStateCode: null,
  countryName: 'United Kingdom',
  isLastUsedDelivery: true,
  line1: '1 Station Road',
  line2: null,
  line3: null,
  line4: 'York',
  line5: null,
  nickName: null,
  postCode: 'YO24 1AB',
  type: 'delivery',
};

/** Saved passenger: id, firstName, lastName, nickName, emailAddress, day, month, year, isAccountHolder. */
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

/** Delay repay claim: claimId, orderId, claimType, serviceFee.amount, compensationToCustomer.amount, customerRegistered, status. */
const claim = {
  claimId: 'c1',
  orderId: 'o1',
  claimType: 'Submission',
  serviceFee: { amount: 0 },
  compensationToCustomer: { amount: 12.5 },
  customerRegistered: false,
  status: 'eligible',
};

const money = (amount: number) => ({ amount, currencyCode: 'GBP' });

/** Partial refund booking: outward/inward fares and farePassengers, sameFare, journeyFare, recipient.email, creditCardForm, orderId, selectedRefundables, passengerAssistances. */
const partialRefundBooking = {
  outward: {
    fares: [
      {
        farePassengers: [
          // docs/product/entities.md lists isRefundable and refundableId only: no passengerId.
          { isRefundable: true, refundableId: 'r1' },
          { isRefundable: true, refundableId: 'r2' },
        ],
      },
    ],
  },
  inward: null,
  sameFare: false,
  journeyFare: null,
  recipient: { email: 'demo@example.com' },
  creditCardForm: null,
  orderId: 'o1',
  selectedRefundables: [],
  passengerAssistances: [],
};

/** Refund quote: quoteId, status, reason, unprocessableReasons, partialRefundables, isPartiallyRefundable, refundReason, cancellationDetails, creditCardForm. */
const quote = {
  quoteId: 'q1',
  status: 'REFUNDABLE',
  reason: 'discretionary',
  unprocessableReasons: [],
  partialRefundables: ['r1', 'r2'],
  isPartiallyRefundable: true,
  refundReason: 'CHANGED_PLANS',
  cancellationDetails: { paid: money(40), adminFee: money(10), total: money(30) },
  creditCardForm: null,
};

const [leg, booking, order] = [specMinimalLeg, specMinimalBooking, specMinimalOrder];

describe.each(['absent', 'nulls'] as const)(
  "the spec's minimal answers take each flow to its success state (fields that do not apply %s)",
  (style) => {
    beforeEach(() => {
      nullStyle = style;
    });
    it('trees planted: order-count {lifeTimeBookingCount}', async () => {
      const { client } = retailer({ 'GET /customer/order-count': { lifeTimeBookingCount: 3 } });
      const profile = customerProfileApi(client);
      const actor = createActor(
        treesPlantedMachine.provide({ actors: { fetchOrderCount: fromPromise(() => profile.getOrderCount()) } }),
        { input: {} },
      ).start();
      await settled(actor, 'loaded');
      expect(treesFor(actor.getSnapshot().context)).toBe(3);
    });

    it('personal details: {firstName, lastName, email}, no shouldUpdatePassenger', async () => {
      const { client } = retailer({
        'GET /customer/personal-details': { firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com' },
      });
      const profile = customerProfileApi(client);
      const actor = createActor(
        personalDetailsMachine.provide({
          actors: {
            fetchPersonalDetails: fromPromise(() => profile.getPersonalDetails()),
            savePersonalDetails: fromPromise(({ input }) => profile.savePersonalDetails(input)),
          },
        }),
        { input: {} },
      ).start();
      await settled(actor, 'editing');
      expect(actor.getSnapshot().context.values).toMatchObject({ firstName: 'Alex', lastName: 'Morgan' });
    });

    it('contact preferences: docs/product/entities.md consent fields; revoke {revoked}; restore {restored}', async () => {
      const consent = {
        id: 'marketing-email',
        title: 'Offers by email',
        description: 'News and offers.',
        preBody: 'We would like to send you',
        selected: true,
        hasEverBeenUpdated: true,
        missingCategoryDescriptor: {
          title: 'Email',
          description: 'By email',
          optInCopy: 'Yes please',
          optOutCopy: 'No thanks',
        },
      };
      const { client, calls } = retailer({
        'GET /customer/consents': [
          { consents: [consent] },
          { consents: [{ ...consent, selected: false }] },
          { consents: [consent] },
        ],
        'POST /customer/consents/revoke': { revoked: true },
        'POST /customer/consents/restore': { restored: true },
      });
      const consents = consentsApi(client);
      const actor = createActor(
        contactPreferencesMachine.provide({
          actors: {
            fetchConsents: fromPromise(({ signal }) => consents.getConsents({ signal })),
            updateConsents: fromPromise(({ input }) => consents.updateConsents(input.consentSelections)),
            revokeMarketing: fromPromise(() => consents.revoke()),
            restoreMarketing: fromPromise(() => consents.restore()),
          },
        }),
        { input: {} },
      ).start();
      await settled(actor, 'loaded');
      expect(actor.getSnapshot().context.revoked).toBe(false);
      actor.send({ type: 'marketing.revoke' });
      await waitFor(actor, (s) => s.matches('loaded') && calls.includes('POST /customer/consents/revoke'));
      // The GET answer has no `revoked` (a local-server extra): the flow knows from the revoke answer.
      expect(actor.getSnapshot().context.revoked).toBe(true);
      actor.send({ type: 'marketing.restore' });
      await waitFor(actor, (s) => s.matches('loaded') && calls.includes('POST /customer/consents/restore'));
      expect(actor.getSnapshot().context).toMatchObject({ revoked: false, outcome: 'subscribed' });
      expect(actor.getSnapshot().context.consents[0]?.selected).toBe(true);
    });

    it('address book: docs/product/entities.md address; delete-address {success}', async () => {
      const { client, calls } = retailer({
        'GET /customer/all-addresses': [{ addresses: [address] }, { addresses: [] }],
        'POST /customer/delete-address': { success: true },
      });
      const addresses = addressesApi(client);
      const actor = createActor(
        addressBookMachine.provide({
          actors: {
            fetchAddresses: fromPromise(() => addresses.list()),
            deleteAddress: fromPromise(async ({ input }) => {
              await addresses.remove(input.id);
            }),
          },
        }),
        { input: {} },
      ).start();
      await settled(actor, { ready: 'idle' });
      expect(actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual(['a1']);
      actor.send({ type: 'address.delete', id: 'a1' });
      actor.send({ type: 'delete.confirm' });
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && calls.includes('POST /customer/delete-address'));
      expect(actor.getSnapshot().context.addresses).toEqual([]);
    });

    it('forgot password and logout: docs/product/api.md names no answer, so an empty 204 is a success', async () => {
      const { client, calls } = retailer({ 'POST /customer/forgot-password': EMPTY, 'POST /logout': EMPTY });
      await expect(authApi(client).forgotPassword('sam.patel@example.com')).resolves.toBeNull();
      await expect(authApi(client).logout()).resolves.toBeNull();
      expect(calls).toEqual(['POST /customer/forgot-password', 'POST /logout']);
    });

    it('saved cards: delete-card answers no body', async () => {
      const card = {
        id: 'k1',
        brand: 'VISA',
        lastFourDigits: '4242',
        expiryMonth: 8,
        expiryYear: 2029,
        cardholderName: 'A MORGAN',
        isExpired: false,
      };
      const { client } = retailer({ 'GET /customer/cards': { cards: [card] }, 'POST /customer/delete-card': EMPTY });
      const cards = cardsApi(client);
      const actor = createActor(
        savedCardsMachine.provide({
          actors: {
            fetchCards: fromPromise(() => cards.list()),
            deleteCard: fromPromise(async ({ input }) => {
              await cards.remove(input.id);
            }),
          },
        }),
        { input: {} },
      ).start();
      await settled(actor, { ready: 'idle' });
      actor.send({ type: 'card.delete', id: 'k1' });
      actor.send({ type: 'delete.confirm' });
      await waitFor(actor, (s) => s.context.deletedId === 'k1');
      expect(actor.getSnapshot().context.cards).toEqual([]);
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    });

    it('saved passengers: docs/product/entities.md passenger without railcards', async () => {
      const { client } = retailer({ 'GET /customer/passengers-and-railcards': { passengers: [passenger] } });
      const passengers = passengersApi(client);
      const actor = createActor(
        passengersListMachine.provide({ actors: { fetchPassengers: fromPromise(() => passengers.list()) } }),
        { input: {} },
      ).start();
      await waitFor(actor, (s) => !s.matches('loading'));
      expect(actor.getSnapshot().matches('failed')).toBe(false);
      expect(actor.getSnapshot().context.passengers).toEqual([{ ...passenger, railcards: null }]);
    });

    it("digital railcard: docs/product/entities.md's Railcard (code, discount and number in railcardDetails), no id, status or validFrom (local-server extras); an expired card reads expired", async () => {
      const card = {
        name: '16-25 Railcard',
        railcardDetails: { code: 'YNG', discount: '1/3 off', cardNumber: 'YNG12345' },
        cardHolders: ['Alex Morgan'],
        expiryDate: '2020-01-31',
      };
      const { client } = retailer({ 'GET /passengers-and-railcards/digital-railcard/h1': card });
      const railcards = railcardsApi(client);
      const actor = createActor(
        digitalRailcardMachine.provide({
          actors: { fetchDigitalRailcard: fromPromise(({ input }) => railcards.digital(input.railcardId)) },
        }),
        { input: { railcardId: 'h1' } },
      ).start();
      await settled(actor, 'showing');
      expect(actor.getSnapshot().context.card).toMatchObject({
        code: 'YNG',
        discount: '1/3 off',
        cardNumber: 'YNG12345',
        status: 'expired',
      });
    });

    it('railcards to add: docs/product/entities.md railcards without id (known by railcardDetails.code), as {railcards} or a bare list', async () => {
      // A GET answered with a list is served in turn: the second answer is the bare list.
      const { client } = retailer({
        'GET /passenger/p1/railcardslist': [{ railcards: [specRailcard] }, [specRailcard]],
        'GET /railcard/DIS': specRailcard,
      });
      const railcards = railcardsApi(client);
      for (let i = 0; i < 2; i++) {
        const actor = createActor(
          railcardSelectMachine.provide({
            actors: { fetchRailcards: fromPromise(({ input }) => railcards.availableFor(input.passengerId)) },
          }),
          { input: { passengerId: 'p1' } },
        ).start();
        await settled(actor, 'loaded');
        const list = actor.getSnapshot().context.list;
        expect(list?.passenger).toBeNull();
        expect(list?.railcards.map((r) => [r.id, r.name, r.price])).toEqual([
          ['DIS', 'Disabled Persons Railcard', { amount: 20, currencyCode: 'GBP' }],
        ]);
      }
      // The add-railcard form loads the type by that id.
      expect((await railcards.catalogueEntry('DIS')).id).toBe('DIS');
    });

    it('delay repay by email link: claim-token answers {customerRegistered} only', async () => {
      const { client } = retailer({
        'POST /user-flow-access': { session: 's1', flow: 'order', claimId: 'c1' },
        'GET /claim-token': { customerRegistered: false },
        'GET /claim/c1': claim,
      });
      const claims = delayRepayApi(client);
      const actor = createActor(
        delayRepayMachine.provide({
          actors: {
            startClaimFlow: fromPromise(({ input }) => claims.startClaimFlow(input.token)),
            fetchClaimToken: fromPromise(() => claims.getClaimToken()),
            fetchClaim: fromPromise(({ input }) => claims.getClaim(input.claimId)),
            submitClaim: lostAnswerSubmit((request: SubmitClaimRequest) =>
              claims.submitClaim(request.claimId, request.details, request.idempotencyKey),
            ),
          },
        }),
        { input: { claimId: null, token: 'link-token', keySeed: 'seed-minimal' } },
      ).start();
      await settled(actor, { loaded: 'editing' });
      expect(actor.getSnapshot().context).toMatchObject({
        claimId: 'c1',
        customerRegistered: false,
        claim: { claimId: 'c1' },
      });
    });

    it('flexible insurance: docs/product/validation.md eligibility fields; the claim answers no body', async () => {
      const { client } = retailer({
        'POST /flexible-insurance/o1/ip1/eligibility': {
          claimId: 'ic1',
          orderId: 'o1',
          insuranceProductId: 'ip1',
          isClaimable: true,
        },
        'POST /flexible-insurance/o1/ip1/ic1/claim': EMPTY,
      });
      const insurance = insuranceApi(client);
      const actor = createActor(
        insuranceClaimMachine.provide({
          actors: {
            checkEligibility: fromPromise(({ input }) =>
              insurance.checkEligibility(input.orderId, input.insuranceProductId),
            ),
            submitClaim: lostAnswerSubmit((request: InsuranceClaimRequest) =>
              insurance.claim(request.orderId, request.insuranceProductId, request.claimId, request.idempotencyKey),
            ),
          },
        }),
        { input: { orderId: 'o1', insuranceProductId: 'ip1', keySeed: 'seed-minimal' }, clock: new SimulatedClock() },
      ).start();
      actor.send({ type: 'insurance.checkEligibility' });
      await settled(actor, 'eligibilitySuccess');
      actor.send({ type: 'insurance.claim' });
      await settled(actor, 'claimSuccess');
      expect(actor.getSnapshot().context).toMatchObject({ claimId: 'ic1', reference: null });
    });

    it('booking detail: {bookings, order}, the order with docs/product/entities.md fields only', async () => {
      const { client } = retailer({
        'GET /booking/b1': { bookings: [booking], order },
        'GET /change-of-journey/changeability/o1/b1': { changeable: true },
      });
      const bookings = bookingApi(client);
      const actor = createActor(
        bookingDetailMachine.provide({
          actors: {
            fetchBooking: fromPromise(({ input }) => bookings.getBooking(input.bookingId)),
            fetchChangeability: fromPromise(({ input }) =>
              bookings.getChangeability(input.orderId, input.bookingId, input.season),
            ),
          },
        }),
        { input: { bookingId: 'b1' } },
      ).start();
      await waitFor(actor, (s) => s.matches('loaded') && s.context.changeability !== null);
      const detail = actor.getSnapshot().context.detail;
      expect(detail?.order).toEqual({ ...order, email: null });
      expect(detail?.bookings[0]?.outward).toEqual({
        ...leg,
        origin: null,
        destination: null,
        departureTime: null,
        arrivalTime: null,
        operator: null,
        timetableId: null,
        disruption: null,
      });
    });

    it('booking history: {replacedBy, bookings, order}', async () => {
      const { client } = retailer({
        'GET /booking/b1/history': { replacedBy: null, bookings: [{ booking, order }], order },
      });
      const bookings = bookingApi(client);
      const actor = createActor(
        bookingHistoryMachine.provide({
          actors: { fetchHistory: fromPromise(({ input }) => bookings.getHistory(input.bookingId)) },
        }),
        { input: { bookingId: 'b1', waitForSuperseders: false, bookingChanged: false } },
      ).start();
      await settled(actor, 'loaded');
    });

    it('check-in: {url}', async () => {
      const { client } = retailer({ 'POST /booking/checkIn': { url: '/my-account/bookings/b1' } });
      const actions = bookingActionsApi(client);
      const actor = createActor(
        checkInMachine.provide({
          actors: { checkIn: fromPromise(({ input, signal }) => actions.checkIn(input.uri, signal)) },
        }),
        { input: { uri: '/bookings/b1' } },
      ).start();
      await settled(actor, 'done');
      expect(actor.getSnapshot().context.url).toBe('/my-account/bookings/b1');
    });

    it('resend booking email: the call answers no body', async () => {
      const { client, calls } = retailer({ 'POST /booking/resend-email': EMPTY });
      const actions = bookingActionsApi(client);
      const actor = createActor(
        resendEmailMachine.provide({
          actors: {
            resendEmail: fromPromise(async ({ input }) => {
              await actions.resendEmail({
                emailAddresses: input.emailAddresses,
                bookingId: 'b1',
                orderId: 'o1',
                deliveryMethod: 'mobile',
                vendor: 'demo',
              });
            }),
          },
        }),
        { input: { email: 'demo@example.com' } },
      ).start();
      actor.send({ type: 'modal.open' });
      actor.send({ type: 'form.submit' });
      await settled(actor, { open: 'sent' });
      expect(calls).toEqual(['POST /booking/resend-email']);
      expect(actor.getSnapshot().context.sentTo).toEqual(['demo@example.com']);
    });

    it('on-demand ticket: {deliverableId}, then a status without ticket details', async () => {
      const { client } = retailer({
        'POST /booking/b1/generate-on-demand-ticket/d1': { deliverableId: 'dl1' },
        'GET /booking/b1/get-on-demand-ticket-status/dl1': { status: 'ready' },
      });
      const actions = bookingActionsApi(client);
      const clock = new SimulatedClock();
      const actor = createActor(
        onDemandTicketMachine.provide({
          actors: {
            generateTicket: fromPromise(({ input }) =>
              actions.generateOnDemandTicket(input.bookingId, input.deliveryId),
            ),
            getTicketStatus: fromPromise(({ input, signal }) =>
              actions.getOnDemandTicketStatus(input.bookingId, input.deliverableId, signal),
            ),
          },
        }),
        { input: { bookingId: 'b1', deliveryId: 'd1' }, clock },
      ).start();
      actor.send({ type: 'ticket.generate' });
      await settled(actor, 'waiting');
      clock.increment(actor.getSnapshot().context.ticketPollInitialMs);
      await settled(actor, 'ready');
      expect(actor.getSnapshot().output).toEqual({ ticket: null });
    });

    it('refunds: partial-refunds {booking, orderId, refundables}, docs/product/entities.md quote, request {status, creditCardForm}', async () => {
      const { client, calls } = retailer({
        'GET /partial-refunds/b1': { booking: partialRefundBooking, orderId: 'o1', refundables: ['r1', 'r2'] },
        'GET /refund-quote/o1/b1': quote,
        'POST /refund-quote/q1': { status: 'PROCESSING', creditCardForm: null },
      });
      const refunds = refundsApi(client);
      const actor = createActor(
        refundRequestMachine.provide({
          actors: {
            fetchRefundBooking: fromPromise(({ input, signal }) =>
              refunds.getPartialRefunds(input.bookingId, input.quoteId, { signal }),
            ),
            fetchQuote: fromPromise(({ input, signal }) => refunds.getQuote(input, signal)),
            submitRefund: lostAnswerSubmit((request: RefundSubmitRequest) =>
              refunds.requestRefund(request.quoteId, request.body, request.idempotencyKey),
            ),
          },
        }),
        { input: { bookingId: 'b1', quoteId: null, today: '2026-05-01', keySeed: 'seed-minimal' } },
      ).start();
      await settled(actor, 'reviewing');
      actor.send({ type: 'refund.continue' });
      actor.send({ type: 'refund.confirm' });
      await settled(actor, 'refunded');
      expect(calls).toContain('POST /refund-quote/q1');
      expect(actor.getSnapshot().output).toEqual({ outcome: 'refunded', refundId: null });
    });

    it.each([
      ['INVALID_CREDIT_CARD', 'cardForm', { requestError: 'INVALID_CREDIT_CARD', fraud: false }],
      ['POTENTIAL_FRAUD_DETECTED', 'fraudHeld', { requestError: 'POTENTIAL_FRAUD_DETECTED', fraud: true }],
    ] as const)(
      'refunds: a 200 request answer with status %s re-quotes as the 422 with that code does (docs/product/states.md and docs/product/api.md)',
      async (status, state, flags) => {
        const { client, calls } = retailer({
          'GET /partial-refunds/b1': { booking: partialRefundBooking, orderId: 'o1', refundables: ['r1', 'r2'] },
          'GET /refund-quote/o1/b1': quote,
          'POST /refund-quote/q1': {
            status,
            creditCardForm: status === 'INVALID_CREDIT_CARD' ? { required: true } : null,
          },
        });
        const refunds = refundsApi(client);
        const actor = createActor(
          refundRequestMachine.provide({
            actors: {
              fetchRefundBooking: fromPromise(({ input, signal }) =>
                refunds.getPartialRefunds(input.bookingId, input.quoteId, { signal }),
              ),
              fetchQuote: fromPromise(({ input, signal }) => refunds.getQuote(input, signal)),
              submitRefund: lostAnswerSubmit((request: RefundSubmitRequest) =>
                refunds.requestRefund(request.quoteId, request.body, request.idempotencyKey),
              ),
            },
          }),
          { input: { bookingId: 'b1', quoteId: null, today: '2026-05-01', keySeed: 'seed-minimal' } },
        ).start();
        await settled(actor, 'reviewing');
        actor.send({ type: 'refund.continue' });
        actor.send({ type: 'refund.confirm' });
        await settled(actor, state);
        // Not a schema error and not "didn't go through": the quote was asked for again.
        expect(calls.filter((c) => c === 'GET /refund-quote/o1/b1')).toHaveLength(2);
        expect(actor.getSnapshot().context).toMatchObject(flags);
      },
    );

    it('partial refund: passenger-assistance {passengerAssistances}', async () => {
      const { client } = retailer({
        'GET /customer/passenger-assistance/orders/o1/products/b1': { passengerAssistances: [{}] },
      });
      const refunds = refundsApi(client);
      const actor = createActor(
        partialRefundMachine.provide({
          actors: {
            fetchAssistances: fromPromise(({ input, signal }) =>
              refunds.getPassengerAssistances(input.orderId, input.bookingId, signal),
            ),
          },
        }),
        {
          input: {
            orderId: 'o1',
            bookingId: 'b1',
            booking: partialRefundBooking as never,
            refundReason: 'CHANGED_PLANS',
          },
        },
      ).start();
      await settled(actor, 'choosing');
      expect(actor.getSnapshot().context).toMatchObject({ assistancesFailed: false, assistances: [{}] });
    });
  },
);
