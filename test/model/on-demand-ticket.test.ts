import { expect, it } from 'vitest';
import { onDemandTicketMachine, withdrawnTicketCodes } from '#machines/on-demand-ticket';
import { onDemandTicketMessages } from '#src/copy/on-demand-ticket';
import { describeMachineModel, errorOf, liveModel, outputOf } from './harness';

const ticket = { reference: 'TKT-ABC123', issuedAt: '2026-01-01T10:00:00.000Z', barcode: 'QR:ABC' };

describeMachineModel(onDemandTicketMachine, {
  name: 'onDemandTicketMachine',
  input: { bookingId: 'b1', deliveryId: 'd1' },
  events: {
    'xstate.done.actor.generateTicket': [
      { type: 'xstate.done.actor.generateTicket', output: { deliverableId: 'dl1' } },
    ],
    'xstate.error.actor.generateTicket': [
      { type: 'xstate.error.actor.generateTicket', error: { status: 500, code: 'INTERNAL_ERROR' } },
      // Refused because the booking's tickets were cancelled (decision 570), and a 409 that says nothing of that.
      { type: 'xstate.error.actor.generateTicket', error: { status: 409, code: 'INSURANCE_CLAIMED' } },
      { type: 'xstate.error.actor.generateTicket', error: { status: 409, code: 'ON_DEMAND_NOT_SUPPORTED' } },
    ],
    'xstate.done.actor.getTicketStatus': (snap) => [
      { type: 'xstate.done.actor.getTicketStatus', output: { status: 'processing' } },
      // ready and failed are tried from the first poll and from the last retry only: the
      // middle of the backoff behaves the same, and this keeps the model small.
      ...(snap.context.retries === 0 || snap.context.retries === snap.context.ticketPollMaxRetries
        ? ([
            { type: 'xstate.done.actor.getTicketStatus', output: { status: 'ready', ticket } },
            { type: 'xstate.done.actor.getTicketStatus', output: { status: 'failed' } },
          ] as const)
        : []),
    ],
    'xstate.error.actor.getTicketStatus': (snap) =>
      snap.context.retries === 0
        ? [
            { type: 'xstate.error.actor.getTicketStatus', error: { status: 503, code: 'UNAVAILABLE' } },
            { type: 'xstate.error.actor.getTicketStatus', error: { status: 410, code: 'TICKET_WITHDRAWN' } },
          ]
        : [],
  },
  serializeContext: (c) => ({ retries: c.retries, error: c.error, deliverableId: c.deliverableId }),
  maxPaths: 300,
  assert: (snapshot) => {
    const { context } = snapshot;
    expect(context.ticketPollInitialMs).toBe(800);
    expect(context.ticketPollMaxRetries).toBe(15);
    expect(context.retries).toBeLessThanOrEqual(15);
  },
  calls: {
    generating: { generateTicket: { bookingId: 'b1', deliveryId: 'd1' } },
    polling: { getTicketStatus: { bookingId: 'b1', deliverableId: 'dl1' } },
  },
  // docs/product/states.md, docs/product/errors.md and docs/product/constants.md: generate, poll status while processing (800 ms doubling, 15 retries),
  // ready on success; generate failure, a failed or non-200 poll set an error flag.
  states: {
    idle: ({ context }) => expect(context).toMatchObject({ error: null, deliverableId: null, ticket: null }),
    generating: ({ context, event }) => {
      expect(event.type).toBe('ticket.generate');
      expect(context).toMatchObject({ error: null, deliverableId: null, retries: 0 });
    },
    waiting: ({ context, event }) => {
      expect(context.deliverableId).toBe('dl1');
      expect(context.error).toBeNull();
      if (event.type === 'xstate.done.actor.generateTicket') expect(context.retries).toBe(0);
      else expect(outputOf(event), 'only "processing" polls again').toEqual({ status: 'processing' });
    },
    polling: ({ event }) => expect(event.type).toBe('xstate.after.ticketPollMs.onDemandTicket.waiting'),
    failed: ({ snapshot, context, event }) => {
      const expected = errorOf(event)
        ? event.type === 'xstate.error.actor.generateTicket'
          ? 'generateFailed'
          : 'pollFailed'
        : (outputOf(event) as { status: string }).status === 'failed'
          ? 'ticketFailed'
          : 'timedOut';
      expect(context.error).toBe(expected);
      if (expected === 'timedOut') expect(context.retries).toBe(15);
      expect(snapshot.can({ type: 'ticket.generate' }), 'a failure can be tried again').toBe(true);
    },
    withdrawn: ({ snapshot, context, event }) => {
      const error = errorOf(event) as { status: number; code: string };
      expect([410, 409]).toContain(error.status);
      if (error.status === 409) expect(withdrawnTicketCodes).toContain(error.code);
      expect(context.error).toBeNull();
      expect(snapshot.output).toEqual({ ticket: null });
      expect(snapshot.can({ type: 'ticket.generate' }), 'a withdrawn ticket is not tried again').toBe(false);
    },
    ready: ({ snapshot, event }) => {
      expect(outputOf(event)).toEqual({ status: 'ready', ticket });
      expect(snapshot.output).toEqual({ ticket });
    },
  },
});

it('polls the ticket status 800 * 2^n ms apart, 15 retries at most (docs/product/constants.md)', async () => {
  const live = liveModel(onDemandTicketMachine, { bookingId: 'b1', deliveryId: 'd1' });
  try {
    await live.send(
      { type: 'ticket.generate' },
      { type: 'xstate.done.actor.generateTicket', output: { deliverableId: 'dl1' } },
    );
    for (let n = 0; n <= 15; n++) {
      expect(live.snapshot().context.retries).toBe(n);
      await live.expectTimer('waiting', 800 * 2 ** n, 'polling');
      await live.send({ type: 'xstate.done.actor.getTicketStatus', output: { status: 'processing' } });
    }
    expect(live.snapshot().value).toBe('failed');
    expect(live.snapshot().context.error).toBe('timedOut');
  } finally {
    live.stop();
  }
});

it('says each state and each failure in the customer’s words (en-GB catalogue)', () => {
  expect(onDemandTicketMessages).toEqual({
    processing: "We're issuing your ticket. This can take a few seconds…",
    ready: 'Your ticket is ready.',
    withdrawn:
      'This ticket has been withdrawn because its booking was refunded or its tickets cancelled. It can no longer be used to travel.',
    generateFailed: "Sorry, we couldn't start issuing your ticket. Please try again.",
    ticketFailed: "Sorry, we couldn't issue your ticket. Please try again, or contact us if it keeps happening.",
    pollFailed: "Sorry, we couldn't check on your ticket. Please try again.",
    timedOut: 'Your ticket is taking longer than usual. Please try again later.',
  });
});
