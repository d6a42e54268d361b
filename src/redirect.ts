import { localePrefixes } from './config/locales';

export const defaultAfterLogin = '/bookings/upcoming';

const prefixPattern = new RegExp(`^/(?:(?:${localePrefixes.join('|')})/)?my-account(?=/|$)`, 'i');

/**
 * Only same-origin paths under /my-account are followed (security bar). Accepts the router's
 * internal path (`/bookings/upcoming?x=1`) or a full one (`/my-account/...`, `/de/my-account/...`)
 * and returns an internal path; anything else gives the bookings page.
 */
export const safeRedirectPath = (value: unknown, fallback = defaultAfterLogin): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value))
    return fallback;
  let url: URL;
  try {
    url = new URL(value, 'https://my-account.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://my-account.invalid') return fallback;
  const path = url.pathname.replace(prefixPattern, '') || '/';
  if (/^\/(login|register|logout|redirect)(\/|$)/.test(path)) return fallback;
  return `${path}${url.search}`;
};

/**
 * The `redirect` a "Sign in" link carries from the page it is on, so signing in comes back there
 * (a guest booking, a claim, a found booking); none from the sign-in, registration and sign-out
 * pages themselves, or from a path that is not the area's.
 */
export const signInReturn = (path: string): string | undefined => {
  const back = safeRedirectPath(path, '');
  return back === '' || back === '/' || SIGN_IN_PAGES.test(back) ? undefined : back;
};

/** The pages a customer signs in, registers, recovers a password or signs out on. */
const SIGN_IN_PAGES =
  /^\/(login|register|forgot-password|reset-password|migration\/reset-password|logout|sign-in-link|confirm-email)(\/|\?|#|$)/;
