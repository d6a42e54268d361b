import { assign, fromPromise, setup } from 'xstate';
import type { PassengerAssistance } from '#src/schemas/refund-assistances';
import type { Direction, PartialRefundBooking, RefundQuote, RefundReason } from '#src/schemas/refunds';
import { doneOutput } from './lib/done-output';
import { isRequestableQuote, problemMessageOfEvent } from './lib/refund-rules';
import { m } from '#src/paraglide/messages.js';

/**
 * Partial refund selection (spec sections 4 and 5): choose passengers per direction; the first
 * choice sets hasFirstFareBeenSelected; the quote copies the selection (GET refund-quote
 * ...?refundables=[...]) and a requestable quote opens the refund page for it. The booking's
 * passenger assistances are listed (another area's call: a failure only hides the list).
 */
export interface PartialRefundInput {
  orderId: string;
  bookingId: string;
  booking: PartialRefundBooking;
  refundReason: RefundReason;
}

export type Selection = Record<Direction, string[]>;

export interface PartialRefundContext extends PartialRefundInput {
  selection: Selection;
  hasFirstFareBeenSelected: boolean;
  assistances: PassengerAssistance[];
  assistancesFailed: boolean;
  quote: RefundQuote | null;
  quoteError: string | true | null;
}

export type PartialRefundEvent =
  | { type: 'selection.toggle'; direction: Direction; refundableId: string }
  | { type: 'selection.confirm' }
  | { type: 'quote.dismiss' };

export const partialRefundMessages = {
  assistanceWarning:
    m.partial_refund_assistance_warning(),
  assistancesFailed: m.partial_refund_assistances_failed(),
  nothingSelected: m.partial_refund_nothing_selected(),
  quoteFailed: m.partial_refund_quote_failed(),
  notRefundable: m.partial_refund_not_refundable(),
} as const;

/**
 * Refundable passengers of one direction (unique): by passengerId, or by refundableId when the
 * answer has only the spec's isRefundable and refundableId.
 */
const refundablePassengers = (journey: PartialRefundBooking['outward'] | null): Set<string> =>
  new Set(
    (journey?.fares ?? []).flatMap((f) =>
      f.farePassengers.flatMap((p) => (p.isRefundable ? [p.passengerId ?? p.refundableId ?? ''] : [])).filter((id) => id !== ''),
    ),
  );

/**
 * Spec section 5: available when more than one refundable passenger exists in a direction, or one
 * exists in each direction and the fares are not the same fare.
 */
export const isPartialRefundAvailable = (booking: PartialRefundBooking): boolean => {
  const out = refundablePassengers(booking.outward).size;
  const back = refundablePassengers(booking.inward).size;
  return out > 1 || back > 1 || (out >= 1 && back >= 1 && !booking.sameFare);
};

/** The chosen refundableIds, each once (a return ticket's id appears in both directions). */
export const selectedRefundables = (selection: Selection): string[] => [...new Set([...selection.outward, ...selection.inward])];

const toggle = (list: string[], id: string, on: boolean) => (on ? (list.includes(id) ? list : [...list, id]) : list.filter((x) => x !== id));

/** The quote's selection when it was a partial one; a whole-booking quote starts the choice empty. */
const initialSelection = (booking: PartialRefundBooking): Selection => {
  const all = new Set(
    [booking.outward, booking.inward].flatMap((j) => (j?.fares ?? []).flatMap((f) => f.farePassengers.flatMap((p) => (p.isRefundable && p.refundableId ? [p.refundableId] : [])))),
  );
  const chosen = new Set(booking.selectedRefundables);
  if ([...all].every((x) => chosen.has(x))) chosen.clear();
  const pick = (journey: PartialRefundBooking['outward'] | null) =>
    (journey?.fares ?? []).flatMap((f) => f.farePassengers.flatMap((p) => (p.refundableId && chosen.has(p.refundableId) ? [p.refundableId] : [])));
  return { outward: pick(booking.outward), inward: pick(booking.inward) };
};

/** The quote fetchQuote finished with (guards and actions on its done event only). */
const quoteOf = (event: { type: string }) => doneOutput<RefundQuote>(event, 'fetchQuote');

export const partialRefundMachine = setup({
  types: {
    context: {} as PartialRefundContext,
    events: {} as PartialRefundEvent,
    input: {} as PartialRefundInput,
    output: {} as { quoteId: string; refundables: string[] },
  },
  actors: {
    fetchAssistances: fromPromise<{ passengerAssistances: PassengerAssistance[] }, { orderId: string; bookingId: string }>(
      async () => {
        throw new Error('fetchAssistances not provided');
      },
    ),
    fetchQuote: fromPromise<
      RefundQuote,
      { orderId: string; bookingId: string; refundables: string[]; refundReason: RefundReason }
    >(async () => {
      throw new Error('fetchQuote not provided');
    }),
  },
  guards: {
    isAvailable: ({ context }) => isPartialRefundAvailable(context.booking),
    hasSelection: ({ context }) => selectedRefundables(context.selection).length > 0,
    isRequestable: ({ event }) => isRequestableQuote(quoteOf(event)),
  },
  actions: {
    storeAssistances: assign({
      assistances: ({ event }) =>
        doneOutput<{ passengerAssistances: PassengerAssistance[] }>(event, 'fetchAssistances').passengerAssistances,
      assistancesFailed: false,
    }),
    flagAssistancesFailed: assign({ assistancesFailed: true }),
    toggleSelection: assign(({ context, event }) => {
      if (event.type !== 'selection.toggle') return {};
      const on = !context.selection[event.direction].includes(event.refundableId);
      // A return fare is one ticket for both directions: it is refunded (or kept) as a whole.
      const both = context.booking.sameFare;
      return {
        selection: {
          outward: both || event.direction === 'outward' ? toggle(context.selection.outward, event.refundableId, on) : context.selection.outward,
          inward: both || event.direction === 'inward' ? toggle(context.selection.inward, event.refundableId, on) : context.selection.inward,
        },
        hasFirstFareBeenSelected: true,
        quoteError: null,
      };
    }),
    storeQuote: assign({ quote: ({ event }) => quoteOf(event), quoteError: null }),
    storeQuoteStatusError: assign({ quoteError: ({ event }) => quoteOf(event).message ?? true }),
    storeQuoteError: assign({ quoteError: ({ event }) => problemMessageOfEvent(event) }),
    clearQuoteError: assign({ quoteError: null }),
    /** Provided by the route: the refund page for the new quote (a reload when already there). */
    goToRefundPage: () => {},
  },
}).createMachine({
  id: 'partialRefund',
  context: ({ input }) => ({
    ...input,
    selection: initialSelection(input.booking),
    hasFirstFareBeenSelected: false,
    assistances: [],
    assistancesFailed: false,
    quote: null,
    quoteError: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Spec section 5 decides whether passengers can be refunded one by one.',
      always: [{ guard: 'isAvailable', target: 'loadingAssistances' }, { target: 'unavailable' }],
    },
    unavailable: {
      description: 'Only the whole booking can be refunded: one refundable passenger, or one return fare.',
    },
    loadingAssistances: {
      description: 'GET customer/passenger-assistance/orders/{orderId}/products/{bookingId}.',
      invoke: {
        id: 'fetchAssistances',
        src: 'fetchAssistances',
        input: ({ context }) => ({ orderId: context.orderId, bookingId: context.bookingId }),
        onDone: { target: 'choosing', actions: 'storeAssistances' },
        onError: { target: 'choosing', actions: 'flagAssistancesFailed' },
      },
    },
    choosing: {
      description:
        'Passengers per direction with checkboxes, the recipient email, assistances and the warning; hasFirstFareBeenSelected after the first choice.',
      on: {
        'selection.toggle': { actions: 'toggleSelection' },
        'selection.confirm': { guard: 'hasSelection', target: 'quoting' },
        'quote.dismiss': { actions: 'clearQuoteError' },
      },
    },
    quoting: {
      description: 'Quote pending for the selection: GET refund-quote/{orderId}/{bookingId}?refundables=[...].',
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({
          orderId: context.orderId,
          bookingId: context.bookingId,
          refundables: selectedRefundables(context.selection),
          refundReason: context.refundReason,
        }),
        onDone: [
          { guard: 'isRequestable', target: 'quoted', actions: 'storeQuote' },
          { target: 'choosing', actions: ['storeQuote', 'storeQuoteStatusError'] },
        ],
        onError: { target: 'choosing', actions: 'storeQuoteError' },
      },
    },
    quoted: {
      description: 'A requestable quote for the selection: the route opens the refund page with its quoteId.',
      type: 'final',
      entry: 'goToRefundPage',
    },
  },
  output: ({ context }) => ({ quoteId: context.quote?.quoteId ?? '', refundables: selectedRefundables(context.selection) }),
});
