/**
 * VAT on a rail order as UK retailers show it on a receipt (docs/decisions/351): passenger rail
 * fares are zero-rated (VAT Act 1994, Schedule 8, Group 8), and so is what a refund of them gives
 * back; a booking or card fee the retailer charges is a separate supply at the standard rate, 20%,
 * its VAT shown apart. Prices are VAT-inclusive: the VAT in a gross amount at rate r is
 * gross × r / (100 + r), one sixth at 20%. Amounts are in pence, so sums and roundings are exact.
 */
export const STANDARD_RATE = 20;
export const ZERO_RATE = 0;

export type ReceiptLineKind = 'fare' | 'fee' | 'refund';

export interface ReceiptLine {
  kind: ReceiptLineKind;
  description: string;
  /** VAT-inclusive amount in pence; negative for a refund. */
  grossPence: number;
}

export interface VatBand {
  rate: number;
  grossPence: number;
  vatPence: number;
  netPence: number;
}

export const rateOf = (kind: ReceiptLineKind): number => (kind === 'fee' ? STANDARD_RATE : ZERO_RATE);

/** The VAT in a VAT-inclusive amount, rounded to the penny (half away from zero). */
export const vatIn = (grossPence: number, rate: number): number => {
  const exact = (Math.abs(grossPence) * rate) / (100 + rate);
  return Math.sign(grossPence) * Math.round(exact);
};

/** Per rate: gross, VAT and net (zero-rated band first), and the order's totals. */
export function vatSummary(lines: readonly ReceiptLine[]): {
  bands: VatBand[];
  grossPence: number;
  vatPence: number;
  netPence: number;
} {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(rateOf(line.kind), (byRate.get(rateOf(line.kind)) ?? 0) + line.grossPence);
  const bands = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, grossPence]) => {
      const vatPence = vatIn(grossPence, rate);
      return { rate, grossPence, vatPence, netPence: grossPence - vatPence };
    });
  const grossPence = bands.reduce((sum, b) => sum + b.grossPence, 0);
  const vatPence = bands.reduce((sum, b) => sum + b.vatPence, 0);
  return { bands, grossPence, vatPence, netPence: grossPence - vatPence };
}

export const toPence = (amount: number): number => Math.round(amount * 100);
