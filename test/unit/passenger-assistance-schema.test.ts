import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  assistanceFormErrors,
  assistanceFormMessages,
  PassengerAssistancesResponse,
  valuesToAssistanceInput,
  type AssistanceBooking,
} from '#src/schemas/passenger-assistance';

const booking: Pick<AssistanceBooking, 'passengers' | 'legs'> = {
  passengers: [{ id: 'p-alex', name: 'Alex Morgan' }],
  legs: [
    {
      direction: 'outward',
      origin: 'London Euston',
      destination: 'Coventry',
      departureTime: '2026-11-23T10:00:00.000Z',
    },
  ],
};

describe('the spec call response (GET …/orders/{orderId}/products/{bookingId})', () => {
  it('accepts items with only the fields other screens rely on (no local-server extras)', () => {
    const parsed = v.safeParse(PassengerAssistancesResponse, {
      passengerAssistances: [{ id: 'a1', passengerId: 'p-alex', direction: 'inward', kinds: ['luggage'] }],
    });
    expect(parsed.success).toBe(true);
  });
  it('refuses an unknown kind of help or direction, and a body without passengerAssistances', () => {
    const item = { id: 'a1', passengerId: 'p-alex', direction: 'outward', kinds: ['ramp'] };
    expect(
      v.safeParse(PassengerAssistancesResponse, { passengerAssistances: [{ ...item, kinds: ['taxi'] }] }).success,
    ).toBe(false);
    expect(
      v.safeParse(PassengerAssistancesResponse, { passengerAssistances: [{ ...item, direction: 'return' }] }).success,
    ).toBe(false);
    expect(v.safeParse(PassengerAssistancesResponse, { assistances: [item] }).success).toBe(false);
  });
});

describe('the request form', () => {
  it('needs a passenger of the booking, one of its legs and a kind of help; details up to 500', () => {
    expect(
      assistanceFormErrors({ passengerId: '', direction: '', kinds: [], details: 'x'.repeat(501) }, booking),
    ).toEqual({
      passengerId: assistanceFormMessages.passengerRequired,
      direction: assistanceFormMessages.directionRequired,
      kinds: assistanceFormMessages.kindsRequired,
      details: 'Details can only be up to 500 characters',
    });
    expect(
      assistanceFormErrors({ passengerId: 'p-jamie', direction: 'inward', kinds: ['ramp'], details: '' }, booking),
    ).toEqual({
      passengerId: assistanceFormMessages.passengerRequired,
      direction: assistanceFormMessages.directionRequired,
    });
    expect(
      assistanceFormErrors(
        { passengerId: 'p-alex', direction: 'outward', kinds: ['ramp'], details: 'x'.repeat(500) },
        booking,
      ),
    ).toEqual({});
  });
  it('sends kinds in catalogue order and blank details as null', () => {
    expect(
      valuesToAssistanceInput({
        passengerId: 'p-alex',
        direction: 'outward',
        kinds: ['guidance', 'ramp'],
        details: '   ',
      }),
    ).toEqual({
      passengerId: 'p-alex',
      direction: 'outward',
      kinds: ['ramp', 'guidance'],
      details: null,
    });
  });
});
