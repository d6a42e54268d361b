import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from './lib/app-env.ts';
import { isHttps } from './lib/cookies.ts';
import { ensureCsrfCookie } from './lib/csrf.ts';
import { APP_BASE, stripLocale } from './lib/known-routes.ts';
import { devScriptHashes } from './lib/dev-csp.ts';
import { createShellLocalizer } from './lib/shell-locale.ts';
import { createLocalePreloader } from './lib/locale-preload.ts';
import { injectIntoHead, pageDataElement, serializePageData, type PageData } from './lib/page-data.ts';

export type ShellOptions = {
  distDir: string;
  isKnown: (pathname: string) => boolean;
  csrfSecret: string;
  /** Page data for this request, given its CSRF token. */
  pageData: (csrfToken: string) => PageData;
  /** Test switch: replace the element's JSON verbatim, or leave the element out. */
  rawPageData?: () => { raw?: string; omit?: boolean };
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The shell's Content-Security-Policy (decision 156). Scripts and styles only from this origin: the
 * build emits one module script and linked CSS files (vanilla-extract), and the page data element
 * is a JSON data block (type="application/json"), which CSP does not treat as a script, so it needs
 * no nonce. React's style props go through the CSSOM, which style-src does not govern.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');
/** The policy as sent: outside production it also allows the axe-core test script by hash (server/lib/dev-csp.ts). */
const hashes = devScriptHashes();
const SENT_POLICY = hashes.length
  ? CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`)
  : CONTENT_SECURITY_POLICY;

/** Sent only on HTTPS responses (a browser ignores it over HTTP, and it must not pin a local http server). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The request came over HTTPS: its own URL, or a trusted proxy's X-Forwarded-Proto (the cookies' rule). */
const overHttps = isHttps;

/** Sets Cache-Control on whatever static file the next handler found. */
function cacheFor(value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 || c.res.status === 206) c.res.headers.set('Cache-Control', value);
  };
}

/**
 * Caches must key compressed assets by Accept-Encoding even when this response is the identity one
 * (serveStatic adds Vary only when it picks a compressed file).
 */
const varyOnEncoding: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 200 || c.res.status === 206) {
    const vary = c.res.headers.get('Vary');
    if (!vary?.toLowerCase().includes('accept-encoding'))
      c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
};

/** Static assets, public files and the app shell with page data (SPA fallback, 404 for unknown paths). */
export function shellRoutes(opts: ShellOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const stripBase = (path: string) => path.slice(APP_BASE.length);

  app.get(
    `${APP_BASE}/assets/*`,
    cacheFor(IMMUTABLE),
    varyOnEncoding,
    // Build-time .br/.gz files beside each asset (scripts/compress-assets.ts), chosen by Accept-Encoding.
    serveStatic({ root: opts.distDir, rewriteRequestPath: stripBase, precompressed: true }),
  );
  app.get(`${APP_BASE}/assets/*`, (c) => c.text('Not Found', 404));

  // The service worker (decision 250), one per page scope: /my-account/sw.js and, for a locale's pages,
  // /{locale}/my-account/sw.js (a worker only controls pages under its own path). no-cache: the
  // browser checks it at every navigation, so a new build's worker replaces the old one at once.
  app.get('*', async (c, next) => {
    const { locale, path } = stripLocale(c.req.path);
    if (path !== `${APP_BASE}/sw.js` || (locale === null && c.req.path !== path)) return next();
    let code: string;
    try {
      code = await readFile(join(opts.distDir, 'sw.js'), 'utf8');
    } catch {
      return c.text('Not Found', 404);
    }
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(code, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });

  // Files Vite copies from public/ (favicon, robots.txt...) sit next to index.html.
  app.get(
    `${APP_BASE}/:file{[^/]+\\.[A-Za-z0-9]+}`,
    async (c, next) => (c.req.param('file') === 'index.html' ? c.text('Not Found', 404) : next()),
    cacheFor('public, max-age=3600'),
    serveStatic({ root: opts.distDir, rewriteRequestPath: stripBase }),
  );

  app.get('/', (c) => c.redirect(`${APP_BASE}/`, 302));
  // Browsers ask for /favicon.ico on their own; answer quietly instead of a 404 in the console.
  app.get('/favicon.ico', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(null, 204);
  });

  const localize = createShellLocalizer();
  const preloadLocale = createLocalePreloader(opts.distDir);
  app.get('*', async (c) => {
    const html = await preloadLocale(
      localize(await readFile(join(opts.distDir, 'index.html'), 'utf8'), c.req.path),
      c.req.path,
    );
    const token = ensureCsrfCookie(c, opts.csrfSecret);
    const raw = opts.rawPageData?.() ?? {};
    const element = raw.omit ? '' : pageDataElement(raw.raw ?? serializePageData(opts.pageData(token)));
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'same-origin');
    c.header('Content-Security-Policy', SENT_POLICY);
    if (overHttps(c)) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    return c.html(injectIntoHead(html, element), opts.isKnown(c.req.path) ? 200 : 404);
  });

  return app;
}
