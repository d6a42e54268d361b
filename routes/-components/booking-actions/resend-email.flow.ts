import { fromPromise } from 'xstate';
import { resendEmailMachine } from '#machines/resend-email';
import { bookingActionsApi } from '#src/api/booking-actions';
import { defineFlow } from '#src/flow';

/** Resend the booking email, bound to the API once (src/flow.tsx); the booking comes in as input. */
export const resendEmailFlow = defineFlow(resendEmailMachine)(({ api, pageData }) => {
  const actions = bookingActionsApi(api);
  return {
    actors: {
      resendEmail: fromPromise(async ({ input }) => {
        // Only offered with a delivery (booking-actions.tsx), which the spec's request needs.
        if (!input.booking) throw new Error('resend needs the booking delivery method');
        await actions.resendEmail({
          emailAddresses: input.emailAddresses,
          bookingId: input.booking.bookingId,
          orderId: input.booking.orderId,
          deliveryMethod: input.booking.deliveryMethod,
          vendor: pageData.portal,
        });
      }),
    },
  };
});
