import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from './api/client';
import type { AuthApi } from './api/auth';
import type { authMachine } from '#machines/auth';
import type { PageData } from './config/page-data';
import type { LocaleInfo } from './config/locales';
import type { TokenStore } from './hash-token';
import type { DraftStore } from './drafts';

/** What routes are handed: the router context and the React context carry the same object. */
export interface AppServices {
  api: ApiClient;
  authApi: AuthApi;
  authActor: ActorRefFrom<typeof authMachine>;
  pageData: PageData;
  locale: LocaleInfo;
  /** Token that arrived in the URL hash (order token or reset token), held in memory only. */
  hashToken: TokenStore;
  /** Form drafts kept across a 401 and the sign-in that follows, in memory only (docs/decisions/160). */
  drafts: DraftStore;
}

export const ServicesContext = createContext<AppServices | null>(null);

export const useServices = (): AppServices => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
};
