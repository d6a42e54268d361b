import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AppServices } from '#src/services';
import { defaultPageData } from '#src/config/page-data';
import { m } from '#src/paraglide/messages.js';
import { json, renderSignedIn as renderApp } from '#test/helpers/render-signed-in';
import type { ClaimForm } from '#machines/delay-repay';
import { passengerAssistanceCancelMessages } from '#src/copy/passenger-assistance-cancel';
import { passengerAssistanceFormMessages } from '#src/copy/passenger-assistance-form';
import type { Claim } from '#src/schemas/delay-repay';
import { delayRepayDraftKey } from '#routes/-components/delay-repay/delay-repay.flow';

/**
 * The Delay Repay claim and the assistance request and cancel forms load their first data in their
 * route (docs/decisions/730): each route's loader makes the screen's first call, once, and hands its
 * answer (or its failure) to the screen, whose chart starts from it. The real route tree in memory,
 * signed in, the API answered by a fake fetch: `answers` maps an API path (after /my-account/api) to
 * its JSON body or a Response; anything else is a 404. `before` sees the services before the app starts.
 */

const renderSignedIn = (path: string, answers: Record<string, unknown>, before?: (services: AppServices) => void) =>
  renderApp(path, answers, {
    pageData: { ...defaultPageData, features: { ...defaultPageData.features, 'enable-passenger-assistance': true } },
    ...(before ? { before } : {}),
  });

const claim: Claim = {
  claimId: 'c1',
  orderId: 'o1',
  claimType: 'Submission',
  status: 'eligible',
  serviceFee: { amount: 0 },
  compensationToCustomer: { amount: 6.3 },
  customerRegistered: true,
  journeys: [
    {
      direction: 'outward',
      origin: { code: 'LDS', name: 'Leeds' },
      destination: { code: 'SHF', name: 'Sheffield' },
      departureTime: '2026-01-10T18:05:00.000Z',
      arrivalTime: '2026-01-10T18:46:00.000Z',
      operator: 'Northern',
    },
  ],
  delayedJourney: 'outward',
};
const delayField = () =>
  screen.findByLabelText(m.delay_repay_screen_how_many_minutes_late_did(), {}, { timeout: 10_000 });

describe('the claim and assistance forms load their first data in their route (decision 730)', () => {
  it('a claim opened from the bookings loads the claim once, and its form opens', async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/bookings/claim/c1', { '/claim/c1': claim });
    expect(loaded('/_account/bookings/claim/$claimId')).toEqual({ data: claim });
    expect(asked('/claim/c1')).toBe(1);
    expect(((await delayField()) as HTMLInputElement).value).toBe('');
  });

  it("a claim's route lays a draft kept across a sign-in over the loaded claim, and the draft is forgotten", async () => {
    const draft: ClaimForm = {
      direction: 'outward',
      delay: '34',
      paymentType: 'original-payment',
      sortCode: '',
      accountNumber: '',
    };
    let drafts: AppServices['drafts'] | null = null;
    const { loaded, asked } = await renderSignedIn('/my-account/claims/c1', { '/claim/c1': claim }, (services) => {
      drafts = services.drafts;
      // Typed by this account (c1) before a 401 sent it to sign in (decision 161).
      services.drafts.claim(delayRepayDraftKey('c1'), 'c1');
      services.drafts.keep(delayRepayDraftKey('c1'), draft);
    });
    expect(loaded('/_account/claims/$claimId')).toEqual({ data: claim });
    expect(asked('/claim/c1')).toBe(1);
    expect(((await delayField()) as HTMLInputElement).value).toBe('34');
    expect(await screen.findByText(m.delay_repay_draft_restored())).toBeTruthy();
    expect(drafts!.peek(delayRepayDraftKey('c1'), 'c1')).toBeNull();
  });

  it("a claim's failed load is the claim's error with Try again", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/claims/c1', {
      '/claim/c1': json({ errors: [{ code: 'INTERNAL_ERROR' }] }, 500),
    });
    expect(loaded('/_account/claims/$claimId')).toMatchObject({ error: expect.anything() });
    expect(asked('/claim/c1')).toBe(1);
    await screen.findByText(m.delay_repay_load_failed(), {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: m.common_try_again() })).toBeTruthy();
  });

  it("the assistance request's route loads the booking once, and its 404 is the form's not-found message", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/bookings/b1/passenger-assistance/create', {});
    expect(loaded('/_account/bookings/$bookingId/passenger-assistance/create')).toMatchObject({
      error: expect.anything(),
    });
    expect(asked('/booking/b1')).toBe(1);
    await screen.findByText(passengerAssistanceFormMessages.notFound, {}, { timeout: 10_000 });
  });

  it("the assistance cancel's route loads the assistance once, and its failure is the page's error with Try again", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/bookings/b1/passenger-assistance/a1/cancel', {
      '/booking/b1': json({ errors: [{ code: 'INTERNAL_ERROR' }] }, 500),
    });
    expect(loaded('/_account/bookings/$bookingId/passenger-assistance/$id/cancel')).toMatchObject({
      error: expect.anything(),
    });
    expect(asked('/booking/b1')).toBe(1);
    await screen.findByText(passengerAssistanceCancelMessages.loadError, {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: m.common_try_again() })).toBeTruthy();
  });
});
