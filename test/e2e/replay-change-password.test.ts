import type { Page } from 'playwright-core';
import { changePasswordMachine, type ChangePasswordCode } from '#machines/change-password';
import { changePasswordMessages } from '#src/copy/change-password';
import { m } from '#src/paraglide/messages.js';
import { changePasswordValidators } from '#src/schemas/forms';
import { formView } from '#src/ui/form-state';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { passwordFormDriver, passwordFormShown, passwordFormStates, throttled } from './replay-helpers/password-form';
import { describeBrowserReplay, type ReplayStep } from './replay/replay';

/**
 * Change of password replayed in Chromium, signed in as the demo account on /change-password. The
 * server changes the password for real (the next path then starts from the seed). Its refusals
 * (the current password wrong, a new one it will not take), too many attempts (429) and a server
 * failure come from the /__test/answer switch: wrong passwords typed for real would count towards
 * the account's throttle (decision 155) and spill into the next path.
 */
type Step = ReplayStep<typeof changePasswordMachine>;
type Snapshot = Step['snapshot'];

const current = (page: Page) => page.getByLabel(m.change_password_form_current_password(), { exact: true });
const next = (page: Page) => page.getByLabel(m.change_password_form_new_password(), { exact: true });
const submit = (page: Page) =>
  page.getByRole('button', { name: m.change_password_form_change_password(), exact: true });
const canSend = (s: Snapshot) => formView(s.context, changePasswordValidators, false).canSubmit;

const formShown = passwordFormShown<typeof changePasswordMachine>({ submit, canSend }, 'Change password usable', [
  { name: 'the current password', input: current, value: (s) => s.context.values.currentPassword },
  { name: 'the new password', input: next, value: (s) => s.context.values.newPassword },
]);

/**
 * The set-a-password mode (decision 455) belongs to accounts created through a sign-in provider,
 * which this replay's password account is not: its edges are walked by the model test, and in
 * Chromium by test/e2e/oidc-sign-in.test.ts (a provider account sets a password; a 403 asks it to
 * sign in again).
 */
const SET_PASSWORD_REASON =
  'set-a-password mode: only an account created through a sign-in provider sees it; walked by the model test and in Chromium by test/e2e/oidc-sign-in.test.ts';
const SET_PASSWORD_MODE = [
  '#changePassword.notRequested form.submit [0]',
  '#changePassword.settingPassword xstate.done.actor.setPassword [0]',
  '#changePassword.settingPassword xstate.error.actor.setPassword [0]',
  '#changePassword.settingPassword xstate.error.actor.setPassword [1]',
  '#changePassword.settingPassword xstate.error.actor.setPassword [2]',
  '#changePassword.settingPassword xstate.error.actor.setPassword [3]',
  '#changePassword.settingPassword xstate.error.actor.setPassword [4]',
  '#changePassword.passwordSet form.change [0]',
  '#changePassword.alreadySet form.change [0]',
  '#changePassword.alreadySet form.blur [0]',
  '#changePassword.alreadySet form.submit [0]',
  '#changePassword.signInRequired form.change [0]',
  '#changePassword.signInRequired form.blur [0]',
  '#changePassword.signInRequired form.submit [0]',
  '#changePassword.validationError form.submit [0]',
  '#changePassword.throttled form.submit [0]',
  '#changePassword.serverError form.submit [0]',
];

const driver = passwordFormDriver<typeof changePasswordMachine>({
  path: 'change-password',
  call: { id: 'changePassword', path: /^\/customer\/change-password$/ },
  // The server changes the password for real: the next path then starts from the seed.
  changesAccount: (events) => events.some((e) => e.type === 'xstate.done.actor.changePassword'),
  blurred: next,
  submit,
  canSend,
});

describeBrowserReplay(
  changePasswordMachine,
  {
    name: 'changePasswordMachine',
    events: {
      'form.change': (snap) => {
        const { currentPassword, newPassword } = snap.context.values;
        if (currentPassword === '')
          return [{ type: 'form.change', field: 'currentPassword', value: DEMO_ACCOUNT.password } as const];
        if (newPassword === '') return [{ type: 'form.change', field: 'newPassword', value: 'Trains2027' } as const];
        // After an answer the customer edits again: one more value keeps the model finite.
        if (newPassword === 'Trains2027')
          return [{ type: 'form.change', field: 'newPassword', value: 'Trains2028' } as const];
        return [];
      },
      'form.blur': [{ type: 'form.blur', field: 'newPassword' }],
      'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: undefined }],
      'xstate.error.actor.changePassword': [
        { type: 'xstate.error.actor.changePassword', error: httpError(400, 'PASSWORD_INCORRECT') },
        { type: 'xstate.error.actor.changePassword', error: throttled },
        { type: 'xstate.error.actor.changePassword', error: httpError(500, 'INTERNAL_ERROR') },
      ],
    },
    serializeContext: (c) => ({ values: c.values, errorCode: c.errorCode, dirty: c.dirty }),
    maxPaths: 1000,
  },
  {
    ...driver,
    events: {
      ...driver.events,
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change')
          await (event.field === 'currentPassword' ? current(page) : next(page)).fill(event.value);
      },
    },
    states: passwordFormStates<typeof changePasswordMachine>({
      formShown,
      busyLabel: m.change_password_form_changing_password(),
      success: () => changePasswordMessages.success,
      refusal: ({ snapshot }) => changePasswordMessages[snapshot.context.errorCode as ChangePasswordCode],
      serverError: changePasswordMessages.serverError,
    }),
    notUserActions: {
      '#changePassword.notRequested form.submit [2]':
        'Change password ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
      ...Object.fromEntries(SET_PASSWORD_MODE.map((key) => [key, SET_PASSWORD_REASON])),
    },
  },
);
