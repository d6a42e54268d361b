import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ContactPreferencesPanel } from '#routes/-components/contact-preferences/contact-preferences-panel';
import { contactPreferencesMessages } from '#src/copy/contact-preferences';
import { createServices } from '#src/create-services';
import { ServicesContext } from '#src/services';
import { defaultPageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';
import { requestTimeoutMs } from '#src/config/timeouts';
import { liveRegionFillDelayMs } from '#src/ui/live-region';

/** GET answers at once (the spec's consent shape); POST hangs until the client's deadline aborts it. */
const hangingSaves = (() => {
  const body = {
    consents: [
      {
        id: 'offers',
        title: 'Offers and news',
        description: 'Deals on tickets',
        preBody: null,
        selected: false,
        hasEverBeenUpdated: true,
        missingCategoryDescriptor: { title: 'Offers?', description: null, optInCopy: 'Yes', optOutCopy: 'No' },
      },
    ],
    revoked: false,
  };
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method === 'GET')
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
    );
  }) as typeof globalThis.fetch;
})();

afterEach(() => {
  vi.useRealTimers();
});

describe('contact preferences: a hung save', () => {
  it('shows that the changed switch is saving (aria-busy, "Saving…"), then reverts with the error after the deadline', async () => {
    const services = createServices({
      pageData: defaultPageData,
      locale: localeFromPath('/my-account/contact-preferences'),
      hashToken: null,
      onRedirectToLogin: () => {},
      client: { fetch: hangingSaves, baseURL: 'http://localhost/my-account/api' },
    });
    const { container } = render(
      <ServicesContext.Provider value={services}>
        <ContactPreferencesPanel />
      </ServicesContext.Provider>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Offers and news' });
    expect(toggle.getAttribute('aria-busy')).toBeNull();
    // From the change on, only the call's deadline clock is simulated.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await act(async () => {
      fireEvent.click(toggle);
    });
    // The new value shows, and so does the pending sign on that control and on the panel.
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-busy')).toBe('true');
    expect(toggle.closest('li')?.textContent).toContain('Saving…');
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
    });
    expect(toggle.getAttribute('aria-busy'), 'still saving just before the deadline').toBe('true');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(toggle.getAttribute('aria-busy')).toBeNull();
    expect((toggle as HTMLInputElement).checked, 'the unsaved change is undone').toBe(false);
    // The error fills its live region a moment after the region appears (src/ui/live-region.tsx).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(liveRegionFillDelayMs);
    });
    expect(screen.getByText(contactPreferencesMessages.updateError)).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBeNull();
  });
});
