/**
 * The words for the outcomes machines/on-demand-ticket.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { type OnDemandTicketError } from '#machines/on-demand-ticket';

export const onDemandTicketMessages: Record<OnDemandTicketError | 'processing' | 'ready' | 'withdrawn', string> = {
  processing: m.on_demand_ticket_processing(),
  ready: m.on_demand_ticket_ready(),
  withdrawn: m.on_demand_ticket_withdrawn(),
  generateFailed: m.on_demand_ticket_generate_failed(),
  ticketFailed: m.on_demand_ticket_ticket_failed(),
  pollFailed: m.on_demand_ticket_poll_failed(),
  timedOut: m.on_demand_ticket_timed_out(),
};
