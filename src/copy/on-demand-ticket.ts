/**
 * The words for the outcomes machines/on-demand-ticket.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { type OnDemandTicketError } from '#machines/on-demand-ticket';

export const onDemandTicketMessages: Record<OnDemandTicketError | 'processing' | 'ready' | 'withdrawn', string> = {
  get processing() {
    return m.on_demand_ticket_processing();
  },
  get ready() {
    return m.on_demand_ticket_ready();
  },
  get withdrawn() {
    return m.on_demand_ticket_withdrawn();
  },
  get generateFailed() {
    return m.on_demand_ticket_generate_failed();
  },
  get ticketFailed() {
    return m.on_demand_ticket_ticket_failed();
  },
  get pollFailed() {
    return m.on_demand_ticket_poll_failed();
  },
  get timedOut() {
    return m.on_demand_ticket_timed_out();
  },
};
