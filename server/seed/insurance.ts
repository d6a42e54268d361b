import { one } from '../db.ts';
import { bookingIdOf, stableId, type SeedModule } from './context.ts';
import { insertDisruption } from './refunds.ts';
import type { BookingData } from '../domain/booking-data.ts';

/**
 * Flexible insurance ('demo' only), docs/decisions/090-delay-repay-and-insurance.md: one product of
 * each kind on existing bookings, one of them not claimable. Seeded after ./delay-repay.ts.
 */
export const DEMO_INSURANCE: {
  key: string;
  kind: 'Essential' | 'Trip' | 'TripCover';
  premium: number;
  note: string;
}[] = [
  { key: 'demo-upcoming-euston-manchester', kind: 'Essential', premium: 2.99, note: 'claimable: before departure' },
  { key: 'demo-upcoming-kingscross-york', kind: 'Trip', premium: 4.99, note: 'claimable: before departure' },
  {
    key: 'demo-past-leeds-sheffield',
    kind: 'TripCover',
    premium: 6.49,
    note: 'claimable after departure: the journey was delayed',
  },
  { key: 'demo-past-more-rdg-bri', kind: 'Essential', premium: 2.99, note: 'not claimable: the journey has departed' },
];

export const insuranceProductId = (key: string) => stableId('insurance', key);

export const insuranceSeed: SeedModule = {
  name: 'insurance',
  async run({ db, scenario, now }) {
    if (scenario !== 'demo') return;
    for (const p of DEMO_INSURANCE) {
      const booking = await one<{ id: string; order_id: string; created_at: Date }>(
        db,
        'select id, order_id, created_at from bookings where id = $1',
        [bookingIdOf(p.key)],
      );
      if (!booking) throw new Error(`insurance seed: no booking ${p.key}`);
      await db.query(
        'insert into insurance_products (id, order_id, booking_id, kind, premium, created_at) values ($1, $2, $3, $4, $5, $6)',
        [insuranceProductId(p.key), booking.order_id, booking.id, p.kind, p.premium, booking.created_at],
      );
    }

    // Euston → Manchester's train is cancelled (announced now): its insurance and a disruption refund
    // are each open to the customer, and only one of them pays (one ticket, one payout; decision 320).
    const euston = await one<{ data: BookingData }>(db, 'select data from bookings where id = $1', [
      bookingIdOf('demo-upcoming-euston-manchester'),
    ]);
    if (euston) {
      await insertDisruption(db, 'demo-upcoming-euston-manchester', euston.data.outward, {
        kind: 'cancelled',
        description: 'Cancelled: a shortage of train crew',
        announcedAt: now,
      });
    }
  },
};
