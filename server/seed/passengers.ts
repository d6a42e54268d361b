import type { Queryable } from '../db.ts';
import { insertCatalogue } from '../domain/railcard-catalogue.ts';
import { DEMO_ACCOUNT } from './accounts.ts';
import { stableId, type SeedModule } from './context.ts';

/** ISO date `years` years and `days` days from `now` (negative goes back). */
const shift = (now: Date, years: number, days = 0): string => {
  const d = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
};

export const DEMO_PASSENGERS = {
  alex: stableId('passenger', 'demo-alex'),
  jamie: stableId('passenger', 'demo-jamie'),
  ruby: stableId('passenger', 'demo-ruby'),
  pat: stableId('passenger', 'demo-pat'),
} as const;

export const DEMO_RAILCARDS = {
  alex2630: stableId('railcard', 'demo-alex-26-30'),
  alexTwoTogether: stableId('railcard', 'demo-alex-two-together'),
  jamieNetworkExpired: stableId('railcard', 'demo-jamie-network'),
  patSenior: stableId('railcard', 'demo-pat-senior'),
} as const;

async function passenger(
  db: Queryable,
  row: {
    id: string;
    firstName: string;
    lastName: string;
    nickName?: string;
    email?: string;
    dob: string;
    holder?: boolean;
  },
  now: Date,
) {
  await db.query(
    `insert into saved_passengers (id, customer_id, first_name, last_name, nick_name, email, date_of_birth, is_account_holder, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [
      row.id,
      DEMO_ACCOUNT.id,
      row.firstName,
      row.lastName,
      row.nickName ?? null,
      row.email ?? null,
      row.dob,
      row.holder ?? false,
      now,
    ],
  );
}

async function railcard(
  db: Queryable,
  row: {
    id: string;
    passengerId: string;
    type: string;
    cardNumber: string;
    expiry: string;
    digital?: boolean;
    attributes?: Record<string, string>;
  },
) {
  await db.query(
    `insert into passenger_railcards (id, passenger_id, railcard_type_id, card_number, valid_from, expiry_date, is_digital, attributes)
     values ($1, $2, $3, $4, ($5::date - interval '1 year')::date, $5, $6, $7)`,
    [
      row.id,
      row.passengerId,
      row.type,
      row.cardNumber,
      row.expiry,
      row.digital ?? false,
      JSON.stringify(row.attributes ?? {}),
    ],
  );
}

/**
 * The railcard catalogue (every scenario), and the demo account's passengers: Alex Morgan (account
 * holder, 28, a valid 26-30 and a digital Two Together shared with Jamie), Jamie Morgan (an expired
 * Network Railcard), Ruby Morgan (a child, 9) and Pat Morgan (66, a valid Senior Railcard).
 * 'empty' gets Alex's own passenger only; Sam Patel gets none (created on first visit).
 */
export const passengersSeed: SeedModule = {
  name: 'passengers',
  async run({ db, scenario, now }) {
    await insertCatalogue(db);
    const t = (i: number) => new Date(now.getTime() - (10 - i) * 1000); // stable order, before anything added later
    await passenger(
      db,
      {
        id: DEMO_PASSENGERS.alex,
        firstName: DEMO_ACCOUNT.firstName,
        lastName: DEMO_ACCOUNT.lastName,
        email: DEMO_ACCOUNT.email,
        dob: shift(now, -28, -40),
        holder: true,
      },
      t(0),
    );
    if (scenario !== 'demo') return;
    await passenger(
      db,
      {
        id: DEMO_PASSENGERS.jamie,
        firstName: 'Jamie',
        lastName: 'Morgan',
        email: 'jamie.morgan@example.com',
        dob: shift(now, -31, 75),
      },
      t(1),
    );
    await passenger(
      db,
      { id: DEMO_PASSENGERS.ruby, firstName: 'Ruby', lastName: 'Morgan', nickName: 'Ruby', dob: shift(now, -9, 120) },
      t(2),
    );
    await passenger(
      db,
      {
        id: DEMO_PASSENGERS.pat,
        firstName: 'Patricia',
        lastName: 'Morgan',
        nickName: 'Grandma Pat',
        dob: shift(now, -66, 20),
      },
      t(3),
    );

    await railcard(db, {
      id: DEMO_RAILCARDS.alex2630,
      passengerId: DEMO_PASSENGERS.alex,
      type: '26-30',
      cardNumber: 'TST4821907',
      expiry: shift(now, 0, 214),
    });
    await railcard(db, {
      id: DEMO_RAILCARDS.alexTwoTogether,
      passengerId: DEMO_PASSENGERS.alex,
      type: 'two-together',
      cardNumber: 'TWO7730516',
      expiry: shift(now, 0, 301),
      digital: true,
      attributes: { secondHolderName: 'Jamie Morgan' },
    });
    await railcard(db, {
      id: DEMO_RAILCARDS.jamieNetworkExpired,
      passengerId: DEMO_PASSENGERS.jamie,
      type: 'network',
      cardNumber: 'NEW3302148',
      expiry: shift(now, 0, -52),
    });
    await railcard(db, {
      id: DEMO_RAILCARDS.patSenior,
      passengerId: DEMO_PASSENGERS.pat,
      type: 'senior',
      cardNumber: 'SRN5519024',
      expiry: shift(now, 0, 96),
    });
  },
};
