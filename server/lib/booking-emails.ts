import type { BookingData } from '../domain/booking-data.ts';
import type { AssistanceEnding, EndedAssistance } from '../domain/assistance-follows-tickets.ts';
import type { AppDeps } from './app-env.ts';
import { appLink, createEmailCopy } from './email-copy.ts';
import type { Queryable } from '../db.ts';
import { queueEmail, type QueuedEmail } from './outbox.ts';
import { DEFAULT_PUBLIC_ORIGIN } from './public-origin.ts';

/**
 * The emails that follow money moving on a booking (docs/decisions/630-what-follows-a-bookings-lifecycle.md),
 * each one a screen promises: the refund confirmation ("We'll email the refund confirmation to…"),
 * the insurance claim ("We'll email you about your refund"), and the assistance cancelled with its
 * tickets. Written to the outbox (decision 352) in the customer's language (the app's locale, sent
 * as Accept-Language), through the transaction that moves the money (`tx`), so the row stands
 * exactly when the money moved (docs/decisions/720-outbox-row-in-the-same-transaction.md); the
 * caller delivers the answers (`deliverEmails`) after the commit.
 */
const copy = createEmailCopy();

export type BookingEmailTarget = {
  deps: AppDeps;
  locale: string | null;
  /** The booking's mailbox: the order's email. */
  to: string;
  reference: string;
  bookingId: string;
  data: BookingData;
  /** A customer opens the booking in their account; a guest finds it again with its reference. */
  signedIn: boolean;
};

const linkOf = (t: BookingEmailTarget) =>
  appLink(
    t.deps.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN,
    t.locale,
    t.signedIn ? `/bookings/${t.bookingId}` : '/find-booking',
  );

const journey = (t: BookingEmailTarget) => ({
  reference: t.reference,
  from: t.data.outward.origin.name,
  to: t.data.outward.destination.name,
});

const nameOf = (data: BookingData, passengerId: string) => {
  const p = data.passengers.find((x) => x.id === passengerId);
  return p ? `${p.firstName} ${p.lastName}` : '';
};

const moneyText = (locale: string | null, amount: number, currency: string) =>
  new Intl.NumberFormat(locale ?? 'en-GB', { style: 'currency', currency }).format(amount);

/** The refund request was accepted: for whom, how much, and where it goes. */
export async function queueRefundConfirmation(
  tx: Queryable,
  t: BookingEmailTarget,
  refund: { passengerIds: readonly string[]; amount: number; currency: string },
): Promise<QueuedEmail> {
  const names = [...new Set(refund.passengerIds)].map((id) => nameOf(t.data, id)).filter(Boolean);
  return queueEmail(tx, t.deps.clock.now(), {
    kind: 'refund-confirmation',
    to: [t.to],
    subject: copy(t.locale, 'email_refund_subject', { reference: t.reference }),
    body: copy(t.locale, 'email_refund_body', {
      ...journey(t),
      passengers: names.join(', '),
      amount: moneyText(t.locale, refund.amount, refund.currency),
      link: linkOf(t),
    }),
    locale: t.locale,
  });
}

/** The insurance claim was accepted: the tickets are cancelled and the insurer refunds the trip. */
export async function queueInsuranceClaimConfirmation(
  tx: Queryable,
  t: BookingEmailTarget,
  claim: { claimReference: string; cover: string },
): Promise<QueuedEmail> {
  return queueEmail(tx, t.deps.clock.now(), {
    kind: 'insurance-claim',
    to: [t.to],
    subject: copy(t.locale, 'email_insurance_claim_subject', { claimReference: claim.claimReference }),
    body: copy(t.locale, 'email_insurance_claim_body', { ...journey(t), ...claim, link: linkOf(t) }),
    locale: t.locale,
  });
}

const KIND_KEYS: Record<string, string> = {
  ramp: 'form_passenger_assistance_ramp',
  wheelchair: 'form_passenger_assistance_wheelchair',
  luggage: 'form_passenger_assistance_luggage',
  guidance: 'form_passenger_assistance_guidance',
};

/** The help cancelled with the tickets, one line per passenger and leg; nothing is sent when none was booked. */
export async function queueAssistanceCancelled(
  tx: Queryable,
  t: BookingEmailTarget,
  ended: readonly EndedAssistance[],
  because: AssistanceEnding,
): Promise<QueuedEmail | null> {
  if (ended.length === 0) return null;
  const items = ended.map((a) =>
    copy(t.locale, 'email_assistance_cancelled_item', {
      name: nameOf(t.data, a.passenger_id),
      leg: copy(t.locale, a.direction === 'outward' ? 'common_outward' : 'common_return', {}),
      kinds: a.kinds.map((k) => copy(t.locale, KIND_KEYS[k] ?? 'form_passenger_assistance_guidance', {})).join(', '),
    }),
  );
  return queueEmail(tx, t.deps.clock.now(), {
    kind: 'assistance-cancelled',
    to: [t.to],
    subject: copy(t.locale, 'email_assistance_cancelled_subject', { reference: t.reference }),
    body: copy(
      t.locale,
      because === 'refunded' ? 'email_assistance_cancelled_refunded_body' : 'email_assistance_cancelled_insurance_body',
      {
        ...journey(t),
        items: items.join('; '),
        link: linkOf(t),
      },
    ),
    locale: t.locale,
  });
}
