import { describe, expect, it } from 'vitest';
import { checkInDestination } from '#routes/-components/booking-actions/check-in-screen';

describe('checkInDestination (only same-origin /my-account pages are followed)', () => {
  it('turns the returned page into the router path', () => {
    expect(checkInDestination('/my-account/bookings/b1?checkedIn=true')).toBe('/bookings/b1?checkedIn=true');
    expect(checkInDestination('/my-account/order-token/b1?checkedIn=true')).toBe('/order-token/b1?checkedIn=true');
    expect(checkInDestination('/de/my-account/bookings/b1')).toBe('/bookings/b1');
  });

  it('refuses anything else', () => {
    for (const url of [
      'https://evil.example/my-account/bookings/b1',
      '//evil.example/my-account/',
      '/somewhere-else',
      '/my-account-evil/x',
      'javascript:alert(1)',
      '/my-account/login',
      '/my-account\\..\\x',
    ]) {
      expect(checkInDestination(url), url).toBeNull();
    }
  });
});
