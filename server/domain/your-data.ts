import { many, one, type Queryable } from '../db.ts';
import { consentCategories } from './consents.ts';
import { passengerJson, type PassengerRow } from './passengers.ts';
import { toAddress } from './addresses.ts';
import { settleRefunds } from './refund-store.ts';
import type { BookingData } from './booking-data.ts';

/**
 * What an account holds, as one document (decision 610), and what closing it leaves (decision 611).
 * The export's sections use the field names the account's own API answers use, so a program that
 * reads the API reads the export; the sections the API has no call for (sign-in history, provider
 * links, the calendar feed) are named here.
 */

export const EXPORT_FORMAT = 'rail-my-account/data-export';
export const EXPORT_VERSION = 1;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type CustomerRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  provider: string;
  has_password: boolean;
  created_at: Date;
  email_verified_at: Date | null;
};

/** The whole account as of `now`: every section always present (an empty list when there is nothing). */
export async function collectAccountData(db: Queryable, customerId: string, now: Date) {
  const customer = await one<CustomerRow>(
    db,
    `select id, email, first_name, last_name, provider, password_hash is not null as has_password, created_at, email_verified_at
     from customers where id = $1`,
    [customerId],
  );
  if (!customer) throw new Error('no such customer');

  const passengerRows = await many<PassengerRow & { created_at: Date; updated_at: Date }>(
    db,
    `select id, customer_id, first_name, last_name, nick_name, email, to_char(date_of_birth, 'YYYY-MM-DD') as dob,
       is_account_holder, created_at, updated_at
     from saved_passengers where customer_id = $1 order by is_account_holder desc, created_at, id`,
    [customerId],
  );
  const railcards = await many<{
    id: string;
    passenger_id: string;
    railcard_type_id: string;
    code: string;
    name: string;
    card_number: string;
    valid_from: string;
    expiry_date: string;
    is_digital: boolean;
    attributes: Record<string, string>;
  }>(
    db,
    `select r.id, r.passenger_id, r.railcard_type_id, t.code, t.name, r.card_number, to_char(r.valid_from, 'YYYY-MM-DD') as valid_from,
       to_char(r.expiry_date, 'YYYY-MM-DD') as expiry_date, r.is_digital, r.attributes
     from passenger_railcards r join railcard_types t on t.id = r.railcard_type_id
     join saved_passengers p on p.id = r.passenger_id
     where p.customer_id = $1 order by r.created_at, r.id`,
    [customerId],
  );
  const addresses = await many<Parameters<typeof toAddress>[0] & { created_at: Date; updated_at: Date }>(
    db,
    'select * from customer_addresses where customer_id = $1 order by created_at, id',
    [customerId],
  );
  const cards = await many<{
    id: string;
    brand: string;
    last_four_digits: string;
    expiry_month: number;
    expiry_year: number;
    cardholder_name: string;
    created_at: Date;
  }>(
    db,
    'select id, brand, last_four_digits, expiry_month, expiry_year, cardholder_name, created_at from saved_cards where customer_id = $1 order by created_at, id',
    [customerId],
  );
  const renewals = await many<{ booking_id: string; card_id: string | null; is_enabled: boolean; updated_at: Date }>(
    db,
    'select booking_id, card_id, is_enabled, updated_at from season_renewals where customer_id = $1 order by booking_id',
    [customerId],
  );
  const smartcards = await many<{
    id: string;
    number_last_four: string;
    operator: string;
    status: string;
    expiry_date: string;
    created_at: Date;
  }>(
    db,
    `select id, number_last_four, operator, status, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date, created_at
     from smartcards where customer_id = $1 order by created_at, id`,
    [customerId],
  );
  const smartcardProducts = await many<{
    id: string;
    smartcard_id: string;
    product_name: string;
    route: string;
    valid_from: string;
    collect_by: string;
    collected_at: Date | null;
  }>(
    db,
    `select p.id, p.smartcard_id, p.product_name, p.route, to_char(p.valid_from, 'YYYY-MM-DD') as valid_from,
       to_char(p.collect_by, 'YYYY-MM-DD') as collect_by, p.collected_at
     from smartcard_products p join smartcards s on s.id = p.smartcard_id where s.customer_id = $1 order by p.valid_from, p.id`,
    [customerId],
  );
  const consentRows = await many<{
    consent_id: string;
    selected: boolean;
    has_ever_been_updated: boolean;
    updated_at: Date;
  }>(
    db,
    'select consent_id, selected, has_ever_been_updated, updated_at from customer_consents where customer_id = $1',
    [customerId],
  );
  const revocation = await one<{ previous: unknown; revoked_at: Date }>(
    db,
    'select previous, revoked_at from consent_revocations where customer_id = $1',
    [customerId],
  );
  const identities = await many<{ provider: string; subject: string; created_at: Date }>(
    db,
    'select provider, subject, created_at from customer_identities where customer_id = $1 order by created_at, provider',
    [customerId],
  );
  const feed = await one<{ created_at: Date; locale: string | null }>(
    db,
    'select created_at, locale from calendar_feeds where customer_id = $1',
    [customerId],
  );
  const sessions = await many<{ created_at: Date; last_seen_at: Date; expires_at: Date }>(
    db,
    'select created_at, last_seen_at, expires_at from sessions where customer_id = $1 order by created_at desc',
    [customerId],
  );
  const emailChanges = await many<{ new_email: string; created_at: Date; expires_at: Date; used_at: Date | null }>(
    db,
    'select new_email, created_at, expires_at, used_at from email_change_requests where customer_id = $1 order by created_at',
    [customerId],
  );

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    preparedAt: now.toISOString(),
    profile: {
      customerId: customer.id,
      email: customer.email,
      emailVerifiedAt: iso(customer.email_verified_at),
      firstName: customer.first_name,
      lastName: customer.last_name,
      signUpMethod: customer.provider,
      hasPassword: customer.has_password,
      createdAt: iso(customer.created_at),
    },
    passengers: passengerRows.map((row) => ({
      ...passengerJson(row),
      dateOfBirth: row.dob,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      railcards: railcards
        .filter((r) => r.passenger_id === row.id)
        .map((r) => ({
          id: r.id,
          railcardTypeId: r.railcard_type_id,
          code: r.code,
          name: r.name,
          cardNumber: r.card_number,
          validFrom: r.valid_from,
          expiryDate: r.expiry_date,
          isDigital: r.is_digital,
          attributes: r.attributes,
        })),
    })),
    addresses: addresses.map((row) => ({
      ...toAddress(row),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    })),
    savedCards: cards.map((row) => ({
      id: row.id,
      brand: row.brand,
      lastFourDigits: row.last_four_digits,
      expiryMonth: row.expiry_month,
      expiryYear: row.expiry_year,
      cardholderName: row.cardholder_name,
      createdAt: iso(row.created_at),
    })),
    seasonRenewals: renewals.map((r) => ({
      bookingId: r.booking_id,
      cardId: r.card_id,
      isEnabled: r.is_enabled,
      updatedAt: iso(r.updated_at),
    })),
    smartcards: smartcards.map((s) => ({
      id: s.id,
      numberLastFour: s.number_last_four,
      operator: s.operator,
      status: s.status,
      expiryDate: s.expiry_date,
      createdAt: iso(s.created_at),
      products: smartcardProducts
        .filter((p) => p.smartcard_id === s.id)
        .map((p) => ({
          id: p.id,
          productName: p.product_name,
          route: p.route,
          validFrom: p.valid_from,
          collectBy: p.collect_by,
          collectedAt: iso(p.collected_at),
        })),
    })),
    contactPreferences: {
      choices: consentCategories(null).map((category) => {
        const row = consentRows.find((r) => r.consent_id === category.id);
        return {
          consentId: category.id,
          title: category.title,
          selected: row?.selected ?? false,
          hasEverBeenUpdated: row?.has_ever_been_updated ?? false,
          updatedAt: row ? iso(row.updated_at) : null,
        };
      }),
      /** "Unsubscribe from all" remembers what it replaced until restored or a new choice is made. */
      unsubscribedFromAll: revocation ? { at: iso(revocation.revoked_at), previousChoices: revocation.previous } : null,
    },
    bookings: await accountBookings(db, customerId, now),
    signInProviders: identities.map((i) => ({
      provider: i.provider,
      providerAccountId: i.subject,
      linkedAt: iso(i.created_at),
    })),
    calendarFeed: {
      enabled: feed !== null,
      createdAt: feed ? iso(feed.created_at) : null,
      language: feed?.locale ?? (feed ? 'en-GB' : null),
    },
    signInHistory: sessions.map((s) => ({
      signedInAt: iso(s.created_at),
      lastUsedAt: iso(s.last_seen_at),
      endsAt: iso(s.expires_at),
    })),
    emailChangeRequests: emailChanges.map((e) => ({
      newEmail: e.new_email,
      requestedAt: iso(e.created_at),
      expiresAt: iso(e.expires_at),
      confirmedAt: iso(e.used_at),
    })),
  };
}

export type AccountData = Awaited<ReturnType<typeof collectAccountData>>;

/** Every booking of the account's orders, with what happened to it: refunds, changes, claims, insurance, assistance. */
async function accountBookings(db: Queryable, customerId: string, now: Date) {
  const rows = await many<{
    id: string;
    order_id: string;
    friendly_order_id: string;
    email: string;
    order_created_at: Date;
    replacement_order_id: string | null;
    is_season: boolean;
    data: BookingData;
    card_brand: string | null;
    card_last4: string | null;
  }>(
    db,
    `select b.id, b.order_id, o.friendly_order_id, o.email, o.created_at as order_created_at, o.replacement_order_id, b.is_season, b.data,
       p.card_brand, p.card_last4
     from bookings b join orders o on o.id = b.order_id left join order_payments p on p.order_id = o.id
     where o.customer_id = $1 order by b.outward_date, b.id`,
    [customerId],
  );
  const ids = rows.map((r) => r.id);
  await settleRefunds(db, ids, now);
  const refunds = await many<{
    id: string;
    booking_id: string;
    kind: string;
    refund_reason: string | null;
    refund_type: string;
    amount: string;
    admin_fee: string;
    currency: string;
    return_mode: string;
    requested_at: Date;
    refunded_at: Date | null;
    rejected_at: Date | null;
    rejected_reason: string | null;
    card_last4: string | null;
  }>(db, 'select * from refunds where booking_id = any($1) order by requested_at, id', [ids]);
  const items = await many<{
    refund_id: string;
    refundable_id: string;
    passenger_id: string;
    direction: string;
    amount: string;
    status: string;
  }>(
    db,
    'select i.* from refund_items i join refunds r on r.id = i.refund_id where r.booking_id = any($1) order by i.refundable_id',
    [ids],
  );
  const changes = await many<{
    id: string;
    source_booking_id: string;
    new_booking_id: string | null;
    status: string;
    requested_at: Date;
    completed_at: Date | null;
    price_difference: string | null;
    currency: string;
  }>(db, 'select * from change_of_journeys where source_booking_id = any($1) order by requested_at', [ids]);
  const claims = await many<{
    id: string;
    booking_id: string;
    claim_type: string;
    status: string;
    delayed_direction: string;
    delay_minutes: number;
    compensation: string | null;
    status_reason: string | null;
    submitted_details: unknown;
    submitted_at: Date | null;
    created_at: Date;
  }>(db, 'select * from delay_repay_claims where booking_id = any($1) order by created_at, id', [ids]);
  const insurance = await many<{
    id: string;
    booking_id: string;
    kind: string;
    premium: string;
    claim_reference: string | null;
    claimed_at: Date | null;
  }>(
    db,
    `select p.id, p.booking_id, p.kind, p.premium, c.reference as claim_reference, c.claimed_at
     from insurance_products p left join insurance_claims c on c.product_id = p.id and c.claimed_at is not null
     where p.booking_id = any($1) order by p.created_at, p.id`,
    [ids],
  );
  const assistance = await many<{
    id: string;
    booking_id: string;
    passenger_id: string;
    direction: string;
    kinds: string[];
    details: string | null;
    status: string;
    created_at: Date;
    cancelled_at: Date | null;
  }>(db, 'select * from passenger_assistance where booking_id = any($1) order by created_at, id', [ids]);
  const money = (amount: string | number | null, currencyCode: string) =>
    amount === null ? null : { amount: Number(amount), currencyCode };
  return rows.map((r) => ({
    bookingId: r.id,
    orderId: r.order_id,
    reference: r.friendly_order_id,
    orderEmail: r.email,
    bookedAt: iso(r.order_created_at),
    replacedByOrderId: r.replacement_order_id,
    isSeason: r.is_season,
    payment: r.card_last4 ? { cardBrand: r.card_brand, cardLastFour: r.card_last4 } : null,
    booking: r.data,
    refunds: refunds
      .filter((f) => f.booking_id === r.id)
      .map((f) => ({
        refundId: f.id,
        kind: f.kind,
        reason: f.refund_reason,
        type: f.refund_type,
        amount: money(f.amount, f.currency),
        adminFee: money(f.admin_fee, f.currency),
        returnMode: f.return_mode,
        requestedAt: iso(f.requested_at),
        refundedAt: iso(f.refunded_at),
        rejectedAt: iso(f.rejected_at),
        rejectedReason: f.rejected_reason,
        cardLastFour: f.card_last4,
        items: items
          .filter((i) => i.refund_id === f.id)
          .map((i) => ({
            ticketId: i.refundable_id,
            passengerId: i.passenger_id,
            direction: i.direction,
            amount: money(i.amount, f.currency),
            status: i.status,
          })),
      })),
    changesOfJourney: changes
      .filter((c) => c.source_booking_id === r.id)
      .map((c) => ({
        changeId: c.id,
        newBookingId: c.new_booking_id,
        status: c.status,
        requestedAt: iso(c.requested_at),
        completedAt: iso(c.completed_at),
        priceDifference: money(c.price_difference, c.currency),
      })),
    delayRepayClaims: claims
      .filter((c) => c.booking_id === r.id)
      .map((c) => ({
        claimId: c.id,
        claimType: c.claim_type,
        status: c.status,
        delayedDirection: c.delayed_direction,
        delayMinutes: c.delay_minutes,
        compensation: c.compensation === null ? null : Number(c.compensation),
        statusReason: c.status_reason,
        submitted: c.submitted_details,
        submittedAt: iso(c.submitted_at),
        createdAt: iso(c.created_at),
      })),
    insurance: insurance
      .filter((p) => p.booking_id === r.id)
      .map((p) => ({
        productId: p.id,
        kind: p.kind,
        premium: Number(p.premium),
        claimReference: p.claim_reference,
        claimedAt: iso(p.claimed_at),
      })),
    passengerAssistance: assistance
      .filter((a) => a.booking_id === r.id)
      .map((a) => ({
        assistanceId: a.id,
        passengerId: a.passenger_id,
        direction: a.direction,
        kinds: a.kinds,
        details: a.details,
        status: a.status,
        bookedAt: iso(a.created_at),
        cancelledAt: iso(a.cancelled_at),
      })),
  }));
}

/** Something that must finish before the account can close (decision 611): a refund, a claim or a change of journey under way. */
export type OpenMatter = { kind: 'refund' | 'claim' | 'change-of-journey'; reference: string };

/** Delay Repay statuses where money is still to be decided or paid. */
const OPEN_CLAIM_STATUSES = ['processing', 'submitted', 'approved'];

export async function openMatters(db: Queryable, customerId: string, now: Date): Promise<OpenMatter[]> {
  const bookings = await many<{ id: string }>(
    db,
    'select b.id from bookings b join orders o on o.id = b.order_id where o.customer_id = $1',
    [customerId],
  );
  // A refund whose time to settle has come is paid first: only the ones still running count.
  await settleRefunds(
    db,
    bookings.map((b) => b.id),
    now,
  );
  return many<OpenMatter>(
    db,
    `select 'refund' as kind, o.friendly_order_id as reference from refunds r join orders o on o.id = r.order_id
       where o.customer_id = $1 and r.refunded_at is null and r.rejected_at is null
     union
     select 'claim', o.friendly_order_id from delay_repay_claims c join orders o on o.id = c.order_id
       where o.customer_id = $1 and c.status = any($2)
     union
     select 'change-of-journey', o.friendly_order_id from change_of_journeys j join orders o on o.id = j.source_order_id
       where o.customer_id = $1 and j.status = 'IN_PROGRESS'
     order by 1, 2`,
    [customerId, OPEN_CLAIM_STATUSES],
  );
}

/**
 * Closes the account (decision 611), in the caller's transaction. Deleted: the customer row and
 * everything hanging from it (sessions, saved passengers and their railcards, addresses, cards and
 * the renewals they pay, smartcards, contact preferences, marketing links, the calendar feed,
 * provider links, sign-in and reset links, pending changes of email, data exports), the counters
 * and idempotency answers kept under the account's id or email, the addresses booking emails were
 * resent to, and assistance booked for journeys already travelled. Kept: each order as it was
 * bought (its reference, email, passengers, tickets, payment's last four digits, refunds and
 * claims), now belonging to no account, so Find a booking still finds it.
 */
export async function closeAccount(db: Queryable, customer: { id: string; email: string }, now: Date): Promise<void> {
  const orders = await many<{ id: string }>(db, 'select id from orders where customer_id = $1', [customer.id]);
  const orderIds = orders.map((o) => o.id);
  await db.query(
    `delete from passenger_assistance a using bookings b
     where a.booking_id = b.id and b.order_id = any($1) and coalesce(b.inward_date, b.outward_date) < $2`,
    [orderIds, now],
  );
  await db.query(
    'delete from booking_email_resends r using bookings b where r.booking_id = b.id and b.order_id = any($1)',
    [orderIds],
  );
  await db.query('delete from attempt_counters where key = $1 or key = $2', [customer.id, customer.email]);
  await db.query('delete from idempotency_keys where owner = $1', [`customer:${customer.id}`]);
  // Orders lose their account first (their bookings and the list counts follow by trigger), then the account goes.
  await db.query('update orders set customer_id = null where customer_id = $1', [customer.id]);
  await db.query('delete from customers where id = $1', [customer.id]);
  await db.query('delete from booking_counts where customer_id = $1', [customer.id]);
}
