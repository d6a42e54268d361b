import { signedInAs, type MachineWords } from './words';

/**
 * A booking's lifecycle is no screen of its own: the booking's page (and the bookings lists) offer
 * or withdraw each action by it. A step is an action taken on the booking's page, or something that
 * happens to the booking by itself; what they see is which actions the page offers.
 */
export const bookingLifecycle: MachineWords = {
  screen:
    "the page of a booking (Bookings → the booking); each scenario's input says which kind of booking (upcoming, travelled, refunded …)",
  background: signedInAs(
    undefined,
    'README, "Demo data": refunds@example.com for the refunded and part-refunded bookings',
  ),
  events: {
    'refund.full':
      'they refund the whole booking: [[refund_entry_cancel_and_refund]], then confirm (its own plan: refund-request)',
    'refund.partial [hasSeveralPassengers]': {
      use: 'Manchester → Sheffield (refunds@example.com, two passengers)',
      text: 'they refund only some passengers: [[refund_entry_cancel_and_refund]], untick a passenger under [[refund_screen_refund_only_some_passengers]], then confirm',
    },
    'refund.partial':
      'they refund only some passengers: [[refund_entry_cancel_and_refund]], untick a passenger under [[refund_screen_refund_only_some_passengers]], then confirm (offered whatever the booking, when its answer says nothing of its state; the refund service decides)',
    'journey.change':
      "the booking is exchanged for a new journey (on the retailer's booking site, not in My account; the demo Paddington → Bristol was)",
    'insurance.claim':
      'they claim on the insurance: [[insurance_claim_section_claim_on_your_insurance]], then [[insurance_claim_section_submit_claim]] (its own plan: insurance-claim)',
    'delayRepay.claim':
      'they claim Delay Repay: [[booking_detail_screen_claim_delay_repay]], then send the claim (its own plan: delay-repay)',
    'ticket.issue': 'they press [[booking_actions_on_demand_ticket_get_ticket_now]] (its own plan: on-demand-ticket)',
    'checkIn.open': 'they press [[booking_actions_check_in]] and check in',
    'passenger.rename': 'they press [[booking_detail_screen_change_name]] beside a passenger and save a new name',
    'assistance.book':
      'they book passenger assistance: [[common_passenger_assistance]], then the request form (its own plan: passenger-assistance-form)',
    'email.resend': 'they press [[booking_actions_resend_booking_email]] and send it',
    'calendar.add': 'they press [[booking_detail_add_to_calendar_button]]',
    'journey.depart':
      'by itself, when the train leaves (the booking is then under Past; Euston → Coventry leaves 90 minutes after the data was seeded)',
    'season.end': "by itself, when a season ticket's last day has passed (the demo weekly season shows the result)",
    'refund.settle':
      'by itself, when the refund service pays the refund out (no control on the local server: its Birmingham → Euston on refunds@example.com shows the result)',
    'refund.reject':
      'by itself, when the refund service rejects the refund, e.g. the tickets never arrived back (no control on the local server: its Glasgow → Edinburgh on refunds@example.com shows the result)',
  },
  states: {
    resolving: "the booking's page as it loads",
    unknown:
      "every action offered (the retailer's answer says nothing of the booking's state; each action's own call decides)",
    active:
      'an upcoming booking: [[refund_entry_cancel_and_refund]], [[insurance_claim_section_claim_on_your_insurance]] (with insurance), [[common_passenger_assistance]], [[booking_actions_resend_booking_email]] and [[booking_detail_add_to_calendar_button]] offered; no [[booking_detail_screen_claim_delay_repay]]',
    'active.booked':
      "an upcoming booking with its ticket not yet issued (e.g. King's Cross → York): [[booking_actions_on_demand_ticket_get_ticket_now]], [[booking_actions_check_in]] and [[booking_detail_screen_change_name]] offered too",
    'active.ticketed':
      'an upcoming booking whose ticket is issued (e.g. Euston → Manchester after [[booking_actions_on_demand_ticket_get_ticket_now]]): the ticket shown, [[booking_actions_check_in]] and [[booking_detail_screen_change_name]] still offered',
    'active.checkedIn':
      'an upcoming booking, checked in: no [[booking_actions_check_in]] and no [[booking_detail_screen_change_name]]',
    travelled:
      'a past booking (e.g. Leeds → Sheffield): [[booking_detail_screen_claim_delay_repay]] offered, and a refund of unused tickets; no ticket, check-in, name change or assistance',
    delayRepayClaimed:
      '[[booking_detail_screen_lifecycle_delay_repay_claimed]] (e.g. Crewe → Liverpool); only [[booking_actions_resend_booking_email]] offered',
    refundInProgress:
      '[[booking_detail_screen_lifecycle_refund_in_progress]] (e.g. Norwich → Liverpool Street on refunds@example.com); [[booking_detail_screen_lifecycle_not_available]] every other action',
    refunded:
      '[[booking_detail_screen_lifecycle_refunded]] (e.g. Birmingham → Euston on refunds@example.com); nothing offered',
    partRefunded:
      '[[booking_detail_screen_lifecycle_part_refunded]] (e.g. Liverpool → Manchester on refunds@example.com), with [[booking_detail_screen_lifecycle_open_new_booking]]',
    changed:
      "[[booking_detail_screen_lifecycle_changed]] (Paddington → Bristol is one, though its page opens the replacement's history instead), with [[booking_detail_screen_lifecycle_open_new_booking]]",
    insuranceClaimed: '[[booking_detail_screen_lifecycle_insurance_claimed]]; nothing offered',
    expired: '[[booking_detail_screen_lifecycle_expired]] (e.g. the weekly season); nothing offered',
  },
  outcomes: {},
};
