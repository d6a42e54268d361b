import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { m } from '#src/paraglide/messages.js';
import { json, renderSignedIn as renderApp } from '#test/helpers/render-signed-in';
import { personalDetailsMessages } from '#src/copy/personal-details';
import { contactPreferencesMessages } from '#src/copy/contact-preferences';

/**
 * The account's form screens whose first data their route loads (docs/decisions/730): personal
 * details, contact preferences, the edit-passenger form and the railcard forms. Each route's loader
 * makes the screen's first calls, once, and the screen opens on their answer (or their failure)
 * without asking again. The real route tree in memory, signed in, the API answered by a fake fetch:
 * `answers` maps an API path (after /my-account/api) to its JSON body; anything else is a 404.
 */

/** Only GETs count, each by its path exactly as asked. */
const renderSignedIn = async (path: string, answers: Record<string, unknown>) => {
  const { loaded, requests } = await renderApp(path, answers);
  const asked = (apiPath: string) => requests.filter((r) => r.method === 'GET' && r.path === apiPath).length;
  return { loaded, asked };
};

const failed = () => json({ errors: [{ code: 'INTERNAL_ERROR' }] }, 500);
const PASSENGERS = '/_account/_passengers-feature/passengers-and-railcards';

const details = { firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com', shouldUpdatePassenger: false };
const consents = {
  consents: [
    {
      id: 'email-offers',
      title: 'Email offers',
      description: 'Offers and news by email.',
      preBody: '',
      selected: true,
      hasEverBeenUpdated: true,
      missingCategoryDescriptor: { title: 'Email offers?', description: '', optInCopy: 'Yes', optOutCopy: 'No' },
    },
  ],
  revoked: false,
};
const passenger = {
  id: 'p1',
  firstName: 'Robin',
  lastName: 'Smith',
  nickName: null,
  emailAddress: 'robin@example.com',
  day: '14',
  month: '03',
  year: '1998',
  isAccountHolder: false,
};
const railcardType = {
  id: '26-30',
  name: '26-30 Railcard',
  price: { amount: 30, currencyCode: 'GBP' },
  scopes: ['national'],
  termsAndConditions: '',
  railcardDetails: {
    code: 'YNG',
    discount: '1/3 off',
    eligibility: 'Aged 26 to 30',
    validityMonths: 12,
    maxCardHolders: 1,
  },
  attributes: [],
};
const heldCard = {
  passenger: { id: 'p1', firstName: 'Robin', lastName: 'Smith' },
  railcard: {
    id: 'h1',
    railcardId: '26-30',
    name: '26-30 Railcard',
    price: { amount: 30, currencyCode: 'GBP' },
    scopes: ['national'],
    termsAndConditions: '',
    railcardDetails: { code: 'YNG', discount: '1/3 off', cardNumber: 'YNG7730516', isDigital: false },
    cardHolders: ['Robin Smith'],
    expiryDate: '2099-12-01',
    status: 'valid',
    attributes: {},
  },
};

// The first test also waits for the route tree's lazy chunks, seconds on a busy machine.
describe("the account's form screens load their first data in their route (decision 730)", { timeout: 30_000 }, () => {
  it('the personal details route loads the details once, and the form opens filled in with them', async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/personal-details', {
      '/customer/personal-details': details,
    });
    expect(loaded('/_account/personal-details')).toEqual({ data: details });
    expect(await screen.findByDisplayValue('Morgan')).toBeTruthy();
    expect(asked('/customer/personal-details')).toBe(1);
  });

  it("the personal details route's failed load is the form's error with Try again", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/personal-details', {
      '/customer/personal-details': failed(),
    });
    expect(loaded('/_account/personal-details')).toMatchObject({ error: expect.anything() });
    await screen.findByText(personalDetailsMessages.fetchFailed);
    expect(screen.getByRole('button', { name: m.common_try_again() })).toBeTruthy();
    expect(asked('/customer/personal-details')).toBe(1);
  });

  it('the contact preferences route loads the consents once, and the panel opens on them', async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/contact-preferences', {
      '/customer/consents': consents,
    });
    expect(loaded('/_account/contact-preferences')).toEqual({ data: consents });
    expect(await screen.findByRole('switch', { name: consents.consents[0]!.title })).toBeTruthy();
    expect(asked('/customer/consents')).toBe(1);
  });

  it("the contact preferences route's failed load is the panel's error with Try again", async () => {
    const { loaded } = await renderSignedIn('/my-account/contact-preferences', { '/customer/consents': failed() });
    expect(loaded('/_account/contact-preferences')).toMatchObject({ error: expect.anything() });
    await screen.findByText(contactPreferencesMessages.fetchError);
    expect(screen.getByRole('button', { name: m.common_try_again() })).toBeTruthy();
  });

  it('the edit-passenger route loads the passenger once, and the form opens filled in with it', async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/passengers-and-railcards/edit-passenger/p1', {
      '/passengers/saved-passenger/p1': passenger,
    });
    expect(loaded(`${PASSENGERS}/edit-passenger/$passengerId`)).toEqual({ data: passenger });
    expect(await screen.findByDisplayValue('Robin')).toBeTruthy();
    expect(asked('/passengers/saved-passenger/p1')).toBe(1);
  });

  it("the edit-passenger route's 404 is the form's not-found message", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/passengers-and-railcards/edit-passenger/gone', {});
    expect(loaded(`${PASSENGERS}/edit-passenger/$passengerId`)).toMatchObject({ error: expect.anything() });
    await screen.findByText(m.passenger_form_page_we_couldnt_find_this_passenger());
    expect(asked('/passengers/saved-passenger/gone')).toBe(1);
  });

  it('the edit-railcard route loads the held card and its type once, and the form opens filled in', async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/passengers-and-railcards/p1/edit-railcard/26-30', {
      '/passenger/p1/railcard/26-30': heldCard,
      '/railcard/26-30': railcardType,
    });
    expect(loaded(`${PASSENGERS}/$passengerId/edit-railcard/$railcardId`)).toMatchObject({
      data: { passenger: heldCard.passenger, railcard: railcardType, held: heldCard.railcard },
    });
    expect(await screen.findByDisplayValue('YNG7730516')).toBeTruthy();
    expect([asked('/passenger/p1/railcard/26-30'), asked('/railcard/26-30')]).toEqual([1, 1]);
  });

  it("the add-railcard route loads the type and the passenger once; a failed load is the form's error with Try again", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/passengers-and-railcards/p1/add-railcard/26-30', {
      '/railcard/26-30': railcardType,
      '/passengers/saved-passenger/p1': failed(),
    });
    expect(loaded(`${PASSENGERS}/$passengerId/add-railcard/$railcardId`)).toMatchObject({ error: expect.anything() });
    expect(await screen.findByRole('button', { name: m.common_try_again() })).toBeTruthy();
    expect([asked('/railcard/26-30'), asked('/passengers/saved-passenger/p1')]).toEqual([1, 1]);
  });
});
