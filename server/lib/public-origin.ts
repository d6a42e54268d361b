/**
 * The origin links in emails are built from (reset password, confirm a new email address): configured,
 * never taken from the request's Host header, which a client chooses (decision 153).
 * PUBLIC_ORIGIN (e.g. https://www.example.co.uk); default the origin `npm start` serves and prints,
 * http://127.0.0.1:{port}, so an emailed or calendar link opens where the customer is signed in
 * (cookies are per host: localhost and 127.0.0.1 do not share a session).
 */
export const LOCAL_HOST = '127.0.0.1';

export function publicOriginFrom(value: string | undefined, port: number): string {
  if (value === undefined || value.trim() === '') return `http://${LOCAL_HOST}:${port}`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_ORIGIN=${value} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN=${value} is not http(s)`);
  return url.origin;
}

export const DEFAULT_PUBLIC_ORIGIN = publicOriginFrom(undefined, 5173);
