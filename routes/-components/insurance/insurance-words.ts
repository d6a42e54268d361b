import type { InsuranceErrorReason } from '#machines/insurance-claim';
import { m } from '#src/paraglide/messages.js';

/**
 * The words of each eligibility failure the insurance claim chart names (machines/insurance-claim.ts
 * holds no words): docs/product/validation.md gives the first two verbatim.
 */
export const insuranceErrorWords: Record<InsuranceErrorReason, () => string> = {
  'unexpected-format': () => m.insurance_claim_unexpected_format(),
  'not-claimable': () => m.insurance_claim_not_claimable(),
  'check-failed': () => m.insurance_claim_system_error(),
};
