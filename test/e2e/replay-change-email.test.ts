import type { Page } from 'playwright-core';
import { changeEmailMachine, changeEmailValidators } from '#machines/change-email';
import { changeEmailMessages } from '#src/copy/change-email';
import { changeEmailSentCopy } from '#routes/-components/account-controls/email-change-copy';
import { m } from '#src/paraglide/messages.js';
import { formView } from '#src/ui/form-state';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import {
  alertShown,
  passwordFormDriver,
  passwordFormShown,
  passwordFormStates,
  throttled,
} from './replay-helpers/password-form';
import { describeBrowserReplay, type ReplayStep } from './replay/replay';

/**
 * Change of email replayed in Chromium, signed in as the demo account on /account-controls. The
 * local server answers a change with a link sent to the new address (decision 150,
 * confirmationSent). The spec's own answers (the email changed at once, with new tokens or without,
 * then "sign in again"), the refusals (wrong password, address taken), too many attempts (429) and a
 * server failure come from the /__test/answer switch: wrong passwords typed for real would count
 * towards the account's throttle (decision 155) and spill into the next path.
 */
type Step = ReplayStep<typeof changeEmailMachine>;
type Snapshot = Step['snapshot'];
const NEW_EMAIL = 'alex.new@example.com';

/** The change-email form (account controls has other forms asking for the current password). */
const form = (page: Page) =>
  page.getByRole('form', { name: m.account_controls_change_email_form_change_email_address() });
const newEmail = (page: Page) =>
  form(page).getByRole('textbox', { name: m.account_controls_change_email_form_new_email_address() });
const password = (page: Page) =>
  form(page).getByLabel(m.account_controls_change_email_form_current_password(), { exact: true });
const submit = (page: Page) =>
  form(page).getByRole('button', { name: m.account_controls_change_email_form_change_email_address(), exact: true });
const canSend = (s: Snapshot) => formView(s.context, changeEmailValidators, false).canSubmit;

const formShown = passwordFormShown<typeof changeEmailMachine>({ submit, canSend }, 'Change email address usable', [
  { name: 'the new address', input: newEmail, value: (s) => s.context.values.newEmailAddress },
  { name: 'the password', input: password, value: (s) => s.context.values.currentPassword },
]);

const driver = passwordFormDriver<typeof changeEmailMachine>({
  path: 'account-controls',
  call: { id: 'changeEmail', path: /^\/customer\/change-email$/ },
  // "Sign in again" signs out (and a changed email changes the account): the next path starts afresh.
  changesAccount: (events) =>
    events.some((e) => e.type === 'changeEmail.signIn' || e.type === 'xstate.done.actor.changeEmail'),
  blurred: newEmail,
  submit,
  canSend,
});

describeBrowserReplay(
  changeEmailMachine,
  {
    name: 'changeEmailMachine',
    events: {
      'form.change': (snap) => {
        const { newEmailAddress, currentPassword } = snap.context.values;
        if (newEmailAddress === '')
          return [{ type: 'form.change', field: 'newEmailAddress', value: NEW_EMAIL } as const];
        if (currentPassword === '')
          return [{ type: 'form.change', field: 'currentPassword', value: DEMO_ACCOUNT.password } as const];
        // After an answer the customer edits again: one more value keeps the model finite.
        if (currentPassword === DEMO_ACCOUNT.password)
          return [{ type: 'form.change', field: 'currentPassword', value: `${DEMO_ACCOUNT.password}x` } as const];
        return [];
      },
      'form.blur': [{ type: 'form.blur', field: 'newEmailAddress' }],
      'xstate.done.actor.changeEmail': [
        { type: 'xstate.done.actor.changeEmail', output: { confirmationSent: true, pendingEmailAddress: NEW_EMAIL } },
        {
          type: 'xstate.done.actor.changeEmail',
          output: { newTokens: { sessionRotated: true }, updatedEmailAddress: NEW_EMAIL },
        },
        { type: 'xstate.done.actor.changeEmail', output: { newTokens: null, updatedEmailAddress: NEW_EMAIL } },
      ],
      'xstate.error.actor.changeEmail': [
        { type: 'xstate.error.actor.changeEmail', error: httpError(403, 'PASSWORD_INCORRECT') },
        { type: 'xstate.error.actor.changeEmail', error: httpError(422, 'EMAIL_ALREADY_EXISTS') },
        { type: 'xstate.error.actor.changeEmail', error: throttled },
        { type: 'xstate.error.actor.changeEmail', error: httpError(500, 'INTERNAL_ERROR') },
      ],
    },
    serializeContext: (c) => ({ values: c.values, error: c.error, dirty: c.dirty }),
    maxPaths: 1000,
  },
  {
    ...driver,
    events: {
      ...driver.events,
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change')
          await (event.field === 'newEmailAddress' ? newEmail(page) : password(page)).fill(event.value);
      },
      'changeEmail.signIn': async ({ page }) =>
        page.getByRole('button', { name: m.account_controls_change_email_form_sign_in_again(), exact: true }).click(),
      // The link to the new address is the local server's own answer; the spec's answers are the switch's.
      'xstate.done.actor.changeEmail': async ({ server, call, event }) => {
        const output = (event as { output?: Record<string, unknown> }).output ?? {};
        if (!('confirmationSent' in output)) await server.answer('POST', call!.path, 200, output);
      },
    },
    states: {
      ...passwordFormStates<typeof changeEmailMachine>({
        formShown,
        busyLabel: m.account_controls_change_email_form_changing_email_address(),
        success: () => changeEmailMessages.success(NEW_EMAIL),
        refusal: ({ snapshot }) =>
          changeEmailMessages[snapshot.context.error as 'passwordIncorrect' | 'emailAlreadyExists'],
        serverError: changeEmailMessages.genericError,
      }),
      confirmationSent: async (step) => {
        await step.page.getByText(changeEmailSentCopy.body(NEW_EMAIL), { exact: false }).first().waitFor();
        await formShown(step);
      },
      signInRequired: async ({ page, snapshot, event }) => {
        // "Sign in again" signs out: the sign-in page.
        if (event.type === 'changeEmail.signIn')
          return void (await page.waitForURL((u) => u.pathname.endsWith('/login')));
        await alertShown(page, changeEmailMessages.tokenFailure(snapshot.context.updatedEmailAddress ?? ''));
        await page
          .getByRole('button', { name: m.account_controls_change_email_form_sign_in_again(), exact: true })
          .waitFor();
      },
    },
    notUserActions: {
      '#changeEmail.notRequested form.submit [1]':
        'Change email address ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
    },
  },
);
