import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from './api/client';
import type { AuthApi } from './api/auth';
import type { authMachine } from '#machines/auth';
import type { PageData } from './config/page-data';
import type { LocaleInfo } from './config/locales';
import type { TokenStore } from './hash-token';
import type { DraftStore } from './drafts';
import type { ConnectionState, ConnectionStore } from './offline/connection';

/** What routes are handed: the router context and the React context carry the same object. */
export interface AppServices {
  api: ApiClient;
  authApi: AuthApi;
  authActor: ActorRefFrom<typeof authMachine>;
  pageData: PageData;
  locale: LocaleInfo;
  /** Token that arrived in the URL hash (order token or reset token), held in memory only. */
  hashToken: TokenStore;
  /** Form drafts kept across a 401 and the sign-in that follows, in memory only (docs/decisions/161). */
  drafts: DraftStore;
  /** Online, or reading what the service worker kept (decision 250). */
  connection: ConnectionStore;
}

export const ServicesContext = createContext<AppServices | null>(null);

export const useServices = (): AppServices => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
};

/**
 * Offline or not, and since when (decision 250): screens disable what needs the server. Here, in the
 * entry chunk every screen loads, rather than a module of its own that the build would split out.
 */
export const useConnection = (): ConnectionState => {
  const { connection } = useServices();
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot);
};
