import type { Queryable } from '../db.ts';
import { DAY_MS } from '../lib/clock.ts';
import { DEMO_ACCOUNT } from './accounts.ts';
import { stableId, type SeedModule } from './context.ts';

/**
 * The demo account's address book, saved cards and smartcards ('demo' only; 'empty' gets none).
 * Addresses: home (last used for delivery), work, a French address.
 * Cards: Visa, Mastercard (pays the annual season's automatic renewal, decision 440: its deletion is
 * refused with 409 CARD_IN_USE until that renewal is turned off or moved to another card;
 * the deterministic delete-error path), an expired American Express.
 * Smartcards: an active Northern card with a ticket awaiting collection, an inactive Greater Anglia card.
 */
export const WALLET_IDS = {
  homeAddress: stableId('address', 'demo-home'),
  workAddress: stableId('address', 'demo-work'),
  frenchAddress: stableId('address', 'demo-paris'),
  visa: stableId('card', 'demo-visa'),
  mastercard: stableId('card', 'demo-mastercard'),
  amex: stableId('card', 'demo-amex'),
  /** The Reading → London Paddington annual season (seeded by bookings.ts). */
  renewingSeason: stableId('booking', 'demo-season-annual-reading:0'),
  activeSmartcard: stableId('smartcard', 'demo-northern'),
  inactiveSmartcard: stableId('smartcard', 'demo-greater-anglia'),
} as const;

type AddressSeed = {
  id: string;
  nickName: string | null;
  lines: [string, string | null, string | null, string | null, string | null];
  postCode: string | null;
  iso: string;
  type: 'delivery' | 'billing';
  lastUsed: boolean;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

async function insertAddress(db: Queryable, customerId: string, a: AddressSeed, createdAt: Date) {
  await db.query(
    `insert into customer_addresses
       (id, customer_id, nick_name, line1, line2, line3, line4, line5, post_code, iso_country_code, iso_state_code, type,
        is_last_used_delivery, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, null, $11, $12, $13, $13)`,
    [a.id, customerId, a.nickName, ...a.lines, a.postCode, a.iso, a.type, a.lastUsed, createdAt],
  );
}

export const walletSeed: SeedModule = {
  name: 'wallet',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    const customerId = DEMO_ACCOUNT.id;

    const addresses: AddressSeed[] = [
      {
        id: WALLET_IDS.homeAddress,
        nickName: 'Home',
        lines: ['14 Clifton Road', null, null, 'York', 'North Yorkshire'],
        postCode: 'YO30 6AE',
        iso: 'GB',
        type: 'delivery',
        lastUsed: true,
      },
      {
        id: WALLET_IDS.workAddress,
        nickName: 'Work',
        lines: ['Floor 3, Northern House', '2 Whitworth Street', null, 'Manchester', null],
        postCode: 'M1 3BE',
        iso: 'GB',
        type: 'billing',
        lastUsed: false,
      },
      {
        id: WALLET_IDS.frenchAddress,
        nickName: 'Paris flat',
        lines: ['8 Rue de Rivoli', 'Appartement 12', null, 'Paris', null],
        postCode: '75004',
        iso: 'FR',
        type: 'delivery',
        lastUsed: false,
      },
    ];
    for (const [i, a] of addresses.entries())
      await insertAddress(db, customerId, a, new Date(now.getTime() - (90 - i) * DAY_MS));

    const year = now.getUTCFullYear();
    const cards = [
      { id: WALLET_IDS.visa, brand: 'VISA', last4: '4242', month: 9, year: year + 2 },
      { id: WALLET_IDS.mastercard, brand: 'MASTERCARD', last4: '5100', month: 3, year: year + 3 },
      { id: WALLET_IDS.amex, brand: 'AMEX', last4: '1005', month: 6, year: year - 1 },
    ];
    for (const [i, card] of cards.entries()) {
      await db.query(
        `insert into saved_cards (id, customer_id, brand, last_four_digits, expiry_month, expiry_year, cardholder_name, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          card.id,
          customerId,
          card.brand,
          card.last4,
          card.month,
          card.year,
          'Alex Morgan',
          new Date(now.getTime() - (60 - i) * DAY_MS),
        ],
      );
    }
    // The current annual season renews automatically, paid by the Mastercard.
    await db.query(
      `insert into season_renewals (booking_id, customer_id, card_id, is_enabled, updated_at) values ($1, $2, $3, true, $4)`,
      [WALLET_IDS.renewingSeason, customerId, WALLET_IDS.mastercard, addDays(now, -60)],
    );

    await db.query(
      `insert into smartcards (id, customer_id, number_last_four, operator, status, expiry_date, created_at)
       values ($1, $2, '8901', 'Northern', 'ACTIVE', $3, $4), ($5, $2, '3317', 'Greater Anglia', 'INACTIVE', $6, $7)`,
      [
        WALLET_IDS.activeSmartcard,
        customerId,
        isoDay(addDays(now, 3 * 365)),
        addDays(now, -200),
        WALLET_IDS.inactiveSmartcard,
        isoDay(addDays(now, 400)),
        addDays(now, -150),
      ],
    );
    await db.query(
      `insert into smartcard_products (id, smartcard_id, product_name, route, origin, destination, valid_from, collect_by)
       values ($1, $2, 'Off-Peak Day Return', 'Leeds to York', 'Leeds', 'York', $3, $4)`,
      [
        stableId('smartcard-product', 'demo-leeds-york'),
        WALLET_IDS.activeSmartcard,
        isoDay(addDays(now, 5)),
        isoDay(addDays(now, 5)),
      ],
    );
  },
};
