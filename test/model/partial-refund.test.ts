import { expect } from 'vitest';
import {
  initialSelection,
  isPartialRefundAvailable,
  partialRefundMachine,
  selectedRefundables,
  type Selection,
} from '#machines/partial-refund';
import { createActor } from 'xstate';
import { describeMachineModel, nextFrom, outputOf } from './harness';
import { httpError, sameFareReturn, singlePassengerReturn, twoPassengerReturn } from './fixtures/refund-fixtures';
import { describe, it } from 'vitest';

const input = (booking = twoPassengerReturn) => ({
  orderId: 'o1',
  bookingId: 'b1',
  booking,
  refundReason: 'CHANGED_PLANS' as const,
});

const sorted = (s: Selection) => ({ outward: [...s.outward].sort(), inward: [...s.inward].sort() });

/** The machine's opening context: every refundable ticket ticked, or the opening quote's selection (docs/product/validation.md). */
const opening = (booking: typeof twoPassengerReturn) => ({
  ...input(booking),
  selection: initialSelection(booking),
  hasFirstFareBeenSelected: false,
  assistances: [],
  assistancesFailed: false,
});

describeMachineModel(partialRefundMachine, {
  name: 'partialRefundMachine',
  inputs: [
    input(twoPassengerReturn),
    input(sameFareReturn),
    input(singlePassengerReturn),
    // Coming from a partial quote: its selection is ticked.
    input({ ...twoPassengerReturn, selectedRefundables: ['o-p2', 'i-p2'] }),
  ],
  events: {
    'selection.toggle': (s) =>
      s.context.booking.sameFare
        ? [{ type: 'selection.toggle' as const, direction: 'outward' as const, refundableId: 'r-p2' }]
        : [
            { type: 'selection.toggle' as const, direction: 'outward' as const, refundableId: 'o-p2' },
            { type: 'selection.toggle' as const, direction: 'inward' as const, refundableId: 'i-p2' },
          ],
    'xstate.done.actor.fetchAssistances': [
      {
        type: 'xstate.done.actor.fetchAssistances',
        output: {
          passengerAssistances: [
            { id: 'a1', passengerId: 'p2', direction: 'outward', kinds: ['ramp'], status: 'booked' },
            { id: 'a2', passengerId: 'p1', direction: 'inward', kinds: ['luggage'], status: 'cancelled' },
          ],
        },
      },
    ],
    'xstate.error.actor.fetchAssistances': [
      { type: 'xstate.error.actor.fetchAssistances', error: httpError(404, 'NOT_FOUND') },
    ],
  },
  serializeContext: (c) => ({
    selected: selectedRefundables(c.selection).join(','),
    first: c.hasFirstFareBeenSelected,
    assistances: c.assistancesFailed ? 'failed' : c.assistances.length,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    if (snapshot.matches('unavailable')) expect(isPartialRefundAvailable(c.booking)).toBe(false);
    if (snapshot.matches('choosing')) {
      expect(isPartialRefundAvailable(c.booking)).toBe(true);
      expect(c.booking.recipient.email).toBe('robin@example.com');
    }
    // Until the first tick, the choice is the one the panel opened with.
    if (!c.hasFirstFareBeenSelected) expect(c.selection).toEqual(initialSelection(c.booking));
    // A return fare is one ticket for both directions.
    if (c.booking.sameFare) expect(c.selection.outward).toEqual(c.selection.inward);
    if (c.assistancesFailed) expect(c.assistances).toEqual([]);
  },
  calls: {
    loadingAssistances: { fetchAssistances: { orderId: 'o1', bookingId: 'b1' } },
  },
  // docs/product/states.md and docs/product/validation.md: partial refund availability; the selection is the refund.
  states: {
    unavailable: ({ context, event }) => {
      expect(event.type).toBe('xstate.init');
      expect(context).toEqual(opening(context.booking));
    },
    loadingAssistances: ({ context, event }) => {
      expect(event.type).toBe('xstate.init');
      expect(context).toEqual(opening(context.booking));
      expect(isPartialRefundAvailable(context.booking)).toBe(true);
      expect([context.assistances, context.assistancesFailed]).toEqual([[], false]);
    },
    choosing: (check) => {
      const { context, event, actions } = check;
      // Ticking a passenger adds that ticket to its direction (both, on one return fare);
      // ticking it again takes it out and leaves every other choice as it was.
      const { outward, inward } = context.selection;
      const tick = (selection: Selection, direction: 'outward' | 'inward', refundableId: string) =>
        nextFrom(
          { snapshot: { ...check.snapshot, context: { ...context, selection } } as typeof check.snapshot },
          { type: 'selection.toggle', direction, refundableId },
        );
      if (context.booking.sameFare) {
        const once = tick(context.selection, 'inward', 'r-p1').context;
        const has = outward.includes('r-p1');
        const expected = has ? outward.filter((x) => x !== 'r-p1') : [...outward, 'r-p1'];
        expect(once.selection).toEqual({ outward: expected, inward: expected });
        // The page quotes each ticket of a return fare once, though it is ticked both ways.
        expect(selectedRefundables(once.selection)).toEqual(expected);
        expect(sorted(tick(once.selection, 'inward', 'r-p1').context.selection)).toEqual(sorted(context.selection));
      } else {
        const next = tick(context.selection, 'outward', 'o-p1');
        expect(next.context).toEqual({
          ...context,
          selection: {
            outward: outward.includes('o-p1') ? outward.filter((x) => x !== 'o-p1') : [...outward, 'o-p1'],
            inward,
          },
          hasFirstFareBeenSelected: true,
        });
        expect(next.value).toBe('choosing');
        // What the page quotes after the tick: the outward tickets, then the inward ones.
        expect(selectedRefundables(next.context.selection)).toEqual([...next.context.selection.outward, ...inward]);
        expect(sorted(tick(next.context.selection, 'outward', 'o-p1').context.selection)).toEqual(
          sorted(context.selection),
        );
        const back = tick(context.selection, 'inward', 'i-p1').context;
        expect(back.selection).toEqual({
          outward,
          inward: inward.includes('i-p1') ? inward.filter((x) => x !== 'i-p1') : [...inward, 'i-p1'],
        });
        // Unticking one of two keeps the other; unticking everyone leaves nothing to refund.
        expect(
          tick({ outward: ['o-p1', 'o-p2'], inward: ['i-p1', 'i-p2'] }, 'outward', 'o-p1').context.selection,
        ).toEqual({ outward: ['o-p2'], inward: ['i-p1', 'i-p2'] });
        expect(
          tick({ outward: ['o-p1', 'o-p2'], inward: ['i-p1', 'i-p2'] }, 'inward', 'i-p2').context.selection,
        ).toEqual({ outward: ['o-p1', 'o-p2'], inward: ['i-p1'] });
        expect(
          selectedRefundables(tick({ outward: ['o-p1'], inward: [] }, 'outward', 'o-p1').context.selection),
        ).toEqual([]);
      }
      if (event.type === 'xstate.done.actor.fetchAssistances') {
        // Help already cancelled is not listed as help the refund will cancel.
        expect(context.assistances).toEqual(
          (outputOf(event) as { passengerAssistances: { status?: string }[] }).passengerAssistances.filter(
            (a) => a.status !== 'cancelled',
          ),
        );
        expect(context.assistances.map((a) => a.id)).toEqual(['a1']);
        expect(context.assistancesFailed).toBe(false);
      }
      // A failed assistance call only hides the list.
      if (event.type === 'xstate.error.actor.fetchAssistances') expect(context.assistancesFailed).toBe(true);
      // Every tick tells the refund page at once: the selection is the refund.
      if (event.type === 'selection.toggle') {
        expect(context.hasFirstFareBeenSelected).toBe(true);
        expect(actions).toContain('selectionChanged');
      }
    },
  },
});

describe('partial refund availability (docs/product/validation.md)', () => {
  it('is available with more than one refundable passenger in a direction', () => {
    expect(isPartialRefundAvailable(twoPassengerReturn)).toBe(true);
    expect(isPartialRefundAvailable(sameFareReturn)).toBe(true);
  });
  it('is available with one refundable passenger each way when the fares are not the same fare', () => {
    const one = { ...singlePassengerReturn, sameFare: false, journeyFare: null };
    expect(isPartialRefundAvailable(one)).toBe(true);
  });
  it('is not available with one passenger on one return fare', () => {
    expect(isPartialRefundAvailable(singlePassengerReturn)).toBe(false);
  });
  it('counts only refundable passengers', () => {
    const oneRefundable = {
      ...twoPassengerReturn,
      outward: {
        fares: [
          {
            farePassengers: [
              { passengerId: 'p1', isRefundable: true, refundableId: 'o-p1' },
              { passengerId: 'p2', isRefundable: false, refundableId: null },
            ],
          },
        ],
      },
      inward: null,
    };
    expect(isPartialRefundAvailable(oneRefundable)).toBe(false);
  });
});

describe('partial refund availability for passengers the answer does not name (docs/product/entities.md lists isRefundable and refundableId only)', () => {
  /** The state the panel opens in: one by one ('loadingAssistances') or whole booking only ('unavailable'). */
  const opensIn = (booking: typeof twoPassengerReturn) =>
    createActor(partialRefundMachine, { input: input(booking) }).getSnapshot().value;
  it('passengers without a passengerId are told apart by their refundableId', () => {
    const specOnly = (refundableId: string) => ({ isRefundable: true, refundableId });
    const outward = { fares: [{ farePassengers: [specOnly('o-p1'), specOnly('o-p2')] }] };
    expect(opensIn({ ...twoPassengerReturn, outward, inward: null })).toBe('loadingAssistances');
    expect(
      opensIn({ ...twoPassengerReturn, outward: { fares: [{ farePassengers: [specOnly('o-p1')] }] }, inward: null }),
    ).toBe('unavailable');
  });
  it('a refundable passenger with neither id cannot be chosen, so it does not count', () => {
    const outward = {
      fares: [
        {
          farePassengers: [
            { passengerId: 'p1', isRefundable: true, refundableId: 'o-p1' },
            { isRefundable: true, refundableId: null },
          ],
        },
      ],
    };
    expect(opensIn({ ...twoPassengerReturn, outward, inward: null })).toBe('unavailable');
  });
});

describe('partial refund availability: each direction on its own (docs/product/validation.md)', () => {
  const refundable = (id: string, refundableId: string) => ({ passengerId: id, isRefundable: true, refundableId });
  const two = (prefix: string) => ({
    fares: [{ farePassengers: [refundable('p1', `${prefix}-p1`), refundable('p2', `${prefix}-p2`)] }],
  });
  const one = (prefix: string) => ({ fares: [{ farePassengers: [refundable('p1', `${prefix}-p1`)] }] });
  it('two refundable passengers outward only (a single for two) is available', () => {
    expect(isPartialRefundAvailable({ ...twoPassengerReturn, outward: two('o'), inward: null })).toBe(true);
  });
  it('two refundable passengers inward only (the outward travelled) is available', () => {
    expect(isPartialRefundAvailable({ ...twoPassengerReturn, outward: { fares: [] }, inward: two('i') })).toBe(true);
  });
  it('one refundable passenger in one direction only is not', () => {
    expect(isPartialRefundAvailable({ ...twoPassengerReturn, outward: one('o'), inward: null })).toBe(false);
    expect(isPartialRefundAvailable({ ...twoPassengerReturn, outward: { fares: [] }, inward: one('i') })).toBe(false);
  });
});

describe('the choice a partial quote opens with (docs/product/validation.md: the quote copies the selection)', () => {
  const opened = (booking: typeof twoPassengerReturn) =>
    createActor(partialRefundMachine, { input: input(booking) }).getSnapshot().context;
  it('the tickets of a partial quote are chosen again, each in its own direction', () => {
    const c = opened({ ...twoPassengerReturn, selectedRefundables: ['o-p2', 'i-p2'] });
    expect(c.selection).toEqual({ outward: ['o-p2'], inward: ['i-p2'] });
    expect(c.hasFirstFareBeenSelected).toBe(false);
    expect(opened({ ...twoPassengerReturn, selectedRefundables: ['o-p1'] }).selection).toEqual({
      outward: ['o-p1'],
      inward: [],
    });
  });
  it('the ticket of a return fare is chosen in both directions', () => {
    expect(opened({ ...sameFareReturn, selectedRefundables: ['r-p2'] }).selection).toEqual({
      outward: ['r-p2'],
      inward: ['r-p2'],
    });
  });
  it('a whole-booking quote (every refundable ticket) or none ticks every refundable ticket, and never one that is not', () => {
    const withNonRefundable = {
      ...twoPassengerReturn,
      outward: {
        fares: [
          {
            farePassengers: [
              ...(twoPassengerReturn.outward?.fares[0]?.farePassengers ?? []),
              { passengerId: 'p3', isRefundable: false, refundableId: 'o-p3' },
            ],
          },
        ],
      },
      selectedRefundables: ['o-p1', 'o-p2', 'i-p1', 'i-p2'],
    };
    const all = { outward: ['o-p1', 'o-p2'], inward: ['i-p1', 'i-p2'] };
    expect(opened(withNonRefundable).selection).toEqual(all);
    expect(opened({ ...withNonRefundable, selectedRefundables: [] }).selection).toEqual(all);
    expect(opened({ ...twoPassengerReturn, selectedRefundables: ['o-p1', 'o-p2', 'i-p1', 'i-p2'] }).selection).toEqual(
      all,
    );
    expect(opened(twoPassengerReturn).selection).toEqual(all);
    expect(opened(sameFareReturn).selection).toEqual({ outward: ['r-p1', 'r-p2'], inward: ['r-p1', 'r-p2'] });
  });
  it('a single (no inward journey) keeps its outward choice, and a travelled outward its inward one', () => {
    expect(opened({ ...twoPassengerReturn, inward: null, selectedRefundables: ['o-p1'] }).selection).toEqual({
      outward: ['o-p1'],
      inward: [],
    });
    expect(opened({ ...twoPassengerReturn, outward: { fares: [] }, selectedRefundables: ['i-p2'] }).selection).toEqual({
      outward: [],
      inward: ['i-p2'],
    });
  });
});
