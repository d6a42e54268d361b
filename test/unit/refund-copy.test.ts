import { describe, expect, it } from 'vitest';
import { ineligibilityCopy, itemGroupCopy, refundReasonLabels } from '#routes/-components/refunds/refund-copy';
import { ineligibilityReasons, refundItemGroups, refundReasons } from '#src/schemas/refunds';

describe('refund copy', () => {
  it('explains every ineligibility reason of spec section 4 with a next step', () => {
    expect(Object.keys(ineligibilityCopy).sort()).toEqual([...ineligibilityReasons].sort());
    expect(ineligibilityReasons).toHaveLength(15);
    for (const reason of ineligibilityReasons) {
      const copy = ineligibilityCopy[reason];
      expect(copy.title.length, reason).toBeGreaterThan(10);
      expect(copy.explanation.length, reason).toBeGreaterThan(20);
      expect(copy.next.length, reason).toBeGreaterThan(20);
    }
  });
  it('groups item statuses as the spec does', () => {
    expect(itemGroupCopy.error.statuses).toEqual(refundItemGroups.error);
    expect(itemGroupCopy.inProgress.statuses).toEqual(refundItemGroups.inProgress);
    expect(itemGroupCopy.done.statuses).toEqual(refundItemGroups.done);
  });
  it('labels every refund reason', () => {
    expect(Object.keys(refundReasonLabels).sort()).toEqual([...refundReasons].sort());
  });
});
