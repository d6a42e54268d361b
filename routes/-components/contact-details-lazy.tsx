import { lazy, Suspense } from 'react';

const ContactDetailsChunk = lazy(() => import('./contact-details').then((mod) => ({ default: mod.ContactDetails })));

/**
 * The portal's customer service contact (contact-details.tsx), loaded with import() when it first
 * renders. For screens on the first route (the bookings lists), whose JS must not grow for a block
 * that only a few states show: a rejected refund on a booking card.
 */
export function LazyContactDetails() {
  return (
    <Suspense fallback={null}>
      <ContactDetailsChunk />
    </Suspense>
  );
}
