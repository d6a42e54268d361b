import type { ApiClient } from './client';
import { Acknowledged } from '../schemas/acknowledged';
import {
  ChangePasswordResponse,
  GuestSessionResponse,
  RegisterAnswer,
  SignInLinkRequested,
  UserResponse,
  ValidateTokenResponse,
} from '../schemas/auth';

export const authApi = (client: ApiClient) => ({
  getUser: () => client.request(UserResponse, '/user'),
  login: (body: { email: string; password: string }) =>
    client.request(UserResponse, '/login', { method: 'POST', body, csrfInBody: true, allow401: true }),
  register: (body: { email: string; password: string; firstName: string; lastName: string }) =>
    client.request(RegisterAnswer, '/register', { method: 'POST', body, csrfInBody: true }),
  // docs/product/api.md names no answer for these two: an empty 2xx (204) or the local server's {success: true}.
  logout: () => client.request(Acknowledged, '/logout', { method: 'POST', body: {} }),
  forgotPassword: (email: string) =>
    client.request(Acknowledged, '/customer/forgot-password', { method: 'POST', body: { email }, csrfInBody: true }),
  /** Emails a single-use sign-in link past the wrong-password slowdown (decision 400). */
  requestSignInLink: (email: string) =>
    client.request(SignInLinkRequested, '/customer/sign-in-link', {
      method: 'POST',
      body: { email },
      csrfInBody: true,
    }),
  /** Spends a sign-in link: the server signs in as POST /login does. */
  spendSignInLink: (token: string) =>
    client.request(UserResponse, '/customer/sign-in-link/use', { method: 'POST', body: { token }, csrfInBody: true }),
  validateResetToken: (token: string) =>
    client.request(ValidateTokenResponse, '/customer/validate-reset-password-token', {
      method: 'POST',
      body: { token },
      csrfInBody: true,
    }),
  /** Beyond docs/product/api.md, kept open by a host that sends reset links (decision 571): 204 or `{success: true}`. */
  resetPassword: (body: { token: string; newPassword: string }) =>
    client.request(Acknowledged, '/customer/reset-password', { method: 'POST', body, csrfInBody: true }),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    client.request(ChangePasswordResponse, '/customer/change-password', { method: 'POST', body }),
  /** A first password for an account created through a sign-in provider (local extra, docs/integrators.md). */
  setPassword: (body: { newPassword: string }) =>
    client.request(ChangePasswordResponse, '/customer/set-password', { method: 'POST', body }),
  startGuestSession: (token: string) =>
    client.request(GuestSessionResponse, '/user-flow-access', { method: 'POST', body: { token }, allow401: true }),
});
export type AuthApi = ReturnType<typeof authApi>;
