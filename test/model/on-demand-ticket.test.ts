import { expect } from 'vitest';
import { onDemandTicketMachine } from '../../machines/on-demand-ticket';
import { describeMachineModel } from './harness';

const ticket = { reference: 'TKT-ABC123', issuedAt: '2026-01-01T10:00:00.000Z', barcode: 'QR:ABC' };

describeMachineModel(onDemandTicketMachine, {
  name: 'onDemandTicketMachine',
  input: { bookingId: 'b1', deliveryId: 'd1' },
  events: {
    'xstate.done.actor.generateTicket': [{ type: 'xstate.done.actor.generateTicket', output: { deliverableId: 'dl1' } }],
    'xstate.error.actor.generateTicket': [{ type: 'xstate.error.actor.generateTicket', error: { status: 500, code: 'INTERNAL_ERROR' } }],
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
      snap.context.retries === 0 ? [{ type: 'xstate.error.actor.getTicketStatus', error: { status: 503, code: 'UNAVAILABLE' } }] : [],
  },
  serializeContext: (c) => ({ retries: c.retries, error: c.error, deliverableId: c.deliverableId }),
  maxPaths: 300,
  assert: (snapshot, step) => {
    const { context } = snapshot;
    expect(context.ticketPollInitialMs).toBe(800);
    expect(context.ticketPollMaxRetries).toBe(15);
    expect(context.retries).toBeLessThanOrEqual(15);
    if (snapshot.matches('ready')) expect(snapshot.output).toEqual({ ticket });
    if (snapshot.matches('failed')) expect(context.error).not.toBeNull();
    if (step.event.type === 'xstate.done.actor.getTicketStatus' && snapshot.matches('waiting')) expect(context.retries).toBeGreaterThan(0);
  },
});
