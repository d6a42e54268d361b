import type { Db } from '../db.ts';
import { accountsSeed } from './accounts.ts';
import { bookingActionsSeed } from './booking-actions.ts';
import { bookingHistorySeed } from './booking-history.ts';
import { bookingsSeed } from './bookings.ts';
import { consentsSeed } from './consents.ts';
import type { Scenario, SeedModule, SeedReport } from './context.ts';
import { delayRepaySeed } from './delay-repay.ts';
import { guestOrdersSeed } from './guest-orders.ts';
import { insuranceSeed } from './insurance.ts';
import { passengerAssistanceSeed } from './passenger-assistance.ts';
import { passengersSeed } from './passengers.ts';
import { bookingsListsSeed } from './bookings-lists.ts';
import { refundsSeed } from './refunds.ts';
import { yourDataSeed } from './your-data.ts';
import { walletSeed } from './wallet.ts';

/** Seed modules in dependency order; add one module per area (each decides what each scenario gets). */
export const seedModules: SeedModule[] = [
  accountsSeed,
  bookingsSeed,
  guestOrdersSeed,
  consentsSeed,
  bookingHistorySeed,
  bookingsListsSeed,
  passengersSeed,
  bookingActionsSeed,
  walletSeed,
  delayRepaySeed,
  insuranceSeed,
  passengerAssistanceSeed,
  refundsSeed,
  yourDataSeed,
];

/** Seeds `scenario` into an empty database in one transaction ('fresh' seeds nothing). */
export async function seed(db: Db, scenario: Scenario = 'demo', opts: { now?: Date } = {}): Promise<SeedReport> {
  const report: SeedReport = { accounts: [], guestLinks: [] };
  if (scenario === 'fresh') return report;
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    for (const module of seedModules) await module.run({ db: tx, scenario, now, report });
  });
  return report;
}
