import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveRegion, liveRegionFillDelayMs } from '#src/ui/live-region';

describe('LiveRegion with a lead', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its lead from the first render and the message in the same region a moment later', async () => {
    const { rerender } = render(
      <LiveRegion as="p" lead={<strong>Change of journey: </strong>}>
        Checking whether this journey can be changed…
      </LiveRegion>,
    );
    const region = screen.getByRole('status');
    // The line is on the page with the screen: its lead is painted first, the message is not yet in.
    expect(region.textContent).toBe('Change of journey: ');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(liveRegionFillDelayMs));
    expect(region.textContent).toBe('Change of journey: Checking whether this journey can be changed…');
    // The answer goes into the same element: announced as a change of a region already there.
    rerender(
      <LiveRegion as="p" lead={<strong>Change of journey: </strong>}>
        You can change this journey before it departs.
      </LiveRegion>,
    );
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Change of journey: You can change this journey before it departs.');
  });

  it('without a lead, is empty until it is filled', async () => {
    render(<LiveRegion>Saved.</LiveRegion>);
    expect(screen.getByRole('status').textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(liveRegionFillDelayMs));
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });
});
