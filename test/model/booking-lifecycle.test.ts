import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type SnapshotFrom, type StateValue } from 'xstate';
import {
  bookingLifecycleMachine,
  lifecycleState,
  mayAct,
  verdictIn,
  type LifecycleAction,
  type LifecycleEvent,
  type LifecycleFacts,
  type LifecycleReason,
} from '#machines/booking-lifecycle';
import { cancelsTickets, lifecycleFacts } from '#machines/lib/booking-lifecycle-facts';
import { describeMachineModel } from './harness';

/** A booked journey, not travelled, nothing done with it yet: the lifecycle facts of a fresh booking. */
const booked: LifecycleFacts = {
  known: true,
  partRefunded: false,
  changed: false,
  refunded: false,
  refundInProgress: false,
  insuranceClaimed: false,
  delayRepayClaimed: false,
  seasonEnded: false,
  departed: false,
  checkedIn: false,
  ticketIssued: false,
  passengers: 2,
};

const actions = [
  'refund.full',
  'refund.partial',
  'journey.change',
  'insurance.claim',
  'delayRepay.claim',
  'ticket.issue',
  'checkIn.open',
  'passenger.rename',
  'assistance.book',
  'email.resend',
  'calendar.add',
] as const satisfies readonly LifecycleAction['type'][];

/** What docs/product/domain.md ("One ticket, one payout") allows in each state: the actions offered. */
const offered: Record<string, readonly LifecycleAction['type'][]> = {
  unknown: actions,
  'active.booked': [
    'refund.full',
    'refund.partial',
    'journey.change',
    'insurance.claim',
    'ticket.issue',
    'checkIn.open',
    'passenger.rename',
    'assistance.book',
    'email.resend',
    'calendar.add',
  ],
  'active.ticketed': [
    'refund.full',
    'refund.partial',
    'journey.change',
    'insurance.claim',
    'ticket.issue',
    'checkIn.open',
    'passenger.rename',
    'assistance.book',
    'email.resend',
    'calendar.add',
  ],
  'active.checkedIn': [
    'refund.full',
    'refund.partial',
    'journey.change',
    'insurance.claim',
    'ticket.issue',
    'assistance.book',
    'email.resend',
    'calendar.add',
  ],
  travelled: ['refund.full', 'refund.partial', 'insurance.claim', 'delayRepay.claim', 'email.resend'],
  delayRepayClaimed: ['email.resend'],
  refundInProgress: [],
  refunded: [],
  partRefunded: [],
  changed: [],
  insuranceClaimed: [],
  expired: [],
};

type LifecycleSnapshot = SnapshotFrom<typeof bookingLifecycleMachine>;

/** Checks the chart's answer for every action in the state reached, and the reason for each refusal. */
function expectOffers(snapshot: LifecycleSnapshot, state: string, reason: LifecycleReason | null) {
  const { context } = snapshot;
  const allowed = actions.filter((a) => verdictIn(snapshot, a).allowed);
  // refund.partial on a one-passenger booking is the one refusal a guard makes inside an offering state.
  const expected = (offered[state] ?? []).filter(
    (a) => a !== 'refund.partial' || context.passengers === null || context.passengers > 1,
  );
  expect(allowed).toEqual(expected);
  for (const a of actions.filter((x) => !allowed.includes(x))) {
    const verdict = verdictIn(snapshot, a);
    if (verdict.allowed) throw new Error('refused above');
    if (a === 'refund.partial' && (state.startsWith('active.') || state === 'travelled'))
      expect(verdict.reason).toBe('ONE_PASSENGER');
    else if (a === 'delayRepay.claim' && state.startsWith('active.')) expect(verdict.reason).toBe('NOT_TRAVELLED');
    else if (state === 'active.checkedIn') expect(verdict.reason).toBe('CHECKED_IN');
    else expect(verdict.reason).toBe(reason);
  }
}

describeMachineModel(bookingLifecycleMachine, {
  name: 'bookingLifecycleMachine',
  // One booking per way its facts can resolve (the `resolving` choices, in their order of precedence).
  inputs: [
    { ...booked, known: false },
    { ...booked, partRefunded: true, changed: true },
    { ...booked, changed: true },
    { ...booked, refunded: true },
    { ...booked, refundInProgress: true },
    { ...booked, refundInProgress: true, departed: true },
    { ...booked, insuranceClaimed: true },
    { ...booked, delayRepayClaimed: true, departed: true },
    { ...booked, seasonEnded: true },
    { ...booked, departed: true },
    { ...booked, departed: true, passengers: 1 },
    { ...booked, checkedIn: true, ticketIssued: true },
    { ...booked, ticketIssued: true },
    booked,
    { ...booked, passengers: 1 },
  ],
  serializeContext: (c) => c,
  // A pure chart: it calls nothing (the app and the server act, then ask it again).
  calls: {},
  states: {
    unknown: ({ snapshot, context }) => {
      expect(context.known).toBe(false);
      expectOffers(snapshot, 'unknown', null);
    },
    'active.booked': ({ snapshot }) => expectOffers(snapshot, 'active.booked', null),
    'active.ticketed': ({ snapshot }) => expectOffers(snapshot, 'active.ticketed', null),
    'active.checkedIn': ({ snapshot }) => expectOffers(snapshot, 'active.checkedIn', 'CHECKED_IN'),
    travelled: ({ snapshot }) => expectOffers(snapshot, 'travelled', 'TRAVELLED'),
    delayRepayClaimed: ({ snapshot }) => expectOffers(snapshot, 'delayRepayClaimed', 'DELAY_REPAY_CLAIMED'),
    refundInProgress: ({ snapshot }) => expectOffers(snapshot, 'refundInProgress', 'REFUND_IN_PROGRESS'),
    refunded: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context);
      expectOffers(snapshot, 'refunded', 'REFUNDED');
    },
    partRefunded: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context);
      expectOffers(snapshot, 'partRefunded', 'PART_REFUNDED');
    },
    changed: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context);
      expectOffers(snapshot, 'changed', 'CHANGED');
    },
    insuranceClaimed: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context);
      expectOffers(snapshot, 'insuranceClaimed', 'INSURANCE_CLAIMED');
    },
    expired: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context);
      expectOffers(snapshot, 'expired', 'EXPIRED');
    },
  },
});

describe('lifecycleFacts: the booking call’s answer, read the same way by the app and the server', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const journey = { isSeasonBooking: false, outward: { date: '2026-11-30T09:00:00Z' }, passengers: [{}, {}] };
  const refundSummary = { changeOfJourneySource: false, fullyRefunded: false, refunds: [] };
  const refund = (kind: 'full' | 'partial', state: string) => ({
    kind,
    state,
    requestedAt: '2026-11-27T09:00:00Z',
    refundedAt: state === 'refunded' ? '2026-11-27T09:30:00Z' : null,
  });

  it('with only the spec’s fields the state is unknown and every action is offered', () => {
    const { facts } = lifecycleFacts(journey, {}, now);
    expect(lifecycleState(facts)).toBe('unknown');
    expect(actions.every((a) => mayAct(facts, a).allowed)).toBe(true);
  });

  it('a booking not yet travelled is booked; once its date has passed it is travelled', () => {
    expect(
      lifecycleState(lifecycleFacts({ ...journey, refund: refundSummary }, { replacementOrder: null }, now).facts),
    ).toBe('booked');
    const past = { ...journey, outward: { date: '2026-11-20T09:00:00Z' }, refund: refundSummary };
    expect(lifecycleState(lifecycleFacts(past, {}, now).facts)).toBe('travelled');
    expect(mayAct(lifecycleFacts(past, {}, now).facts, 'ticket.issue')).toEqual({
      allowed: false,
      reason: 'TRAVELLED',
    });
  });

  it('a full refund: in progress, then refunded with the date it was paid; a rejected one gives the booking back', () => {
    const inProgress = lifecycleFacts(
      { ...journey, refund: { ...refundSummary, fullyRefunded: true, refunds: [refund('full', 'processing')] } },
      {},
      now,
    );
    expect([lifecycleState(inProgress.facts), inProgress.since]).toEqual(['refundInProgress', '2026-11-27T09:00:00Z']);
    const paid = lifecycleFacts(
      { ...journey, refund: { ...refundSummary, fullyRefunded: true, refunds: [refund('full', 'refunded')] } },
      {},
      now,
    );
    expect([lifecycleState(paid.facts), paid.since]).toEqual(['refunded', '2026-11-27T09:30:00Z']);
    expect(mayAct(paid.facts, 'ticket.issue')).toEqual({ allowed: false, reason: 'REFUNDED' });
    const rejected = lifecycleFacts(
      { ...journey, refund: { ...refundSummary, fullyRefunded: false, refunds: [refund('full', 'rejected')] } },
      {},
      now,
    );
    expect(lifecycleState(rejected.facts)).toBe('booked');
  });

  it('a partial refund withdraws every action from the original, even before its replacement is issued', () => {
    const part = lifecycleFacts(
      { ...journey, refund: { ...refundSummary, refunds: [refund('partial', 'processing')] } },
      { replacementOrder: null },
      now,
    );
    expect(lifecycleState(part.facts)).toBe('partRefunded');
    expect(mayAct(part.facts, 'passenger.rename')).toEqual({ allowed: false, reason: 'PART_REFUNDED' });
  });

  it('insurance claimed: no refund, Delay Repay or ticket (one payout)', () => {
    const claimed = lifecycleFacts(
      { ...journey, refund: refundSummary, insurance: [{ claim: { claimedAt: '2026-11-26T12:00:00Z' } }] },
      {},
      now,
    );
    expect([lifecycleState(claimed.facts), claimed.since]).toEqual(['insuranceClaimed', '2026-11-26T12:00:00Z']);
    for (const a of ['refund.full', 'refund.partial', 'delayRepay.claim', 'ticket.issue'] as const) {
      expect(mayAct(claimed.facts, a)).toEqual({ allowed: false, reason: 'INSURANCE_CLAIMED' });
    }
  });

  it('Delay Repay claimed (submitted or paid) is no longer refundable; an open or rejected claim still is', () => {
    const past = { ...journey, outward: { date: '2026-11-20T09:00:00Z' }, refund: refundSummary };
    for (const status of ['submitted', 'processing', 'paid']) {
      expect(mayAct(lifecycleFacts({ ...past, delayRepay: { status } }, {}, now).facts, 'refund.full')).toEqual({
        allowed: false,
        reason: 'DELAY_REPAY_CLAIMED',
      });
    }
    for (const status of ['eligible', 'rejected', 'expired']) {
      expect(mayAct(lifecycleFacts({ ...past, delayRepay: { status } }, {}, now).facts, 'refund.full')).toEqual({
        allowed: true,
      });
    }
  });

  it('a change-of-journey source or a replaced order is changed; a season is live until its validity ends', () => {
    expect(
      lifecycleState(
        lifecycleFacts({ ...journey, refund: { ...refundSummary, changeOfJourneySource: true } }, {}, now).facts,
      ),
    ).toBe('changed');
    expect(
      lifecycleState(
        lifecycleFacts({ ...journey, refund: refundSummary }, { replacementOrder: { id: 'o2' } }, now).facts,
      ),
    ).toBe('changed');
    const season = { isSeasonBooking: true, outward: { date: '2026-01-01T00:00:00Z' }, refund: refundSummary };
    expect(
      lifecycleState(lifecycleFacts({ ...season, season: { validUntil: '2026-12-31T23:59:59Z' } }, {}, now).facts),
    ).toBe('booked');
    expect(
      lifecycleState(lifecycleFacts({ ...season, season: { validUntil: '2026-11-01T00:00:00Z' } }, {}, now).facts),
    ).toBe('expired');
  });

  it('checked in and ticket issued: no second check-in, names fixed, the ticket still shown', () => {
    const f = lifecycleFacts(
      { ...journey, refund: refundSummary, checkedIn: true, delivery: { issuedTicket: { reference: 'T1' } } },
      {},
      now,
    ).facts;
    expect(lifecycleState(f)).toBe('checkedIn');
    expect(mayAct(f, 'checkIn.open')).toEqual({ allowed: false, reason: 'CHECKED_IN' });
    expect(mayAct(f, 'ticket.issue')).toEqual({ allowed: true });
    expect(
      lifecycleState(
        lifecycleFacts({ ...journey, refund: refundSummary, delivery: { issuedTicket: { reference: 'T1' } } }, {}, now)
          .facts,
      ),
    ).toBe('ticketed');
  });
});

describe('where each action takes a booking', () => {
  /** The state a booking with these facts is in after the event. */
  const after = (facts: LifecycleFacts, type: LifecycleEvent['type']) => {
    const actor = createActor(bookingLifecycleMachine, { input: facts }).start();
    actor.send({ type });
    const { value, context } = actor.getSnapshot();
    actor.stop();
    return { state: typeof value === 'string' ? value : `active.${String(Object.values(value)[0])}`, context };
  };

  it.each([
    [booked, 'refund.full', 'refundInProgress'],
    [booked, 'refund.partial', 'partRefunded'],
    [{ ...booked, passengers: null }, 'refund.partial', 'partRefunded'],
    [booked, 'journey.change', 'changed'],
    [booked, 'insurance.claim', 'insuranceClaimed'],
    [booked, 'journey.depart', 'travelled'],
    [booked, 'season.end', 'expired'],
    [booked, 'ticket.issue', 'active.ticketed'],
    [booked, 'checkIn.open', 'active.checkedIn'],
    [{ ...booked, ticketIssued: true }, 'checkIn.open', 'active.checkedIn'],
    [{ ...booked, departed: true }, 'refund.full', 'refundInProgress'],
    [{ ...booked, departed: true }, 'refund.partial', 'partRefunded'],
    [{ ...booked, departed: true }, 'insurance.claim', 'insuranceClaimed'],
    [{ ...booked, departed: true }, 'delayRepay.claim', 'delayRepayClaimed'],
    [{ ...booked, refundInProgress: true }, 'refund.settle', 'refunded'],
  ] as const)('%o --%s--> %s', (facts, type, state) => {
    expect(after(facts, type).state).toBe(state);
  });

  it('a one-passenger booking cannot be part refunded, and one whose passengers are not known can', () => {
    expect(mayAct({ ...booked, passengers: 1 }, 'refund.partial')).toEqual({ allowed: false, reason: 'ONE_PASSENGER' });
    expect(mayAct({ ...booked, passengers: null }, 'refund.partial')).toEqual({ allowed: true });
    expect(mayAct({ ...booked, departed: true, passengers: null }, 'refund.partial')).toEqual({ allowed: true });
  });

  it('a rejected refund gives the booking back as it was before, and forgets the refund', () => {
    expect(after({ ...booked, refundInProgress: true }, 'refund.reject')).toEqual({
      state: 'active.booked',
      context: booked,
    });
    expect(after({ ...booked, refundInProgress: true, departed: true }, 'refund.reject')).toEqual({
      state: 'travelled',
      context: { ...booked, departed: true },
    });
  });
});

describe('verdictIn: the reason of the innermost state that gives one', () => {
  // A chart whose inner state and its parent both name a reason for the same refusal.
  const nested = createMachine({
    initial: 'outer',
    states: {
      outer: {
        meta: { reason: 'TRAVELLED', refusals: { 'checkIn.open': 'NOT_TRAVELLED' } },
        initial: 'inner',
        states: { inner: { meta: { refusals: { 'checkIn.open': 'CHECKED_IN' } } }, silent: {} },
      },
    },
  });
  const snapshotOf = (state: StateValue) =>
    nested.resolveState({ value: state }) as unknown as SnapshotFrom<typeof bookingLifecycleMachine>;

  it('the inner state’s refusal wins over its parent’s, and the parent’s reason covers what the inner one leaves', () => {
    expect(verdictIn(snapshotOf({ outer: 'inner' }), 'checkIn.open')).toEqual({ allowed: false, reason: 'CHECKED_IN' });
    expect(verdictIn(snapshotOf({ outer: 'inner' }), 'refund.full')).toEqual({ allowed: false, reason: 'TRAVELLED' });
    expect(verdictIn(snapshotOf({ outer: 'silent' }), 'checkIn.open')).toEqual({
      allowed: false,
      reason: 'NOT_TRAVELLED',
    });
  });

  it('a refusal with no reason anywhere is a fault in the chart, not a silent "no"', () => {
    const bare = createMachine({ initial: 'a', states: { a: {} } });
    const snapshot = bare.resolveState({ value: 'a' }) as unknown as SnapshotFrom<typeof bookingLifecycleMachine>;
    expect(() => verdictIn(snapshot, 'refund.full')).toThrow('booking lifecycle: no reason for refusing refund.full');
  });
});

describe('lifecycleFacts: every fact read exactly, at its edges', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const journey = { isSeasonBooking: false, outward: { date: '2026-11-30T09:00:00Z' } };
  const summary = { changeOfJourneySource: false, fullyRefunded: false, refunds: [] };
  const refund = (kind: 'full' | 'partial', state: string, requestedAt = '2026-11-27T09:00:00Z') => ({
    kind,
    state,
    requestedAt,
    refundedAt: state === 'refunded' ? '2026-11-27T09:30:00Z' : null,
  });
  const none = { ...booked, known: false, passengers: null };
  const read = (booking: Parameters<typeof lifecycleFacts>[0], order: Parameters<typeof lifecycleFacts>[1] = {}) =>
    lifecycleFacts(booking, order, now);

  it('the spec’s fields alone: nothing known, passengers not counted, no date', () => {
    expect(read(journey)).toEqual({ facts: none, since: null });
    expect(read({ ...journey, passengers: [] }).facts.passengers).toBeNull();
    expect(read({ ...journey, passengers: [{}, {}, {}] }).facts.passengers).toBe(3);
  });

  it('departed and a season’s end are strictly after their moment', () => {
    expect(read({ ...journey, outward: { date: now.toISOString() } }).facts.departed).toBe(false);
    expect(read({ ...journey, outward: { date: '2026-11-27T09:59:59Z' } }).facts.departed).toBe(true);
    const season = { isSeasonBooking: true, outward: { date: '2026-01-01T00:00:00Z' } };
    expect(read({ ...season, season: { validUntil: now.toISOString() } }).facts).toMatchObject({
      seasonEnded: false,
      departed: false,
    });
    expect(read({ ...season, season: { validUntil: '2026-11-27T09:59:59Z' } }).facts.seasonEnded).toBe(true);
    expect(read({ ...season, season: null }).facts.seasonEnded).toBe(false);
    // A journey booking is never "ended" by a season field it should not have.
    expect(read({ ...journey, season: { validUntil: '2026-01-01T00:00:00Z' } }).facts.seasonEnded).toBe(false);
  });

  it('a rejected refund counts for nothing: not part refunded, no date', () => {
    const r = read({ ...journey, refund: { ...summary, refunds: [refund('partial', 'rejected')] } });
    expect(r).toEqual({ facts: { ...none, known: true }, since: null });
  });

  it('a full refund is paid only when every one of its refunds is paid', () => {
    const mixed = read({
      ...journey,
      refund: {
        ...summary,
        fullyRefunded: true,
        refunds: [refund('full', 'refunded', '2026-11-27T08:00:00Z'), refund('full', 'processing')],
      },
    });
    expect(mixed.facts).toMatchObject({ refunded: false, refundInProgress: true });
    expect(mixed.since).toBe('2026-11-27T09:30:00Z');
  });

  it('a refund not marked full gives no refund date; the insurance claim’s date stands', () => {
    const r = read({
      ...journey,
      refund: { ...summary, refunds: [refund('full', 'processing')] },
      insurance: [{ claim: { claimedAt: '2026-11-26T12:00:00Z' } }],
    });
    expect(r.since).toBe('2026-11-26T12:00:00Z');
    expect(read({ ...journey, refund: { ...summary, refunds: [refund('full', 'processing')] } }).since).toBeNull();
  });

  it('insurance: a claim on any policy counts; policies without one do not', () => {
    expect(read({ ...journey, insurance: [{ claim: null }] }).facts.insuranceClaimed).toBe(false);
    const second = read({ ...journey, insurance: [{ claim: null }, { claim: { claimedAt: '2026-11-26T12:00:00Z' } }] });
    expect([second.facts.insuranceClaimed, second.since]).toEqual([true, '2026-11-26T12:00:00Z']);
  });

  it.each(['processing', 'approved', 'paid', 'submitted', 'paid-toc', 'credit-issue-failure'])(
    'Delay Repay %s is a claim made',
    (status) => {
      expect(read({ ...journey, delayRepay: { status } }).facts.delayRepayClaimed).toBe(true);
    },
  );

  it.each(['', 'eligible', 'rejected'])('Delay Repay "%s" is not', (status) => {
    expect(read({ ...journey, delayRepay: { status } }).facts.delayRepayClaimed).toBe(false);
  });

  it('a ticket is issued only when the delivery names one', () => {
    expect(read({ ...journey, delivery: null }).facts.ticketIssued).toBe(false);
    expect(read({ ...journey, delivery: {} }).facts.ticketIssued).toBe(false);
    expect(read({ ...journey, delivery: { issuedTicket: null } }).facts.ticketIssued).toBe(false);
    expect(read({ ...journey, delivery: { issuedTicket: { reference: 'T1' } } }).facts.ticketIssued).toBe(true);
  });
});

describe('cancelsTickets: which facts leave no ticket standing', () => {
  const known = { ...booked, passengers: null };
  it('nothing done, or facts not known: the tickets stand', () => {
    expect(cancelsTickets(known)).toBe(false);
    expect(cancelsTickets({ ...known, known: false, refunded: true, changed: true })).toBe(false);
    for (const kept of ['delayRepayClaimed', 'seasonEnded', 'departed', 'checkedIn', 'ticketIssued'] as const) {
      expect(cancelsTickets({ ...known, [kept]: true })).toBe(false);
    }
  });
  it.each(['refunded', 'refundInProgress', 'partRefunded', 'changed', 'insuranceClaimed'] as const)(
    '%s: no ticket',
    (fact) => {
      expect(cancelsTickets({ ...known, [fact]: true })).toBe(true);
    },
  );
});
