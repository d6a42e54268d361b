import { createHash } from 'node:crypto';
import type { Queryable } from '../db.ts';

export const SCENARIOS = ['demo', 'empty', 'fresh'] as const;
/** demo: the full demo data set; empty: the demo account with no bookings; fresh: schema only. */
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(name: string): name is Scenario {
  return (SCENARIOS as readonly string[]).includes(name);
}

export type SeedAccount = { label: string; email: string; password: string };
export type SeedGuestLink = { bookingId: string; orderId: string; email: string; token: string };
/** A Delay Repay email link: `/my-account/claim-token#token={token}` opens that one claim. */
export type SeedClaimLink = { claimId: string; email: string; token: string };

/** What a seed run created that people need to know (printed by `npm start`, used by tests). */
export type SeedReport = { accounts: SeedAccount[]; guestLinks: SeedGuestLink[]; claimLinks?: SeedClaimLink[] };

export type SeedContext = {
  db: Queryable;
  scenario: Scenario;
  /** "Now" at seeding time: every seeded date is relative to it. */
  now: Date;
  report: SeedReport;
};

/** One area's seed data. Add a module per area to `seedModules` in ./index.ts. */
export type SeedModule = { name: string; run(ctx: SeedContext): Promise<void> };

/** A stable UUID-shaped id for seeded rows, so links and tests can name them across reseeds. */
export function stableId(kind: string, key: string): string {
  const hex = createHash('sha256').update(`${kind}:${key}`).digest('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), `4${hex.slice(13, 16)}`, `8${hex.slice(17, 20)}`, hex.slice(20, 32)].join(
    '-',
  );
}

/** The id of the first booking of a seeded order (the factory keys bookings `${orderKey}:${index}`). */
export const bookingIdOf = (key: string) => stableId('booking', `${key}:0`);

const FRIENDLY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A friendly order id like `TL-7Q4K2M`, stable for a given key. */
export function stableFriendlyOrderId(key: string): string {
  const bytes = createHash('sha256').update(`friendly:${key}`).digest();
  let id = '';
  for (let i = 0; i < 6; i++) id += FRIENDLY_ALPHABET[(bytes[i] ?? 0) % FRIENDLY_ALPHABET.length];
  return `TL-${id}`;
}
