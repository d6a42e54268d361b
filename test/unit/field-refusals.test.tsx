import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { AddressFormPage } from '#routes/-components/address-book/address-form-page';
import { PassengerFormPage } from '#routes/-components/passengers/passenger-form-page';
import { PersonalDetailsForm } from '#routes/-components/personal-details/personal-details-form';
import { CardForm } from '#routes/-components/refunds/card-form';
import { refundCardFormMachine } from '#machines/refund-card-form';
import type { CardTokenRequest, CardTokenResponse } from '#src/schemas/refunds';
import { json, renderScreenSignedIn } from '#test/helpers/fake-api';

/**
 * Decision 670 for the address, passenger, personal details and new-card forms: a server refusal
 * about one field (a character the server's text rule refuses, a card number that is not a card's,
 * a card expired by the server's date) marks that field, describes it, is listed in the error
 * summary, which takes the focus; the input is kept; a refusal about no field stays above the form.
 */

/** The field's input is marked invalid and described by an element saying `message`. */
const expectTied = (field: HTMLElement, message: string) => {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  expect(described).toContain(message);
};

const summaryOf = () => screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
const summaryLinks = () =>
  within(summaryOf())
    .getAllByRole('link')
    .map((a) => a.textContent);

/** The text rule's refusal (server/lib/text-rules.ts): 422 INVALID_CHARACTERS, "{field}: {message}". */
// The values typed pass the form's own rules: the refusal is the server's alone.
/** The catalogue's words for INVALID_CHARACTERS (src/copy/field-refusal.ts, decision 883), not the server's sentence. */
const invisible =
  "This field contains an invisible character that we can't save. Please delete it and type the text again.";
const invalidCharacters = (field: string) =>
  json({ errors: [{ code: 'INVALID_CHARACTERS', message: `${field}: The server's English sentence` }] }, 422);

const press = async (name: RegExp | string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

afterEach(() => {
  document.title = '';
});

describe('a server refusal tied to its field', () => {
  it('address: INVALID_CHARACTERS about line 1 marks address line 1, is in the summary, takes the focus; the input stays and no box above the form', async () => {
    await renderScreenSignedIn(
      () => <AddressFormPage addressId={null} />,
      (path, method) => (path === '/customer/address' && method === 'POST' ? invalidCharacters('line1') : undefined),
    );
    fireEvent.change(screen.getByLabelText('Address line 1'), { target: { value: '1 High\u202EStreet' } });
    fireEvent.change(screen.getByLabelText('Town or city'), { target: { value: 'London' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'SW1A 1AA' } });
    await press('Save address');
    const message = invisible;
    const line1 = await screen.findByLabelText('Address line 1');
    expectTied(line1, message);
    expect(document.activeElement).toBe(summaryOf());
    expect(summaryLinks()).toEqual([`Address line 1: ${message}`]);
    expect((line1 as HTMLInputElement).value).toBe('1 High\u202EStreet');
    expect(screen.queryByText(/could not be (added|saved|updated)/i)).toBeNull();
    // Changing the refused field takes its refusal away.
    fireEvent.change(line1, { target: { value: '1 High Street' } });
    expect(line1.getAttribute('aria-invalid')).toBeNull();
    // The first screen rendered loads the router and the catalogue cold.
  }, 20_000);

  it('address: a refusal about no field (the most addresses) stays a message above the form', async () => {
    await renderScreenSignedIn(
      () => <AddressFormPage addressId={null} />,
      (path, method) =>
        path === '/customer/address' && method === 'POST'
          ? json({ errors: [{ code: 'ADDRESS_LIMIT' }] }, 422)
          : undefined,
    );
    fireEvent.change(screen.getByLabelText('Address line 1'), { target: { value: '1 High Street' } });
    fireEvent.change(screen.getByLabelText('Town or city'), { target: { value: 'London' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'SW1A 1AA' } });
    await press('Save address');
    expect(screen.getByLabelText('Address line 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
    // The alert's region is on the page before its message goes in (src/ui/live-region.tsx).
    expect(await screen.findByText('Sorry, we could not save this address. Please try again.')).toBeTruthy();
  });

  it('passenger: INVALID_CHARACTERS about the last name marks the last name with the words for its code', async () => {
    await renderScreenSignedIn(
      () => <PassengerFormPage mode="add" />,
      (path, method) =>
        path === '/customer/passengers-and-railcards/add-passenger' && method === 'POST'
          ? invalidCharacters('lastName')
          : undefined,
    );
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Alex' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Morgan' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } });
    await press('Save passenger');
    const lastName = screen.getByLabelText('Last name');
    expectTied(lastName, invisible);
    expect(document.activeElement).toBe(summaryOf());
    expect(summaryLinks()).toEqual([`Last name: ${invisible}`]);
    expect(screen.queryByText(/The server's English sentence/)).toBeNull();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBeNull();
    expect((lastName as HTMLInputElement).value).toBe('Morgan');
    expect(screen.queryByText(/could not be added/i)).toBeNull();
  });

  it('personal details: INVALID_CHARACTERS about the first name marks the first name', async () => {
    await renderScreenSignedIn(PersonalDetailsForm, (path, method) => {
      if (path !== '/customer/personal-details') return undefined;
      return method === 'GET'
        ? json({ firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com' })
        : invalidCharacters('firstName');
    });
    const first = await screen.findByLabelText('First name');
    fireEvent.change(first, { target: { value: 'Alexandra' } });
    await press(/save/i);
    expectTied(first, invisible);
    expect(document.activeElement).toBe(summaryOf());
    expect(summaryLinks()).toEqual([`First name: ${invisible}`]);
    expect((first as HTMLInputElement).value).toBe('Alexandra');
    expect(screen.queryByText(/could not save your personal details/)).toBeNull();
  });
});

describe('the new card: the card service refusals tied to their field', () => {
  const renderCard = (answer: Response) => {
    const machine = refundCardFormMachine.provide({
      actors: {
        tokeniseCard: fromPromise<CardTokenResponse, CardTokenRequest>(async () => {
          const body = await answer.json();
          throw {
            status: answer.status,
            problem: { kind: 'http', status: answer.status, codes: [body.errors[0].code], detail: null, body },
          };
        }),
      },
    });
    const actor = createActor(machine, { input: { today: '2026-06-01' } }).start();
    render(<CardForm actor={actor} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '06/26' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Alex Morgan' } });
    return actor;
  };

  it('CARD_EXPIRED (by the server’s date) marks the expiry date, is in the summary and takes the focus', async () => {
    renderCard(json({ errors: [{ code: 'CARD_EXPIRED', message: 'This card has expired.' }] }, 422));
    await press(/use this card/i);
    expectTied(screen.getByLabelText('Expiry date'), 'This card has expired');
    expect(document.activeElement).toBe(summaryOf());
    expect(summaryLinks()).toEqual(['Expiry date: This card has expired']);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
  });

  it('CARD_INVALID marks the card number; another refusal stays above the form', async () => {
    renderCard(json({ errors: [{ code: 'CARD_INVALID', message: 'This card number is not valid.' }] }, 422));
    await press(/use this card/i);
    expectTied(screen.getByLabelText('Card number'), 'Please enter a valid card number');
    expect(summaryLinks()).toEqual(['Card number: Please enter a valid card number']);
    expect(screen.queryByText('This card number is not valid.')).toBeNull();
  });
});
