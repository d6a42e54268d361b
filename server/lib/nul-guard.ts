import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.ts';

/**
 * One edge check for every route (decision 152): a NUL character anywhere in the path, the
 * query string or a string (key or value) of a JSON body answers 400 VALIDATION before any handler,
 * so no handler, database call or log line ever sees one. Runs after the body-size limit.
 */
const NUL = '\u0000';
const ENCODED_NUL = /%00/i;

function decodedHasNul(raw: string): boolean {
  if (raw.includes(NUL) || ENCODED_NUL.test(raw)) return true;
  try {
    return decodeURIComponent(raw).includes(NUL);
  } catch {
    return false; // malformed escapes are the router's and handlers' business
  }
}

/** Whether any string in a parsed JSON value holds a NUL (iterative: a deeply nested body cannot overflow the stack). */
export function jsonHasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

export const rejectNul: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const pathAndQuery = start === -1 ? '' : url.slice(start);
  let bad = decodedHasNul(pathAndQuery);
  if (
    !bad &&
    (c.req.header('content-type') ?? '').includes('json') &&
    c.req.method !== 'GET' &&
    c.req.method !== 'HEAD'
  ) {
    try {
      bad = jsonHasNul(await c.req.json()); // parsed once; handlers read hono's cached body
    } catch {
      // An unreadable body is reported by the handler that reads it.
    }
  }
  if (bad) return c.json(errorBody('VALIDATION', 'Text must not contain a NUL character.'), 400);
  return next();
};

/** A path or message safe for one log line: control characters shown as \uXXXX, never written raw. */
export const printable = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
