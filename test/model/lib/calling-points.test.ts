import { describe, expect, it } from 'vitest';
import { callingPointsInput, type CallingPointsLeg } from '#machines/lib/calling-points';

/** The call a leg's card makes and the boot file prefetches: one path and query for both. */
describe('callingPointsInput: the calling-points call a leg asks for', () => {
  const leg: CallingPointsLeg = {
    date: '2026-12-03T00:00:00Z',
    departureTime: '2026-12-04T00:15:00Z',
    timetableId: 'T123',
    origin: { code: 'KGX' },
    destination: { code: 'EDB' },
  };

  it('asks by timetable id, the departure’s day and the two stations', () => {
    expect(callingPointsInput(leg)).toEqual({
      timetableId: 'T123',
      date: '2026-12-04',
      origin: 'KGX',
      destination: 'EDB',
    });
  });

  it('without a departure time, the leg’s own day', () => {
    expect(callingPointsInput({ ...leg, departureTime: null })).toEqual({
      timetableId: 'T123',
      date: '2026-12-03',
      origin: 'KGX',
      destination: 'EDB',
    });
  });

  it.each([
    ['no timetable id', { timetableId: null }],
    ['an empty timetable id', { timetableId: '' }],
    ['no origin', { origin: null }],
    ['no destination', { destination: null }],
  ])('%s: no call, the card shows no calling points', (_, change) => {
    expect(callingPointsInput({ ...leg, ...change })).toBeNull();
  });
});
