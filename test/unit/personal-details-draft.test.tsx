import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { PersonalDetailsForm } from '#routes/-components/personal-details/personal-details-form';
import { personalDetailsCopy } from '#routes/-components/personal-details/personal-details-copy';
import { createServices } from '#src/create-services';
import { ServicesContext, type AppServices } from '#src/services';
import { defaultPageData } from '#src/config/page-data';
import { localeFromPath } from '#src/config/locales';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The account's details load; the save answers 401 (the session ended meanwhile). */
const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname.endsWith('/user'))
    return json(200, {
      user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
      ufacSession: null,
      isRegistered: true,
    });
  if (url.pathname.endsWith('/customer/personal-details') && (init?.method ?? 'GET') === 'GET') {
    return json(200, { firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com' });
  }
  return json(401, { errors: [{ code: 'UNAUTHORISED' }] });
}) as typeof globalThis.fetch;

const renderForm = async (services: AppServices) => {
  await act(async () => {
    render(
      <ServicesContext.Provider value={services}>
        {/* The form's links need a router; this one has the form as its only screen. */}
        <RouterProvider
          router={createRouter({
            routeTree: createRootRoute({ component: PersonalDetailsForm }),
            history: createMemoryHistory({ initialEntries: ['/'] }),
          })}
        />
      </ServicesContext.Provider>,
    );
  });
  return (await screen.findByLabelText('First name')) as HTMLInputElement;
};

describe('personal details: a 401 on save', () => {
  it('goes to login and keeps the typed name in memory only, restored on the same screen after sign-in', async () => {
    const redirects: string[] = [];
    const services = createServices({
      pageData: defaultPageData,
      locale: localeFromPath('/my-account/personal-details'),
      hashToken: null,
      onRedirectToLogin: () => redirects.push('/login'),
      client: { fetch, baseURL: 'http://localhost/my-account/api' },
    });
    services.authActor.start();
    const storageBefore = JSON.stringify({ ...localStorage });

    const first = await renderForm(services);
    fireEvent.change(first, { target: { value: 'Alexandra' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /save/i }));
    });
    await screen.findByText(/could not save your personal details/);
    expect(redirects, 'docs/product/roles.md: 401 goes to login').toEqual(['/login']);
    expect(JSON.stringify({ ...localStorage }), 'never in localStorage').toBe(storageBefore);
    expect(window.location.href).not.toContain('Alexandra');

    // Signed in again: the same screen opens afresh and shows what was typed, not yet saved.
    cleanup();
    act(() => {
      services.authActor.send({
        type: 'auth.loggedIn',
        response: {
          user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
          ufacSession: null,
          isRegistered: true,
        },
      });
    });
    const again = await renderForm(services);
    expect(again.value).toBe('Alexandra');
    // The notice fills its live region a moment after the region appears (src/ui/live-region.tsx).
    expect(await screen.findByText(personalDetailsCopy.draftRestored)).toBeTruthy();
    // A disabled submit is aria-disabled (it keeps the focus): not disabled means no aria-disabled.
    expect(
      screen.getByRole('button', { name: /save/i }).getAttribute('aria-disabled'),
      'the draft can be saved',
    ).toBeNull();

    // Shown once: a later visit loads the saved details only.
    cleanup();
    const later = await renderForm(services);
    expect(later.value).toBe('Alex');
    expect(screen.queryByText(personalDetailsCopy.draftRestored)).toBeNull();
  });

  it("never shows one account's draft to another account signed in on the same browser", async () => {
    const services = createServices({
      pageData: defaultPageData,
      locale: localeFromPath('/my-account/personal-details'),
      hashToken: null,
      onRedirectToLogin: () => {},
      client: { fetch, baseURL: 'http://localhost/my-account/api' },
    });
    services.authActor.start();
    const first = await renderForm(services);
    fireEvent.change(first, { target: { value: 'Alexandra' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /save/i }));
    });
    await screen.findByText(/could not save your personal details/);

    // Someone else signs in on this browser and opens personal details.
    cleanup();
    act(() => {
      services.authActor.send({
        type: 'auth.loggedIn',
        response: {
          user: { id: 'c2', email: 'sam@example.com', provider: 'internal', status: 'AUTHORISED' },
          ufacSession: null,
          isRegistered: true,
        },
      });
    });
    const other = await renderForm(services);
    expect(other.value).toBe('Alex');
    expect(screen.queryByText(personalDetailsCopy.draftRestored)).toBeNull();

    // And the draft is gone, not merely hidden: the first account back finds nothing either.
    cleanup();
    act(() => {
      services.authActor.send({
        type: 'auth.userUpdated',
        response: {
          user: { id: 'c1', email: 'demo@example.com', provider: 'internal', status: 'AUTHORISED' },
          ufacSession: null,
          isRegistered: true,
        },
      });
    });
    const back = await renderForm(services);
    expect(back.value).toBe('Alex');
    expect(screen.queryByText(personalDetailsCopy.draftRestored)).toBeNull();
  });
});
