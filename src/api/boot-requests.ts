import type { ApiClient, EarlyReply } from './client';

/**
 * What the boot file asked for before the app's code arrived (scripts/locale-bundles.ts, decision
 * 247): on the routes `firstData` names in vite.config.ts (the bookings lists), the user and the
 * list's first page. Each reply by the path and query it was sent to, with the Accept-Language it
 * was sent with. The route's loader (docs/decisions/730) then asks for the same GET, and the API
 * client gives it this reply instead of asking again.
 */
interface BootRequests {
  language: string;
  replies: Record<string, Promise<EarlyReply>>;
}

declare global {
  var __myAccountFirst: BootRequests | undefined;
}

/**
 * Hands what the boot file asked for to the API client, which gives each reply to the first call
 * to the same GET (`ApiClient.adopt`). Read once, then gone from the page. Replies sent in another
 * language than this client's are left: the client asks again.
 */
export const adoptBootRequests = (
  client: ApiClient,
  language: string,
  from: { __myAccountFirst?: unknown } = globalThis,
): void => {
  const boot = from.__myAccountFirst as Partial<BootRequests> | undefined;
  delete from.__myAccountFirst;
  if (!boot || boot.language !== language || typeof boot.replies !== 'object' || boot.replies === null) return;
  for (const [path, reply] of Object.entries(boot.replies)) if (reply instanceof Promise) client.adopt(path, reply);
};
