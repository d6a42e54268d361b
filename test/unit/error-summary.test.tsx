import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import { TextField } from '#src/ui/text-field';
import { m } from '#src/paraglide/messages.js';
import { EditPassengerDialog } from '#routes/-components/booking-detail/edit-passenger-dialog';
import { AssistanceRequestPage } from '#routes/-components/passenger-assistance/assistance-request-page';
import { cardFormView } from '#routes/-components/refunds/refund-card-view';
import type { RefundView } from '#routes/-components/refunds/refund-view';
import { editPassengersMachine, type EditPassengersRequest } from '#machines/edit-passengers';
import { refundCardFormMachine } from '#machines/refund-card-form';
import type { RefundRequestContext } from '#machines/refund-request';
import { json, renderScreenSignedIn } from '#test/helpers/fake-api';
import { specMinimalBooking, specMinimalOrder } from '#test/helpers/spec-minimal.ts';

/**
 * The GOV.UK error summary (decision 670): shown after a refused attempt or a server refusal about
 * a field, it takes the focus, links to each field, and puts "Error: " before the page's title while
 * it shows; the three refusals that are about a field mark that field and describe it.
 */

/** The field `name`'s input is marked invalid and described by an element saying `message`. */
const expectTied = (field: HTMLElement, message: string) => {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  expect(described).toContain(message);
};

/** The summary's box: the element holding its heading. */
const summaryOf = () => screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;

afterEach(() => {
  document.title = '';
});

function TwoFieldForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const errors = { name: name ? undefined : 'Enter your name', email: email ? undefined : 'Enter your email' };
  const { attempt, onRefused } = useSubmitAttempts(() => {});
  const shown: Partial<typeof errors> = attempt > 0 ? errors : {};
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <ErrorSummary attempt={attempt} errors={shown} />
      <TextField id="name" name="name" label="Name" value={name} onValueChange={setName} error={shown.name} />
      <TextField id="email" name="email" label="Email" value={email} onValueChange={setEmail} error={shown.email} />
      <button type="button" onClick={onRefused}>
        Send
      </button>
    </form>
  );
}

describe('ErrorSummary', () => {
  it('after a refused attempt: a visible box headed "There is a problem" takes the focus, its links focus each field, and the title says "Error: " until every error is fixed', () => {
    document.title = 'Sign in | My account';
    render(<TwoFieldForm />);
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);

    const box = summaryOf();
    expect(document.activeElement).toBe(box);
    expect(document.title).toBe('Error: Sign in | My account');
    const links = within(box).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Name: Enter your name', 'Email: Enter your email']);
    expect(links[1]!.getAttribute('href')).toBe('#email');

    fireEvent.click(links[1]!);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.click(links[0]!);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    // A field fixed leaves the list; the last one takes the box and the title's prefix with it.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Alex' } });
    expect(
      within(summaryOf())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Email: Enter your email']);
    expect(document.title).toBe('Error: Sign in | My account');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
    expect(document.title).toBe('Sign in | My account');
  });

  it('says nothing again while the customer types, and shows (and focuses) again on the next attempt', () => {
    render(<TwoFieldForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    screen.getByLabelText('Name').focus();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'A' } });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    screen.getByRole('button', { name: 'Send' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(summaryOf());
    expect(
      within(summaryOf())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Email: Enter your email']);
  });

  it('withRefusal adds a refusal under its fields, after their own errors', () => {
    expect(withRefusal({ a: 'Required' }, ['a', 'b'], 'Taken')).toEqual({ a: 'Required', b: 'Taken' });
    expect(withRefusal({ a: 'Required' }, ['b'], null)).toEqual({ a: 'Required' });
  });
});

describe('refusals tied to their field', () => {
  beforeAll(() => {
    // jsdom has <dialog> but not its modal methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });

  /** The edit dialog for Jamie Morgan, whose save is refused with `problem`; one field typed, then Save name. */
  async function refusedEdit(problem: object, field: 'First name' | 'Last name', value: string) {
    const machine = editPassengersMachine.provide({
      actors: {
        editPassengers: fromPromise<unknown, EditPassengersRequest>(async () => {
          throw { status: 422, problem: { kind: 'http', status: 422, ...problem } };
        }),
      },
    });
    function Harness() {
      const [snapshot, send] = useMachine(machine, { input: { bookingId: 'b1' } });
      return (
        <>
          <button
            type="button"
            onClick={() => send({ type: 'passenger.edit', passengerId: 'p2', firstName: 'Jamie', lastName: 'Morgan' })}
          >
            Change name
          </button>
          <EditPassengerDialog snapshot={snapshot} send={send} passengerLabel="Passenger 2" />
        </>
      );
    }
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Change name' }));
    fireEvent.change(screen.getByLabelText(field), { target: { value } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    });
    const box = summaryOf();
    expect(document.activeElement).toBe(box);
    expect((screen.getByLabelText(field) as HTMLInputElement).value, 'input kept').toBe(value);
    return within(box)
      .getAllByRole('link')
      .map((a) => a.textContent);
  }

  it("edit a passenger's name: DUPLICATE_NAME marks the first and last name, is in the summary, focused, and keeps the input", async () => {
    const message = 'Each passenger on a booking needs a different name.';
    const links = await refusedEdit({ codes: ['DUPLICATE_NAME'], detail: message }, 'First name', 'Alex');
    expectTied(screen.getByLabelText('First name'), message);
    expectTied(screen.getByLabelText('Last name'), message);
    expect(links).toEqual([`First name: ${message}`]);
  });

  it("edit a passenger's name: an invisible character in the last name marks that field alone, in the words every form shares", async () => {
    const links = await refusedEdit(
      {
        codes: ['INVALID_CHARACTERS'],
        detail: null,
        body: { errors: [{ code: 'INVALID_CHARACTERS', message: 'lastName: contains a control character' }] },
      },
      'Last name',
      'Morgan-Smith',
    );
    const message = m.field_refusal_invalid_characters();
    expectTied(screen.getByLabelText('Last name'), message);
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(links).toEqual([`Last name: ${message}`]);
    expect(screen.queryByText('contains a control character')).toBeNull();
  });

  it('a declined new card: the refusal marks the card number, is in the summary and takes the focus', () => {
    const child = createActor(refundCardFormMachine, { input: { today: '2026-06-01' } }).start();
    const context = {
      requestError: 'INVALID_CREDIT_CARD',
      declinedCard: { brand: 'Visa', last4: '0002' },
      quote: null,
    } as unknown as RefundRequestContext;
    const view = { context, send: vi.fn(), money: () => '' } as unknown as RefundView;
    render(<>{cardFormView(view, child)}</>);
    const message =
      "We couldn't refund your Visa card ending 0002: it was declined. Enter another card in your name and we'll send the refund there.";
    expectTied(screen.getByLabelText('Card number'), message);
    const box = summaryOf();
    expect(document.activeElement).toBe(box);
    const link = within(box).getByRole('link');
    expect(link.textContent).toBe(`Card number: ${message}`);
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
  });

  /** The assistance request for a train leaving in an hour, its booking call answering `refusal` (a body and its status). */
  const renderAssistanceRequest = async (refusal: [unknown, number]) => {
    const departure = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const booking = {
      ...specMinimalBooking,
      outward: {
        date: departure,
        departureTime: departure,
        origin: { code: 'EUS', name: 'London Euston' },
        destination: { code: 'COV', name: 'Coventry' },
      },
      passengers: [{ id: 'p1', type: 'adult', firstName: 'Alex', lastName: 'Morgan', alterable: true }],
    };
    await renderScreenSignedIn(
      () => <AssistanceRequestPage bookingId="b1" />,
      (path, method) => {
        if (path === '/booking/b1') return json({ bookings: [booking], order: specMinimalOrder });
        if (path.startsWith('/customer/passenger-assistance/') && method === 'GET')
          return json({ passengerAssistances: [] });
        if (path.startsWith('/customer/passenger-assistance/') && method === 'POST') return json(...refusal);
        return undefined;
      },
    );
  };

  it('passenger assistance: "at least 2 hours before" marks the journey question, is in the summary and keeps the answers', async () => {
    await renderAssistanceRequest([
      {
        errors: [{ code: 'TOO_LATE' }],
        detail: 'Assistance must be booked at least 2 hours before the train leaves.',
      },
      422,
    ]);
    const journey = await screen.findByRole('radio', { name: /^Outward: London Euston to Coventry/ });
    expect((journey as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Wheelchair/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book assistance' }));
    });
    const question = await screen.findByRole('group', { name: 'Which journey?' });
    expectTied(question, 'Assistance must be booked at least 2 hours before the train leaves.');
    const box = summaryOf();
    expect(document.activeElement).toBe(box);
    const link = within(box).getByRole('link');
    expect(link.textContent).toMatch(
      /^Which journey\?: Assistance must be booked at least 2 hours before the train leaves\. This train leaves at \d\d:\d\d/,
    );
    fireEvent.click(link);
    expect(document.activeElement).toBe(journey);
    expect((screen.getByRole('checkbox', { name: /^Wheelchair/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('passenger assistance: an invisible character the server refuses marks the details in the page’s words, until they change (decision 883)', async () => {
    await renderAssistanceRequest([
      { errors: [{ code: 'INVALID_CHARACTERS', message: "details: The server's English sentence" }] },
      422,
    ]);
    await screen.findByRole('radio', { name: /^Outward: London Euston to Coventry/ });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Wheelchair/ }));
    const details = screen.getByRole('textbox');
    fireEvent.change(details, { target: { value: 'Ramp\u200Bplease' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book assistance' }));
    });
    const words =
      "This field contains an invisible character that we can't save. Please delete it and type the text again.";
    await screen.findByRole('heading', { name: 'There is a problem' });
    expectTied(details, words);
    expect(document.activeElement).toBe(summaryOf());
    expect(within(summaryOf()).getByRole('link').textContent).toContain(words);
    expect(screen.queryByText(/The server's English sentence/)).toBeNull();
    expect(screen.queryByText("We couldn't book this assistance")).toBeNull();
    expect((details as HTMLTextAreaElement).value).toBe('Ramp\u200Bplease');
    fireEvent.change(details, { target: { value: 'Ramp please' } });
    expect(details.getAttribute('aria-invalid')).toBeNull();
  });
});
