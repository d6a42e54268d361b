import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { Acknowledged } from './acknowledged';

const savedCardSpec = { id: v.string() };
/**
 * Saved payment cards. The API never holds a full card number: brand, last four digits, expiry,
 * cardholder name and an expired flag only (PCI DSS: the number stays with the payment provider).
 *
 * docs/product/entities.md names a credit card's `data.id` only (isDeleting and hasDeleteError are the
 * screen's own state), so every other field is a local-server extra, optional here: the screen
 * names a card without brand or last four digits "Saved card 1", "Saved card 2", ... and leaves out
 * the expiry and name lines it has no data for.
 */
export const SavedCard = v.object({
  ...savedCardSpec,
  /** Local-server extra. VISA, MASTERCARD, AMEX, MAESTRO, ... (an unknown brand is shown as sent). */
  brand: v.optional(v.string()),
  /** Local-server extra. */
  lastFourDigits: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/))),
  /** Local-server extra. */
  expiryMonth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
  /** Local-server extra. */
  expiryYear: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100))),
  /** Local-server extra. */
  cardholderName: v.optional(v.string()),
  /** Local-server extra: absent reads as not expired. */
  isExpired: v.optional(v.boolean(), false),
});
export type SavedCard = v.InferOutput<typeof SavedCard>;

export const CardListResponse = v.object({ cards: v.array(SavedCard) });
/** docs/product/api.md lists no answer for delete-card: see Acknowledged. */
export const DeleteCardResponse = Acknowledged;

export const cardBrandLabels: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  MAESTRO: 'Maestro',
};
export const cardBrandLabel = (brand: string): string => cardBrandLabels[brand] ?? brand;

/** "08/27": the form printed on cards. */
export const formatCardExpiry = (card: { expiryMonth: number; expiryYear: number }): string =>
  `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;

/** docs/product/entities.md names a saved card's id alone (spec mode, src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [[SavedCard, savedCardSpec]];
