import type { ApiClient, RequestOptions } from './client';
import { accountSummaryPath } from './paths';
import {
  AccountSummaryResponse,
  ChangeEmailAnswer,
  ChangeEmailResponse,
  OrderCountResponse,
  PersonalDetailsResponse,
  SavePersonalDetailsResponse,
} from '../schemas/customer-profile';

type FirstCall = Pick<RequestOptions, 'signal' | 'allow401'>;

export interface PersonalDetailsForm {
  firstName: string;
  lastName: string;
  email: string;
  shouldUpdatePassenger: boolean;
}

export const customerProfileApi = (client: ApiClient) => ({
  /** `call` (here and in the account summary): a route's loader cancels it with the navigation, and its preload never signs out. */
  getPersonalDetails: (call?: FirstCall) => client.request(PersonalDetailsResponse, '/customer/personal-details', call),
  /** docs/product/api.md: the POST body is the form plus `_csrf`. */
  savePersonalDetails: (form: PersonalDetailsForm) =>
    client.request(SavePersonalDetailsResponse, '/customer/personal-details', {
      method: 'POST',
      body: { ...form },
      csrfInBody: true,
    }),
  changeEmail: (body: { newEmailAddress: string; currentPassword: string }) =>
    client.request(ChangeEmailAnswer, '/customer/change-email', { method: 'POST', body }),
  /** The link sent to the new address (decision 150): applies the change; answers as the spec's change-email. */
  confirmEmailChange: (token: string) =>
    client.request(ChangeEmailResponse, '/customer/change-email/confirm', { method: 'POST', body: { token } }),
  getOrderCount: (call?: FirstCall) => client.request(OrderCountResponse, '/customer/order-count', call),
  getAccountSummary: (call?: FirstCall) => client.request(AccountSummaryResponse, accountSummaryPath, call),
});
