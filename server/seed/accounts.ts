import { hashPassword } from '../lib/passwords.ts';
import { stableId, type SeedModule } from './context.ts';

export const DEMO_PASSWORD = 'RailDemo!2026';

export const DEMO_ACCOUNT = {
  id: stableId('customer', 'demo'),
  email: 'demo@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Alex',
  lastName: 'Morgan',
} as const;

export const SECOND_ACCOUNT = {
  id: stableId('customer', 'sam'),
  email: 'sam.patel@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Sam',
  lastName: 'Patel',
} as const;

/** The refunds demo account: one booking per refund case (server/seed/refunds.ts). */
export const REFUNDS_ACCOUNT = {
  id: stableId('customer', 'refunds'),
  email: 'refunds@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Robin',
  lastName: 'Hughes',
} as const;

/** The account to try "Download your data" and "Close your account" on (server/seed/your-data.ts). */
export const LEAVING_ACCOUNT = {
  id: stableId('customer', 'leaving'),
  email: 'leaving@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Casey',
  lastName: 'Brooks',
} as const;

type AccountSpec = { id: string; email: string; password: string; firstName: string; lastName: string };

// scrypt is deliberately slow; reseeding (tests reset often) reuses each account's hash per process.
const hashes = new Map<string, Promise<string>>();
function seededHash(account: AccountSpec): Promise<string> {
  const key = `${account.id}:${account.password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(account.password);
    hashes.set(key, hash);
  }
  return hash;
}

/** Demo accounts: Alex Morgan in 'demo' and 'empty'; Sam Patel, Robin Hughes (refunds) and Casey Brooks (your data) in 'demo' only. */
export const accountsSeed: SeedModule = {
  name: 'accounts',
  async run({ db, scenario, now, report }) {
    const accounts: AccountSpec[] =
      scenario === 'demo' ? [DEMO_ACCOUNT, SECOND_ACCOUNT, REFUNDS_ACCOUNT, LEAVING_ACCOUNT] : [DEMO_ACCOUNT];
    for (const account of accounts) {
      await db.query(
        // Demo accounts stand for customers who confirmed their address (decision 150).
        `insert into customers (id, email, password_hash, first_name, last_name, provider, created_at, email_verified_at)
         values ($1, $2, $3, $4, $5, 'internal', $6, $6)`,
        [account.id, account.email, await seededHash(account), account.firstName, account.lastName, now],
      );
      report.accounts.push({
        label: `${account.firstName} ${account.lastName}`,
        email: account.email,
        password: account.password,
      });
    }
  },
};
