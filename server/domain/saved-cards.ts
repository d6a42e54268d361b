/** A saved card is valid to the end of its expiry month. */
export function isCardExpired(card: { expiry_month: number; expiry_year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expiry_year < year || (card.expiry_year === year && card.expiry_month < month);
}
