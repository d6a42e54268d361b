/**
 * The retailer behind every portal, as its VAT receipts name it (docs/decisions/351). Configuration,
 * not copy: a deployment for another retailer changes these lines. The VAT number is the one HMRC
 * registered the seller under (GB and 9 digits); this one is the demo retailer's.
 */
export const retailer = {
  legalName: 'Rail Tickets Retail Ltd',
  address: ['1 Station Approach', 'London', 'NW1 2DU', 'United Kingdom'],
  vatNumber: 'GB 123 4567 89',
} as const;
