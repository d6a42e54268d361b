import { assign, fromPromise, setup } from 'xstate';
import type { PassengerAssistance } from '#src/schemas/refund-assistances';
import type { Direction, PartialRefundBooking, RefundReason } from '#src/schemas/refunds';
import { doneOutput } from './lib/done-output';

/**
 * Partial refund selection (docs/product/states.md and docs/product/validation.md): the selection is the refund.
 * Passengers are ticked per direction, every refundable one to begin with (the whole booking) or the
 * opening quote's selection; each tick tells the refund page at once (`selectionChanged`), which
 * quotes exactly what is ticked ("the quote copies the selection") so the totals and the confirm
 * step follow it. The first tick sets hasFirstFareBeenSelected. The booking's passenger assistances
 * are listed (another area's call: a failure only hides the list).
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
}

export type PartialRefundEvent = { type: 'selection.toggle'; direction: Direction; refundableId: string };

/**
 * Refundable passengers of one direction (unique): by passengerId, or by refundableId when the
 * answer has only the spec's isRefundable and refundableId.
 */
const refundablePassengers = (journey: PartialRefundBooking['outward'] | null): Set<string> =>
  new Set(
    (journey?.fares ?? []).flatMap((f) =>
      f.farePassengers
        .flatMap((p) => (p.isRefundable ? [p.passengerId ?? p.refundableId ?? ''] : []))
        .filter((id) => id !== ''),
    ),
  );

/**
 * docs/product/validation.md: available when more than one refundable passenger exists in a direction, or one
 * exists in each direction and the fares are not the same fare.
 */
export const isPartialRefundAvailable = (booking: PartialRefundBooking): boolean => {
  const out = refundablePassengers(booking.outward).size;
  const back = refundablePassengers(booking.inward).size;
  return out > 1 || back > 1 || (out >= 1 && back >= 1 && !booking.sameFare);
};

/** The chosen refundableIds, each once (a return ticket's id appears in both directions). */
export const selectedRefundables = (selection: Selection): string[] => [
  ...new Set([...selection.outward, ...selection.inward]),
];

const toggle = (list: string[], id: string, on: boolean) =>
  on ? (list.includes(id) ? list : [...list, id]) : list.filter((x) => x !== id);

/**
 * The choice the panel opens with: the opening quote's selection when it was a partial one, else
 * every refundable ticket (the whole booking, which is what the page quotes without a selection).
 */
export const initialSelection = (booking: PartialRefundBooking): Selection => {
  const refundable = (journey: PartialRefundBooking['outward'] | null) =>
    (journey?.fares ?? []).flatMap((f) =>
      f.farePassengers.flatMap((p) => (p.isRefundable && p.refundableId ? [p.refundableId] : [])),
    );
  const chosen = new Set(booking.selectedRefundables);
  const all = [...refundable(booking.outward), ...refundable(booking.inward)];
  const keep = chosen.size > 0 && !all.every((x) => chosen.has(x)) ? (id: string) => chosen.has(id) : () => true;
  return { outward: refundable(booking.outward).filter(keep), inward: refundable(booking.inward).filter(keep) };
};

export const partialRefundMachine = setup({
  types: {
    context: {} as PartialRefundContext,
    events: {} as PartialRefundEvent,
    input: {} as PartialRefundInput,
  },
  actors: {
    fetchAssistances: fromPromise<
      { passengerAssistances: PassengerAssistance[] },
      { orderId: string; bookingId: string }
    >(async () => {
      throw new Error('fetchAssistances not provided');
    }),
  },
  guards: {
    isAvailable: ({ context }) => isPartialRefundAvailable(context.booking),
  },
  actions: {
    storeAssistances: assign({
      // Only help still booked is cancelled with the tickets; help already cancelled is not listed.
      assistances: ({ event }) =>
        doneOutput<{ passengerAssistances: PassengerAssistance[] }>(
          event,
          'fetchAssistances',
        ).passengerAssistances.filter((a) => a.status !== 'cancelled'),
      assistancesFailed: false,
    }),
    flagAssistancesFailed: assign({ assistancesFailed: true }),
    toggleSelection: assign(({ context, event }) => {
      const on = !context.selection[event.direction].includes(event.refundableId);
      // A return fare is one ticket for both directions: it is refunded (or kept) as a whole.
      const both = context.booking.sameFare;
      return {
        selection: {
          outward:
            both || event.direction === 'outward'
              ? toggle(context.selection.outward, event.refundableId, on)
              : context.selection.outward,
          inward:
            both || event.direction === 'inward'
              ? toggle(context.selection.inward, event.refundableId, on)
              : context.selection.inward,
        },
        hasFirstFareBeenSelected: true,
      };
    }),
    /** Provided by the route: the refund page quotes the new selection (selectedRefundables of context.selection). */
    selectionChanged: () => {},
  },
}).createMachine({
  id: 'partialRefund',
  context: ({ input }) => ({
    ...input,
    selection: initialSelection(input.booking),
    hasFirstFareBeenSelected: false,
    assistances: [],
    assistancesFailed: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'docs/product/validation.md decides whether passengers can be refunded one by one.',
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
        'Passengers per direction with checkboxes (what is ticked is refunded), the recipient email, assistances and the warning; each tick re-quotes on the refund page at once.',
      on: {
        'selection.toggle': { actions: ['toggleSelection', 'selectionChanged'] },
      },
    },
  },
});
