import { blocked, signedInAs, type MachineWords } from './words';

/** While the ticket is issued, whichever step of it runs. */
const issuing =
  '[[on_demand_ticket_processing]], and the button reads [[booking_actions_on_demand_ticket_issuing_your_ticket]] (disabled)';

export const onDemandTicket: MachineWords = {
  screen:
    'the page of a booking whose ticket is issued on demand (Bookings → the booking), its part [[booking_actions_on_demand_ticket_your_ticket]]',
  background: signedInAs(undefined, 'README, "Actions"; the on-demand-tickets feature is on'),
  use: 'Euston → Manchester (issues a mobile ticket in about 3.5 s)',
  events: {
    'ticket.generate':
      'they press [[booking_actions_on_demand_ticket_get_ticket_now]] (after an error: [[common_try_again]])',
    'after ticketPollMs': 'by itself, when the pause before the next check has passed (800 ms, doubling each time)',
  },
  states: {
    idle: '[[booking_actions_on_demand_ticket_your_ticket]]: [[booking_actions_on_demand_ticket_get_your_now]] (a [[booking_actions_on_demand_ticket_mobile_ticket]] or [[booking_actions_on_demand_ticket_print_at_home_ticket]]) and [[booking_actions_on_demand_ticket_get_ticket_now]]',
    generating: issuing,
    waiting: issuing,
    polling: issuing,
    checkingRetries: issuing,
    failed:
      'the error: [[on_demand_ticket_generate_failed]], [[on_demand_ticket_ticket_failed]], [[on_demand_ticket_poll_failed]] or [[on_demand_ticket_timed_out]], with [[common_try_again]]',
    withdrawn: '[[on_demand_ticket_withdrawn]], with no code and no button',
    ready:
      '[[on_demand_ticket_ready]] with its [[common_reference]] and [[booking_actions_on_demand_ticket_issued_status]] date; the booking reloads and shows the ticket (its code and Download ticket (PDF))',
  },
  outcomes: {
    'generateTicket answers': 'the ticket service starts issuing the ticket',
    'generateTicket fails': blocked('ticket service', 'booking/…/generate-on-demand-ticket/…', 'before pressing'),
    'getTicketStatus answers [isReady]':
      'the ticket service says the ticket is issued (Euston → Manchester, about 3.5 s after pressing)',
    'getTicketStatus answers [isProcessing]':
      'the ticket service says the ticket is still being issued (the first checks of Euston → Manchester; after 15 such checks the page gives up with the timed-out message)',
    'getTicketStatus answers': {
      use: 'Birmingham → Edinburgh (always fails to issue)',
      text: 'the ticket service says the ticket could not be issued (of the errors below, [[on_demand_ticket_ticket_failed]])',
    },
    'generateTicket fails [isWithdrawn]': {
      use: 'Euston → Manchester, after claiming on its insurance in another tab',
      text: "the ticket service refuses because the booking's tickets were cancelled (409 INSURANCE_CLAIMED, REFUNDED, …)",
    },
    'getTicketStatus fails [isWithdrawn]': {
      use: 'Euston → Manchester, refunded in another tab while its ticket is issued',
      text: 'the ticket service says the ticket was withdrawn (410 TICKET_WITHDRAWN)',
    },
    'getTicketStatus fails': blocked(
      'ticket service',
      'booking/…/get-on-demand-ticket-status/…',
      'just after pressing',
    ),
  },
};
