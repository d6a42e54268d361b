import { randomBytes, randomUUID } from 'node:crypto';
import { one, type Db, type Queryable } from '../db.ts';
import { addMs, type Clock } from '../lib/clock.ts';
import { requireLifecycleAllows } from './booking-lifecycle.ts';

/**
 * On-demand tickets in the database (docs/decisions/350): a delivery's deliverable, being issued or
 * issued, and the ticket it issued with its reference and code.
 */

/** How long issuing an on-demand ticket takes (server clock), before it is ready or failed. */
export const ON_DEMAND_READY_AFTER_MS = 3500;
export const ON_DEMAND_FAIL_AFTER_MS = 2000;

export type DeliverableRow = {
  id: string;
  booking_id: string;
  outcome: 'ready' | 'failed';
  settles_at: Date;
  reference: string;
  barcode: string;
  requested_at: Date;
};

/**
 * Whether the order was replaced: its tickets are cancelled (a change of journey or a part refund
 * issued the replacement its own), so nothing is issued for them (docs/product/domain.md).
 */
export const isOrderReplaced = async (db: Queryable, orderId: string): Promise<boolean> =>
  (await one(db, 'select 1 from orders where id = $1 and replacement_order_id is not null', [orderId])) !== null;

/**
 * Issues a delivery's ticket once: generating again answers with the deliverable that issued it, or
 * is issuing it, so the reference and the code never change. Checked and written in one transaction,
 * so two presses at once cannot issue two tickets either; no ticket for a booking refunded,
 * exchanged, paid by insurance or already travelled (decision 320). A delivery with a recorded fault
 * fails. `barcodeOf` writes the ticket's code for its reference. Answers the deliverable's id.
 */
export function issueOnDemandTicket(
  db: Db,
  booking: { id: string },
  deliveryId: string,
  clock: Clock,
  barcodeOf: (reference: string) => string,
): Promise<string> {
  return db.transaction(async (tx) => {
    await requireLifecycleAllows(tx, booking.id, 'ticket.issue', clock.now());
    const issued = await one<{ deliverable_id: string }>(
      tx,
      'select deliverable_id from issued_tickets where delivery_id = $1',
      [deliveryId],
    );
    if (issued) return issued.deliverable_id;
    const fault = await one(tx, 'select 1 from on_demand_delivery_faults where delivery_id = $1', [deliveryId]);
    const now = clock.now();
    const id = randomUUID();
    const settlesAt = addMs(now, fault ? ON_DEMAND_FAIL_AFTER_MS : ON_DEMAND_READY_AFTER_MS);
    const reference = `TKT-${randomBytes(4).toString('hex').toUpperCase()}`;
    const barcode = fault ? '' : barcodeOf(reference);
    await tx.query(
      `insert into on_demand_deliverables (id, booking_id, delivery_id, outcome, requested_at, settles_at, reference, barcode)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, booking.id, deliveryId, fault ? 'failed' : 'ready', now, settlesAt, reference, barcode],
    );
    if (!fault) {
      await tx.query(
        `insert into issued_tickets (delivery_id, booking_id, deliverable_id, reference, barcode_data, issued_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [deliveryId, booking.id, id, reference, barcode, settlesAt],
      );
    }
    return id;
  });
}

/** A deliverable of this booking, or null. */
export const findDeliverable = (db: Queryable, deliverableId: string, bookingId: string) =>
  one<DeliverableRow>(db, 'select * from on_demand_deliverables where id = $1 and booking_id = $2', [
    deliverableId,
    bookingId,
  ]);

/** The ticket a deliverable issued, or null. */
export const issuedTicketOf = (db: Queryable, deliverableId: string) =>
  one<{ reference: string; barcode_data: string; issued_at: Date }>(
    db,
    'select reference, barcode_data, issued_at from issued_tickets where deliverable_id = $1',
    [deliverableId],
  );
