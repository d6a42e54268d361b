import { expect } from 'vitest';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Locator, Page } from 'playwright-core';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { answerWithModelError, SharedData, type ReplayDriver, type ReplayStep } from '../replay/replay';

/**
 * What the forms that ask for the current password (change email, change password) share in their
 * browser replays: the throttled answer, how an error answer is set up on the server, and what the
 * form shows in its common states. Wrong passwords typed for real would count towards the account's
 * throttle (decision 155) and spill into the next path, so every refusal comes from the answer switch.
 */

/** The model's "too many attempts" error (no Retry-After), with the body the switch answers it with. */
export const throttled = {
  problem: {
    kind: 'throttled',
    status: 429,
    codes: ['TOO_MANY_ATTEMPTS'],
    retryAfterSeconds: null,
    body: { errors: [{ code: 'TOO_MANY_ATTEMPTS' }] },
  },
};

/** Waits for an alert holding `text`. */
export const alertShown = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

/** For the form's failed answer: 429 for "too many attempts", else the model's HTTP problem, through the answer switch. */
export async function answerPasswordFormError<M extends AnyStateMachine>(step: ReplayStep<M>): Promise<void> {
  const problem = (step.event as { error?: typeof throttled }).error?.problem;
  if (problem?.kind === 'throttled') await step.server.answer('POST', step.call!.path, 429, problem.body);
  else await answerWithModelError(step);
}

/** One field of the form: what the poll's message calls it, its input, and its value in the context. */
export type FieldShown<M extends AnyStateMachine> = {
  name: string;
  input: (page: Page) => Locator;
  value: (snapshot: SnapshotFrom<M>) => string;
};

/** The form as the context has it: each field's value, and the submit button (`usable`) usable only when the change can be sent. */
export const passwordFormShown =
  <M extends AnyStateMachine>(
    form: Pick<PasswordFormPage<M>, 'submit' | 'canSend'>,
    usable: string,
    fields: FieldShown<M>[],
  ) =>
  async ({ page, snapshot }: ReplayStep<M>) => {
    for (const field of fields)
      await expect.poll(() => field.input(page).inputValue(), { message: field.name }).toBe(field.value(snapshot));
    await expect
      .poll(async () => (await form.submit(page).getAttribute('aria-disabled')) !== 'true', { message: usable })
      .toBe(form.canSend(snapshot));
  };

/** The form's labels and copy its common states show. */
export type PasswordFormScreen<M extends AnyStateMachine> = {
  /** The form as the context has it (values, the submit button usable or not). */
  formShown: (step: ReplayStep<M>) => Promise<void>;
  /** The busy submit button's label. */
  busyLabel: string;
  /** The confirmation after a change. */
  success: (step: ReplayStep<M>) => string;
  /** The refusal's message (wrong password and the like). */
  refusal: (step: ReplayStep<M>) => string;
  /** The message for a server failure. */
  serverError: string;
};

/** What must be on screen in the states both forms have: notRequested, requesting, success, validationError, throttled, serverError. */
export function passwordFormStates<M extends AnyStateMachine>(
  screen: PasswordFormScreen<M>,
): Record<string, (step: ReplayStep<M>) => Promise<void>> {
  const { formShown } = screen;
  return {
    notRequested: formShown,
    requesting: async ({ page }) => {
      await page.locator('button[aria-busy="true"]').filter({ hasText: screen.busyLabel }).waitFor();
    },
    success: async (step) => {
      await step.page.getByText(screen.success(step), { exact: true }).waitFor();
      await formShown(step);
    },
    validationError: async (step) => {
      await alertShown(step.page, screen.refusal(step));
      await formShown(step);
    },
    throttled: async (step) => {
      await alertShown(
        step.page,
        tooManyAttemptsMessage(
          (step.snapshot as { context: { retryAfterSeconds: number | null } }).context.retryAfterSeconds,
        ),
      );
      await formShown(step);
    },
    serverError: async (step) => {
      await alertShown(step.page, screen.serverError);
      await formShown(step);
    },
  };
}

/** The form's page, its last field and its submit button, and whether it can be sent. */
export type PasswordFormPage<M extends AnyStateMachine> = {
  /** After /my-account/, e.g. 'change-password'. */
  path: string;
  /** The actor id of the change and its API path. */
  call: { id: string; path: RegExp };
  /** Whether a path changes the account (the next path then starts from the seed). */
  changesAccount: (events: readonly { type: string }[]) => boolean;
  /** The field the model blurs. */
  blurred: (page: Page) => Locator;
  submit: (page: Page) => Locator;
  canSend: (snapshot: SnapshotFrom<M>) => boolean;
};

/**
 * The driver's parts both forms share, signed in as the demo account: prepare, open, calls,
 * offers, and the blur, submit and error-answer events.
 */
export function passwordFormDriver<M extends AnyStateMachine>(form: PasswordFormPage<M>) {
  const data = new SharedData();
  return {
    async prepare(path, server, browser) {
      await data.use(server, 'the demo account', form.changesAccount(path.steps.map((s) => s.event)));
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, _path, server) {
      await page.goto(`${server.url}${form.path}`);
    },
    calls: { [form.call.id]: { method: 'POST', path: form.call.path } },
    // The button ignores clicks and Enter unless the change can be sent.
    offers: { 'form.submit': (snapshot) => form.canSend(snapshot) },
    events: {
      'form.blur': async ({ page }) => {
        await form.blurred(page).focus();
        await page.keyboard.press('Tab');
      },
      'form.submit': async ({ page }) => form.submit(page).click(),
      [`xstate.error.actor.${form.call.id}`]: answerPasswordFormError,
    },
  } satisfies Pick<ReplayDriver<M>, 'prepare' | 'open' | 'calls' | 'offers' | 'events'>;
}
