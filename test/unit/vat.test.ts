import { describe, expect, it } from 'vitest';
import { rateOf, vatIn, vatSummary } from '#src/documents/vat';

describe('VAT as UK rail carries it (src/documents/vat.ts)', () => {
  it('zero-rates fares and refunds, and charges fees at the standard 20%', () => {
    expect([rateOf('fare'), rateOf('refund'), rateOf('fee')]).toEqual([0, 0, 20]);
  });

  it('takes the VAT out of a VAT-inclusive amount (one sixth at 20%), to the penny', () => {
    expect(vatIn(150, 20)).toBe(25);
    expect(vatIn(100, 20)).toBe(17); // 16.67
    expect(vatIn(-150, 20)).toBe(-25);
    expect(vatIn(4250, 0)).toBe(0);
  });

  it('sums per rate, zero-rated first, with refunds taken off the fares', () => {
    const summary = vatSummary([
      { kind: 'fare', description: 'Advance Single', grossPence: 4250 },
      { kind: 'fare', description: 'Advance Single', grossPence: 4250 },
      { kind: 'fee', description: 'Booking fee', grossPence: 150 },
      { kind: 'refund', description: 'Refund', grossPence: -3250 },
    ]);
    expect(summary.bands).toEqual([
      { rate: 0, grossPence: 5250, vatPence: 0, netPence: 5250 },
      { rate: 20, grossPence: 150, vatPence: 25, netPence: 125 },
    ]);
    expect(summary).toMatchObject({ grossPence: 5400, vatPence: 25, netPence: 5375 });
  });

  it('an order of fares only has no standard-rated band and no VAT', () => {
    const summary = vatSummary([{ kind: 'fare', description: 'Off-Peak Return', grossPence: 9840 }]);
    expect(summary.bands).toEqual([{ rate: 0, grossPence: 9840, vatPence: 0, netPence: 9840 }]);
    expect(summary.vatPence).toBe(0);
  });
});
