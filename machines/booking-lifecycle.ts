import { assign, getInitialSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { LifecycleFacts } from './lib/booking-lifecycle-facts';

export type { LifecycleFacts };

/**
 * One booking's lifecycle (docs/decisions/320-one-booking-lifecycle.md): the states a booking goes
 * through and, for each, which actions on it may happen. The app (booking detail, lists, offline
 * copy) and the local server (every endpoint that pays or acts) ask this one chart, through
 * machines/lib/booking-lifecycle-facts.ts: the facts about a booking resolve its state (the
 * `resolving` state's guards), then `snapshot.can(action)` answers "may this happen", and the
 * state's `meta.refusals` (or `meta.reason`) says why not. An action that leaves the state as it is
 * targets its own state: `can` counts only transitions that go somewhere.
 *
 * One ticket, one payout (docs/product/domain.md): a refund, an insurance claim that pays for the trip and a
 * Delay Repay claim exclude each other, so each of them leaves the states that offer the others.
 * `unknown` is a booking whose answer carries none of the lifecycle facts (an API with only the
 * spec's fields): every action is offered there and its own call decides.
 */

/** What a customer (or someone after money) may try on a booking. */
export type LifecycleAction =
  | { type: 'refund.full' }
  | { type: 'refund.partial' }
  | { type: 'journey.change' }
  | { type: 'insurance.claim' }
  | { type: 'delayRepay.claim' }
  | { type: 'ticket.issue' }
  | { type: 'checkIn.open' }
  | { type: 'passenger.rename' }
  | { type: 'assistance.book' }
  | { type: 'email.resend' }
  | { type: 'calendar.add' };

/** What happens to a booking on its own (time, the refund's settlement). */
export type LifecycleHappening =
  | { type: 'journey.depart' }
  | { type: 'season.end' }
  | { type: 'refund.settle' }
  | { type: 'refund.reject' };

export type LifecycleEvent = LifecycleAction | LifecycleHappening;

export const bookingLifecycleMachine = setup({
  types: {
    context: {} as LifecycleFacts,
    input: {} as LifecycleFacts,
    output: {} as LifecycleFacts,
    events: {} as LifecycleEvent,
  },
  guards: {
    isUnknown: ({ context }) => !context.known,
    isPartRefunded: ({ context }) => context.partRefunded,
    isChanged: ({ context }) => context.changed,
    isRefunded: ({ context }) => context.refunded,
    isRefundInProgress: ({ context }) => context.refundInProgress,
    isInsuranceClaimed: ({ context }) => context.insuranceClaimed,
    isDelayRepayClaimed: ({ context }) => context.delayRepayClaimed,
    isSeasonEnded: ({ context }) => context.seasonEnded,
    hasDeparted: ({ context }) => context.departed,
    isCheckedIn: ({ context }) => context.checkedIn,
    hasIssuedTicket: ({ context }) => context.ticketIssued,
    /** A partial refund needs someone left on the booking: more than one passenger (or not known). */
    hasSeveralPassengers: ({ context }) => context.passengers === null || context.passengers > 1,
  },
  actions: {
    /** A rejected refund gives the tickets back: the booking is what it was before it. */
    forgetRefund: assign({ refundInProgress: false }),
  },
}).createMachine({
  id: 'bookingLifecycle',
  context: ({ input }) => input,
  // A booking that ends (refunded, exchanged, paid by insurance, expired) gives the facts it ended with.
  output: ({ context }) => context,
  initial: 'resolving',
  states: {
    resolving: {
      description: 'The facts about the booking decide its state (nothing is shown in between).',
      always: [
        { guard: 'isUnknown', target: 'unknown' },
        { guard: 'isPartRefunded', target: 'partRefunded' },
        { guard: 'isChanged', target: 'changed' },
        { guard: 'isRefunded', target: 'refunded' },
        { guard: 'isRefundInProgress', target: 'refundInProgress' },
        { guard: 'isInsuranceClaimed', target: 'insuranceClaimed' },
        { guard: 'isDelayRepayClaimed', target: 'delayRepayClaimed' },
        { guard: 'isSeasonEnded', target: 'expired' },
        { guard: 'hasDeparted', target: 'travelled' },
        { guard: 'isCheckedIn', target: 'active.checkedIn' },
        { guard: 'hasIssuedTicket', target: 'active.ticketed' },
        { target: 'active.booked' },
      ],
    },
    unknown: {
      description:
        'The answer says nothing of the booking’s lifecycle: every action is offered and its own call decides.',
      on: {
        'refund.full': { target: 'unknown' },
        'refund.partial': { target: 'unknown' },
        'journey.change': { target: 'unknown' },
        'insurance.claim': { target: 'unknown' },
        'delayRepay.claim': { target: 'unknown' },
        'ticket.issue': { target: 'unknown' },
        'checkIn.open': { target: 'unknown' },
        'passenger.rename': { target: 'unknown' },
        'assistance.book': { target: 'unknown' },
        'email.resend': { target: 'unknown' },
        'calendar.add': { target: 'unknown' },
      },
    },
    active: {
      description:
        'Booked and not yet travelled (a season: still valid): refund, change, insurance claim, assistance, email and calendar are offered.',
      meta: { refusals: { 'delayRepay.claim': 'NOT_TRAVELLED', 'refund.partial': 'ONE_PASSENGER' } },
      initial: 'booked',
      on: {
        'refund.full': { target: 'refundInProgress' },
        'refund.partial': { guard: 'hasSeveralPassengers', target: 'partRefunded' },
        'journey.change': { target: 'changed' },
        'insurance.claim': { target: 'insuranceClaimed' },
        'journey.depart': { target: 'travelled' },
        'season.end': { target: 'expired' },
      },
      states: {
        booked: {
          description: 'Booked: a ticket can be issued, names changed and check-in opened.',
          on: {
            'ticket.issue': { target: 'ticketed' },
            'checkIn.open': { target: 'checkedIn' },
            'passenger.rename': { target: 'booked' },
            'assistance.book': { target: 'booked' },
            'email.resend': { target: 'booked' },
            'calendar.add': { target: 'booked' },
          },
        },
        ticketed: {
          description: 'Its ticket is issued (shown with its barcode); names can still be changed and check-in opened.',
          on: {
            'ticket.issue': { target: 'ticketed' },
            'checkIn.open': { target: 'checkedIn' },
            'passenger.rename': { target: 'ticketed' },
            'assistance.book': { target: 'ticketed' },
            'email.resend': { target: 'ticketed' },
            'calendar.add': { target: 'ticketed' },
          },
        },
        checkedIn: {
          description: 'Checked in: the names travel as they are; the ticket stays available.',
          meta: { refusals: { 'checkIn.open': 'CHECKED_IN', 'passenger.rename': 'CHECKED_IN' } },
          on: {
            'ticket.issue': { target: 'checkedIn' },
            'assistance.book': { target: 'checkedIn' },
            'email.resend': { target: 'checkedIn' },
            'calendar.add': { target: 'checkedIn' },
          },
        },
      },
    },
    travelled: {
      description:
        'The journey has started: no new ticket, check-in, name change or assistance; a Delay Repay claim, an insurance claim or a refund (whole or part) of unused tickets is asked of its own call.',
      meta: { reason: 'TRAVELLED', refusals: { 'refund.partial': 'ONE_PASSENGER' } },
      on: {
        'refund.full': { target: 'refundInProgress' },
        'refund.partial': { guard: 'hasSeveralPassengers', target: 'partRefunded' },
        'insurance.claim': { target: 'insuranceClaimed' },
        'delayRepay.claim': { target: 'delayRepayClaimed' },
        'email.resend': { target: 'travelled' },
      },
    },
    delayRepayClaimed: {
      description:
        'Delay Repay was claimed for this journey: it can no longer be refunded or claimed on insurance for the same disruption.',
      meta: { reason: 'DELAY_REPAY_CLAIMED' },
      on: {
        'email.resend': { target: 'delayRepayClaimed' },
      },
    },
    refundInProgress: {
      description:
        'A refund of the whole booking is on its way: the tickets are cancelled and nothing else can be done with them.',
      meta: { reason: 'REFUND_IN_PROGRESS' },
      on: {
        'refund.settle': { target: 'refunded' },
        'refund.reject': { target: 'resolving', actions: 'forgetRefund' },
      },
    },
    refunded: {
      description: 'Refunded: the tickets are cancelled; nothing more can be done with the booking.',
      meta: { reason: 'REFUNDED' },
      type: 'final',
    },
    partRefunded: {
      description:
        'Some passengers were refunded and the others moved to a new booking, which carries every action from now on.',
      meta: { reason: 'PART_REFUNDED' },
      type: 'final',
    },
    changed: {
      description: 'Exchanged for a new journey: the new booking carries every action from now on.',
      meta: { reason: 'CHANGED' },
      type: 'final',
    },
    insuranceClaimed: {
      description: 'The insurance claim paid for the trip and cancelled the tickets: no refund, Delay Repay or ticket.',
      meta: { reason: 'INSURANCE_CLAIMED' },
      type: 'final',
    },
    expired: {
      description: 'A season ticket whose validity has ended: nothing can be done with it.',
      meta: { reason: 'EXPIRED' },
      type: 'final',
    },
  },
});

/** Why an action is withdrawn: the state's reason, or the action's own in that state (meta.refusals). */
export const lifecycleReasons = [
  'NOT_TRAVELLED',
  'ONE_PASSENGER',
  'CHECKED_IN',
  'TRAVELLED',
  'DELAY_REPAY_CLAIMED',
  'REFUND_IN_PROGRESS',
  'REFUNDED',
  'PART_REFUNDED',
  'CHANGED',
  'INSURANCE_CLAIMED',
  'EXPIRED',
] as const;
export type LifecycleReason = (typeof lifecycleReasons)[number];

export type LifecycleState =
  | 'unknown'
  | 'booked'
  | 'ticketed'
  | 'checkedIn'
  | 'travelled'
  | 'delayRepayClaimed'
  | 'refundInProgress'
  | 'refunded'
  | 'partRefunded'
  | 'changed'
  | 'insuranceClaimed'
  | 'expired';

export type LifecycleVerdict = { allowed: true } | { allowed: false; reason: LifecycleReason };

interface StateMeta {
  reason?: LifecycleReason;
  refusals?: Partial<Record<LifecycleAction['type'], LifecycleReason>>;
}

/** The booking's lifecycle as the chart resolves it from the facts. */
export function lifecycleSnapshot(facts: LifecycleFacts) {
  return getInitialSnapshot(bookingLifecycleMachine, facts);
}

/** The state's name: the innermost state the facts resolve to. */
export function lifecycleState(facts: LifecycleFacts): LifecycleState {
  const value = lifecycleSnapshot(facts).value;
  return (typeof value === 'string' ? value : Object.values(value)[0]) as LifecycleState;
}

/**
 * May this action happen on a booking with these facts, and if not, why: the chart's answer
 * (`can`), and the reason from the innermost state that gives one for this action.
 */
export function mayAct(facts: LifecycleFacts, action: LifecycleAction['type']): LifecycleVerdict {
  return verdictIn(lifecycleSnapshot(facts), action);
}

/** The chart's answer in a state already reached (`can`), with the reason of the innermost state that gives one. */
export function verdictIn(
  snapshot: SnapshotFrom<typeof bookingLifecycleMachine>,
  action: LifecycleAction['type'],
): LifecycleVerdict {
  if (snapshot.can({ type: action })) return { allowed: true };
  const metas = Object.entries(snapshot.getMeta() as Record<string, StateMeta | undefined>)
    .sort(([a], [b]) => b.split('.').length - a.split('.').length)
    .map(([, meta]) => meta ?? {});
  for (const meta of metas) {
    const reason = meta.refusals?.[action] ?? meta.reason;
    if (reason) return { allowed: false, reason };
  }
  // Every state that refuses an action names why (test/model/booking-lifecycle.test.ts checks it).
  throw new Error(`booking lifecycle: no reason for refusing ${action}`);
}
