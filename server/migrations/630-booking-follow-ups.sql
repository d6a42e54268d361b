-- What follows a booking's lifecycle (docs/decisions/630-what-follows-a-bookings-lifecycle.md):
-- assistance cancelled with its tickets says why, and the emails the screens promise (the refund
-- confirmation, the insurance claim, the cancelled assistance, the registration confirmation) are
-- kept in the outbox like the others.
alter table passenger_assistance add column cancelled_because text
  check (cancelled_because is null or cancelled_because in ('refunded', 'insurance-claimed'));

alter table outbox_emails drop constraint outbox_emails_kind_check;
alter table outbox_emails add constraint outbox_emails_kind_check
  check (kind in ('booking-confirmation', 'password-reset', 'email-change', 'sign-in-link', 'registration',
    'refund-confirmation', 'insurance-claim', 'assistance-cancelled', 'data-export', 'account-closed'));

-- A whole booking refunded because its train was cancelled or delayed gives back the booking fee
-- too (no charge of ours stays when the railway let the customer down): the part of the total that
-- is the fee, so the VAT receipt shows it at the fee's own rate.
alter table refund_quotes add column fees_refunded numeric(10, 2) not null default 0;
alter table refunds add column fees_refunded numeric(10, 2) not null default 0;
