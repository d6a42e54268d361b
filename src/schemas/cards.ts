import * as v from 'valibot';
import { Acknowledged } from './acknowledged';

/**
 * Saved payment cards. The API never holds a full card number: brand, last four digits, expiry,
 * cardholder name and an expired flag only (PCI DSS: the number stays with the payment provider).
 */
export const SavedCard = v.object({
  id: v.string(),
  /** VISA, MASTERCARD, AMEX, MAESTRO, ... (an unknown brand is shown as sent). */
  brand: v.string(),
  lastFourDigits: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100)),
  cardholderName: v.string(),
  isExpired: v.boolean(),
});
export type SavedCard = v.InferOutput<typeof SavedCard>;

export const CardListResponse = v.object({ cards: v.array(SavedCard) });
/** SPEC section 7 lists no answer for delete-card: see Acknowledged. */
export const DeleteCardResponse = Acknowledged;

export const cardBrandLabels: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  MAESTRO: 'Maestro',
};
export const cardBrandLabel = (brand: string): string => cardBrandLabels[brand] ?? brand;

/** "08/27": the form printed on cards. */
export const formatCardExpiry = (card: Pick<SavedCard, 'expiryMonth' | 'expiryYear'>): string =>
  `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
