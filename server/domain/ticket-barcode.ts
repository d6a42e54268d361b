import { createHmac } from 'node:crypto';
import { one, type Queryable } from '../db.ts';
import { randomToken } from '../lib/tokens.ts';
import type { BookingData } from './booking-data.ts';

/**
 * What an issued mobile ticket's Aztec code carries (docs/decisions/350-tickets-receipts-and-outbox.md).
 * Great Britain's mobile tickets are Aztec codes a gate or a guard's handset reads; the real format
 * (RSP's) is signed by the issuer so a copy with altered fields is refused. This is the same idea in
 * plain text: the fields a check needs, then a keyed signature over them, `|`-separated:
 *
 *   GBRT1|TKT-1A2B3C4D|EUS|MAN|2026-12-01|2026-12-01|Off-Peak Single|S|2A0C|<signature>
 *
 * version, ticket reference, origin and destination (CRS), first and last day of validity (UK
 * dates), ticket type, class (S standard, F first), adults and children, then the first 16
 * characters of an HMAC-SHA256 (base64url) over everything before it, keyed by a server secret.
 */
export const TICKET_BARCODE_VERSION = 'GBRT1';

const ukDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** First and last UK day the ticket may be used: a season's validity, else the outward day to the return's day. */
export function ticketValidity(data: BookingData): { from: string; until: string } {
  if (data.season) return { from: ukDate(data.season.validFrom), until: ukDate(data.season.validUntil) };
  return { from: ukDate(data.outward.date), until: ukDate((data.inward ?? data.outward).date) };
}

/** Text fields are plain ASCII (accents dropped, anything else "?") and may not carry the separator. */
const field = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\|/g, '/');

export function ticketBarcodeData(secret: string, reference: string, data: BookingData): string {
  const { from, until } = ticketValidity(data);
  const types = [...new Set(data.tickets.map((t) => t.type))].join(' + ') || 'Ticket';
  const fareClass = data.tickets.some((t) => t.fareClass === 'first') ? 'F' : 'S';
  const adults = data.passengers.filter((p) => p.type === 'adult').length;
  const children = data.passengers.length - adults;
  const fields = [
    TICKET_BARCODE_VERSION,
    field(reference),
    data.outward.origin.code,
    data.outward.destination.code,
    from,
    until,
    field(types),
    fareClass,
    `${adults}A${children}C`,
  ].join('|');
  return `${fields}|${ticketSignature(secret, fields)}`;
}

export const ticketSignature = (secret: string, fields: string): string =>
  createHmac('sha256', secret).update(fields).digest('base64url').slice(0, 16);

/** Loads (or on first use creates) the key the tickets' codes are signed with. */
export async function loadTicketSecret(db: Queryable): Promise<string> {
  const existing = await one<{ value: string }>(db, `select value from app_secrets where name = 'tickets'`);
  if (existing) return existing.value;
  await db.query(`insert into app_secrets (name, value) values ('tickets', $1) on conflict (name) do nothing`, [
    randomToken(32),
  ]);
  const created = await one<{ value: string }>(db, `select value from app_secrets where name = 'tickets'`);
  if (!created) throw new Error('ticket secret missing after insert');
  return created.value;
}
