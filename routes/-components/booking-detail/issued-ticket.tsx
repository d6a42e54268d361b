import { useCallback, useEffect, useRef, useState } from 'react';
import { portalInfo } from '#src/config/portals';
import { ticketTypes, ticketValidity } from '#src/documents/ticket-facts';
import type { Booking, Order } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { m } from '#src/paraglide/messages.js';
import { journeyName } from '../journey-name';
import { passengerName, ticketTypeName, ukDate, ukDateTime } from '../booking-format';
import * as styles from './booking-detail.css';
import { pdfFileName, useDocumentDownload } from './use-document-download';

type IssuedTicketData = NonNullable<NonNullable<Booking['delivery']>['issuedTicket']>;

/** "Mon, 1 Dec 2026", or "Mon, 1 Dec 2026 to Wed, 3 Dec 2026" (UK days). */
const validityText = (booking: Booking, locale: string) => {
  const { from, until } = ticketValidity(booking);
  const first = ukDate(from, locale);
  const last = ukDate(until, locale);
  return first === last ? first : m.booking_detail_screen_date_range({ date: first, date2: last });
};

/** When a leg leaves, in UK time. */
const leaves = (leg: Booking['outward'], locale: string) => ukDateTime(leg.departureTime ?? leg.date, locale);

const classText = (booking: Booking) =>
  booking.tickets.some((t) => t.fareClass === 'first')
    ? m.booking_detail_screen_first_class()
    : m.booking_detail_screen_standard_class();

/**
 * The issued mobile ticket (docs/decisions/350): its Aztec code, drawn in the page by bwip-js
 * (loaded with import() the first time, so no route's first JS carries it), the facts a guard
 * checks, and "Download ticket" as a PDF. Shown again on every visit, and offline from the kept
 * booking (decision 250), because the code comes from the booking answer. Without the code's data
 * (an API that does not send it), the reference stands in.
 */
export function IssuedTicket({
  booking,
  order,
  ticket,
  focusOnShow,
}: {
  booking: Booking;
  order: Order;
  ticket: IssuedTicketData;
  focusOnShow: boolean;
}) {
  const { locale, pageData } = useServices();
  const heading = useRef<HTMLHeadingElement>(null);
  // Just issued on this page: the button that asked for it has gone, so focus moves here.
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const [code, setCode] = useState<{ url: string } | 'failed' | null>(null);
  const data = ticket.barcode ?? null;
  useEffect(() => {
    if (!data) return;
    let live = true;
    import('#src/documents/ticket-code')
      .then(({ ticketCode, ticketCodeDataUrl }) => {
        if (live) setCode({ url: ticketCodeDataUrl(ticketCode(data)) });
      })
      .catch(() => {
        if (live) setCode('failed');
      });
    return () => {
      live = false;
    };
  }, [data]);

  const names = booking.passengers.map(passengerName).join(', ');
  const types = ticketTypes(booking).map(ticketTypeName).join(', ');
  const journey = journeyName(booking.outward, locale.tag);

  const build = useCallback(async () => {
    // Never a PDF of a withdrawn ticket (decision 570), whatever the answer still carried.
    if (ticket.withdrawn) throw new Error('ticket withdrawn');
    const { buildTicketPdf } = await import('#src/documents/ticket-pdf');
    const bytes = await buildTicketPdf({
      title: m.booking_detail_issued_ticket_pdf_title({ reference: ticket.reference }),
      brand: portalInfo[pageData.portal].brandName,
      journey,
      rows: [
        { label: m.common_outward(), value: leaves(booking.outward, locale.tag) },
        ...(booking.inward ? [{ label: m.common_return(), value: leaves(booking.inward, locale.tag) }] : []),
        ...(names ? [{ label: m.booking_detail_issued_ticket_passengers(), value: names }] : []),
        ...(types
          ? [{ label: m.booking_detail_issued_ticket_ticket_type(), value: `${types}, ${classText(booking)}` }]
          : []),
        { label: m.common_valid(), value: validityText(booking, locale.tag) },
        { label: m.booking_detail_issued_ticket_ticket_reference(), value: ticket.reference },
        { label: m.booking_detail_screen_order_reference(), value: order.friendlyOrderId },
        { label: m.booking_detail_screen_ticket_issued(), value: ukDateTime(ticket.issuedAt, locale.tag) },
      ],
      barcodeData: data,
      // The same words as the code's image on the screen: the PDF's Figure says them to a screen reader.
      codeAlt: m.booking_detail_issued_ticket_code_alt({ reference: ticket.reference }),
      codeCaption: data
        ? m.booking_detail_issued_ticket_show_code()
        : m.booking_detail_issued_ticket_no_code({ reference: ticket.reference }),
      language: locale.tag,
    });
    return { bytes, fileName: pdfFileName('ticket-', ticket.reference) };
  }, [booking, order.friendlyOrderId, ticket, data, journey, names, types, locale.tag, pageData.portal]);
  const pdf = useDocumentDownload(build);

  return (
    <section className={styles.section} aria-labelledby="ticket-heading">
      <h2 id="ticket-heading" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {m.booking_detail_issued_ticket_heading()}
      </h2>
      {data ? (
        <>
          <div className={styles.ticketCode}>
            {code === null && <span className={styles.meta}>{m.booking_detail_issued_ticket_drawing()}</span>}
            {code !== null && code !== 'failed' && (
              <img
                className={styles.ticketCodeImage}
                src={code.url}
                alt={m.booking_detail_issued_ticket_code_alt({ reference: ticket.reference })}
              />
            )}
            {code === 'failed' && (
              <span className={styles.meta}>
                {m.booking_detail_issued_ticket_code_failed({ reference: ticket.reference })}
              </span>
            )}
          </div>
          <p className={styles.meta}>{m.booking_detail_issued_ticket_show_code()}</p>
        </>
      ) : (
        <p className={styles.meta}>{m.booking_detail_issued_ticket_no_code({ reference: ticket.reference })}</p>
      )}
      <dl className={styles.facts}>
        <dt>{m.booking_detail_issued_ticket_ticket_reference()}</dt>
        <dd>{ticket.reference}</dd>
        {types && (
          <>
            <dt>{m.booking_detail_issued_ticket_ticket_type()}</dt>
            <dd>
              {types}, {classText(booking)}
            </dd>
          </>
        )}
        {names && (
          <>
            <dt>{m.booking_detail_issued_ticket_passengers()}</dt>
            <dd>{names}</dd>
          </>
        )}
        <dt>{m.common_valid()}</dt>
        <dd>{validityText(booking, locale.tag)}</dd>
        <dt>{m.booking_detail_screen_ticket_issued()}</dt>
        <dd>{ukDateTime(ticket.issuedAt, locale.tag)}</dd>
      </dl>
      <div className={styles.documentActions}>
        <Button
          tone="secondary"
          busy={pdf.state === 'preparing'}
          busyLabel={m.booking_detail_issued_ticket_preparing()}
          onClick={() => void pdf.download()}
        >
          {m.booking_detail_issued_ticket_download()}
        </Button>
      </div>
      {pdf.state === 'failed' && <Alert tone="error">{m.booking_detail_issued_ticket_download_failed()}</Alert>}
    </section>
  );
}

/**
 * A ticket issued and then withdrawn (decision 570): the booking was refunded, exchanged or paid by
 * insurance. Its reference and that it can no longer be used; no code and no "Download ticket".
 */
export function WithdrawnTicket({ reference }: { reference: string }) {
  return (
    <section className={styles.section} aria-labelledby="ticket-heading">
      <h2 id="ticket-heading" className={styles.sectionTitle}>
        {m.booking_detail_issued_ticket_heading()}
      </h2>
      <p className={styles.meta}>{m.booking_detail_issued_ticket_withdrawn({ reference })}</p>
    </section>
  );
}
