/**
 * The origin links in emails are built from (reset password, confirm a new email address): configured,
 * never taken from the request's Host header, which a client chooses (decision 150).
 * PUBLIC_ORIGIN (e.g. https://www.example.co.uk); default http://localhost:{port}.
 */
export function publicOriginFrom(value: string | undefined, port: number): string {
  if (value === undefined || value.trim() === '') return `http://localhost:${port}`;
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
