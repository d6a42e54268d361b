import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { m } from '#src/paraglide/messages.js';
import { json, renderSignedIn } from '#test/helpers/render-signed-in';
import { addressFormMessages } from '#src/copy/address-form';
import type { Address } from '#src/schemas/addresses';
import { refundBooking } from '#test/model/fixtures/refund-fixtures';

/**
 * The form screens whose first data their route loads (docs/decisions/730): each route's loader
 * makes the screen's first call, once, and hands its answer (or its failure) to the screen. The real
 * route tree in memory, signed in, the API answered by a fake fetch: `answers` maps an API path
 * (after /my-account/api) to its JSON body; anything else is a 404.
 */

describe('form screens load their first data in their route (decision 730)', () => {
  const booking = refundBooking();

  it("the refund page's route loads the booking and the URL quote's selection, once", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/bookings/b1/refund?quoteId=q1&from=detail', {
      '/partial-refunds/b1': booking,
    });
    expect(loaded('/_account/bookings/$bookingId/refund/')).toEqual({ data: booking });
    // The chart starts from it: it does not ask again, and goes on to quote.
    expect(asked('/partial-refunds/b1?quoteId=q1')).toBe(1);
    await waitFor(() => expect(asked(`/refund-quote/${booking.orderId}/b1`)).toBe(1));
  });

  it("the not-available page's route loads the booking, and a failed load is the page's error with Try again", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/bookings/b1/refund/ineligible', {
      '/partial-refunds/b1': json({ errors: [{ code: 'INTERNAL_ERROR' }] }, 500),
    });
    expect(loaded('/_account/bookings/$bookingId/refund/ineligible')).toMatchObject({ error: expect.anything() });
    expect(asked('/partial-refunds/b1')).toBe(1);
    await screen.findByText(m.refund_request_load_failed());
    expect(screen.getByRole('button', { name: m.common_try_again() })).toBeTruthy();
  });

  const home: Address = {
    id: 'home',
    countryCode: 'GBR',
    isoCountryCode: 'GB',
    isoStateCode: null,
    countryName: 'United Kingdom',
    isLastUsedDelivery: true,
    line1: '12 Station Road',
    line2: null,
    line3: null,
    line4: 'York',
    line5: null,
    nickName: 'Home',
    postCode: 'YO1 6GA',
    type: 'delivery',
  };

  it('the edit-address route loads the address once, and the form opens filled in with it', async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/address-book/home', {
      '/customer/address/home': home,
    });
    expect(loaded('/_account/address-book/$addressId')).toEqual({ data: home });
    expect(asked('/customer/address/home')).toBe(1);
    expect(await screen.findByDisplayValue('12 Station Road')).toBeTruthy();
  });

  it("the edit-address route's 404 is the form's not-found message", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/address-book/gone', {});
    expect(loaded('/_account/address-book/$addressId')).toMatchObject({ error: expect.anything() });
    expect(asked('/customer/address/gone')).toBe(1);
    await screen.findByText(addressFormMessages.notFound);
  });
});
