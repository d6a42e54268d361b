/**
 * The retailer behind every portal, as its VAT receipts name it (docs/decisions/351). Configuration,
 * not copy: a deployment for another retailer changes these lines. The VAT number is the one HMRC
 * registered the seller under (GB and 9 digits); this one is the demo retailer's.
 */
import { privacyPhone } from './contact';

export const retailer = {
  legalName: 'Rail Tickets Retail Ltd',
  address: ['1 Station Approach', 'London', 'NW1 2DU', 'United Kingdom'],
  vatNumber: 'GB 123 4567 89',
  /**
   * Where a customer asks for a copy of their data or to close their account when the API offers
   * no such calls (decision 611): the data protection contact the privacy notice names.
   */
  privacyContact: { email: 'privacy@example.com', phone: privacyPhone },
} as const;
