import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { SignInProvider, UserResponse } from '#src/schemas/auth';
import { collectErrors, hasErrors, loginValidators } from '#src/schemas/forms';
import { hasStatus, isThrottledProblem, retryAfterOfEvent } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';

/** Sign-in form on /login and /register (both render the login page). */
export type LoginField = 'email' | 'password';

export interface LoginContext {
  values: Record<LoginField, string>;
  touched: Partial<Record<LoginField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  serverError: 'invalidCredentials' | 'throttled' | 'generic' | null;
  /** Seconds the server asked us to wait after a 429 (Retry-After), when it said. */
  retryAfterSeconds: number | null;
  response: UserResponse | null;
  /** The provider the page is leaving for (sign-in with Google, Facebook or Apple), while it does. */
  provider: SignInProvider | null;
  /** A provider whose sign-in start the host does not serve (404): the page says so (decision 571). */
  unavailableProvider: SignInProvider | null;
  /** The address a sign-in link was asked for (decision 400), once the server took the request. */
  signInLinkSentTo: string | null;
  /** Asking for a sign-in link failed (the throttle message stays, and the offer). */
  signInLinkFailed: boolean;
  /** The app path to come back to once signed in, here or through a provider (the page's `redirect`). */
  returnTo: string;
}

/** What the page knows: where to go once signed in (a safe app path, checked by the page). */
export interface LoginInput {
  returnTo?: string;
}

export type LoginEvent =
  | { type: 'form.change'; field: LoginField; value: string }
  | { type: 'form.blur'; field: LoginField }
  | { type: 'form.submit' }
  /** A "Continue with …" button: the page goes to the provider through the server (decision 360). */
  | { type: 'provider.choose'; provider: SignInProvider }
  /** The browser showed this page again (back from the provider, from its back/forward cache). */
  | { type: 'provider.returned' }
  /** "Email me a sign-in link": offered while the account is slowed down (429), decision 400. */
  | { type: 'signInLink.request' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput | undefined,
    output: {} as { response: UserResponse | null },
  },
  actors: {
    login: fromPromise<UserResponse, { email: string; password: string }>(async () => {
      throw new Error('login not provided');
    }),
    requestSignInLink: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('requestSignInLink not provided');
    }),
    /** Asks (HEAD) whether the host serves this provider's sign-in start; a 404 fails with status 404. */
    checkProvider: fromPromise<unknown, { provider: SignInProvider; returnTo: string }>(async () => {
      throw new Error('checkProvider not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, loginValidators)),
    isInvalidCredentials: ({ event }) => hasStatus(event, 401),
    isThrottled: ({ event }) => isThrottledProblem(event),
    isSlowedDown: ({ context }) => context.serverError === 'throttled',
    /** 404: the host does not serve this provider's start (a spec-only API lists no /oidc call). */
    isProviderMissing: ({ event }) => hasStatus(event, 404),
  },
  actions: {
    setValue: assign(({ context, event }) =>
      changePatch(context, event, { serverError: null, signInLinkFailed: false }),
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    setInvalidCredentials: assign({ serverError: 'invalidCredentials' as const }),
    setThrottled: assign(({ event }) => ({
      serverError: 'throttled' as const,
      retryAfterSeconds: retryAfterOfEvent(event),
    })),
    setGenericError: assign({ serverError: 'generic' as const }),
    storeResponse: assign(({ event }) => ({ response: doneOutput<UserResponse>(event, 'login') })),
    rememberProvider: assign(({ event }) => {
      assertEvent(event, 'provider.choose');
      return { provider: event.provider, serverError: null, unavailableProvider: null };
    }),
    forgetProvider: assign({ provider: null }),
    markProviderUnavailable: assign(({ context }) => ({ unavailableProvider: context.provider, provider: null })),
    clearSignInLink: assign({ signInLinkSentTo: null, signInLinkFailed: false }),
    storeSignInLinkSent: assign(({ context }) => ({
      signInLinkSentTo: context.values.email.trim(),
      signInLinkFailed: false,
      serverError: null,
    })),
    setSignInLinkFailed: assign({ signInLinkFailed: true }),
    /** Provided by the binding: a full-page visit to the server's sign-in start for this provider. */
    goToProvider: (_, _params: { provider: SignInProvider; returnTo: string }) => {},
  },
})
  .extend<{ goToChosenProvider: undefined }>({
    actions: {
      /** The provider rememberProvider kept, handed to the page's goToProvider as its params. */
      goToChosenProvider: enqueueActions(({ context, enqueue }) => {
        if (context.provider) {
          enqueue({ type: 'goToProvider', params: { provider: context.provider, returnTo: context.returnTo } });
        }
      }),
    },
  })
  .createMachine({
    id: 'login',
    context: ({ input }) => ({
      values: { email: '', password: '' },
      touched: {},
      dirty: false,
      submitAttempted: false,
      serverError: null,
      retryAfterSeconds: null,
      response: null,
      provider: null,
      unavailableProvider: null,
      signInLinkSentTo: null,
      signInLinkFailed: false,
      returnTo: input?.returnTo ?? '/',
    }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The sign-in form (email, password); a failure shows its message, input kept.',
        on: {
          'form.change': { actions: 'setValue' },
          'form.blur': { actions: 'touch' },
          'form.submit': [
            { guard: 'isValid', target: 'submitting', actions: 'clearSignInLink' },
            { actions: 'markSubmitAttempted' },
          ],
          'provider.choose': { target: 'checkingProvider', actions: 'rememberProvider' },
          'signInLink.request': { guard: 'isSlowedDown', target: 'sendingSignInLink' },
        },
      },
      sendingSignInLink: {
        description:
          "Asking the server to email a single-use sign-in link to the address typed (decision 400); the throttle message stays, the offer's button is busy.",
        invoke: {
          id: 'requestSignInLink',
          src: 'requestSignInLink',
          input: ({ context }) => ({ email: context.values.email.trim() }),
          onDone: { target: 'editing', actions: 'storeSignInLinkSent' },
          onError: { target: 'editing', actions: 'setSignInLinkFailed' },
        },
      },
      checkingProvider: {
        description:
          "Asking whether the host serves the chosen provider's sign-in start before leaving for it; the buttons wait.",
        invoke: {
          id: 'checkProvider',
          src: 'checkProvider',
          input: ({ context }) => ({ provider: context.provider ?? 'google', returnTo: context.returnTo }),
          onDone: { target: 'leavingForProvider', actions: 'goToChosenProvider' },
          onError: [
            // Not served here: stay, and say to sign in with email and password.
            { guard: 'isProviderMissing', target: 'editing', actions: 'markProviderUnavailable' },
            // Any other failure: go anyway, and the start's own page says what went wrong.
            { target: 'leavingForProvider', actions: 'goToChosenProvider' },
          ],
        },
      },
      leavingForProvider: {
        description:
          "Going to the chosen provider to sign in there (a full-page visit); the buttons wait. Shown again from the browser's history, the form is back.",
        on: {
          'provider.returned': { target: 'editing', actions: 'forgetProvider' },
        },
      },
      submitting: {
        description: 'Signing in; submit is disabled.',
        invoke: {
          id: 'login',
          src: 'login',
          input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
          onDone: { target: 'signedIn', actions: 'storeResponse' },
          onError: [
            { guard: 'isInvalidCredentials', target: 'editing', actions: 'setInvalidCredentials' },
            { guard: 'isThrottled', target: 'editing', actions: 'setThrottled' },
            { target: 'editing', actions: 'setGenericError' },
          ],
        },
      },
      signedIn: {
        description: 'Signed in: the session knows the user and the page goes on (output: the user response).',
        type: 'final',
      },
    },
    output: ({ context }) => ({ response: context.response }),
  });
