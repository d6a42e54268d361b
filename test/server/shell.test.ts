import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { type Db } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import {
  apiClient,
  createFixtureDist,
  FIXTURE_SCRIPT,
  pageDataText,
  readPageData,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../helpers/server.ts';

const fakePaths = ['/', '/login', '/bookings/upcoming', '/bookings/$bookingId/history', '/order-token/$bookingId/'];

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ distDir: await createFixtureDist(), knownPaths: fakePaths });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset('demo');
  client = apiClient(server.origin);
});

/** A GET with exactly this Accept-Encoding (fetch would add and undo its own). */
function rawGet(path: string, acceptEncoding: string | null) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    const req = httpGet(
      server.origin + path,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
  });
}

const postSwitch = (path: string, body: unknown) =>
  fetch(`${server.origin}/__test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('app shell status', () => {
  it('is 200 for known app routes, with or without a locale prefix', async () => {
    for (const path of [
      '/my-account',
      '/my-account/',
      '/my-account/login',
      '/my-account/bookings/upcoming',
      '/my-account/bookings/abc/history/',
      '/my-account/order-token/abc',
      '/de/my-account/login',
      '/pt-br/my-account/bookings/upcoming',
      '/de-ch/my-account/',
    ]) {
      const page = await client.page(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.html).toContain('<div id="root">');
    }
  });

  it('is 404 with the same shell for unknown paths', async () => {
    for (const path of [
      '/my-account/no-such-page',
      '/my-account/bookings/abc',
      '/xx/my-account/login',
      '/de/login',
      '/elsewhere',
    ]) {
      const page = await client.page(path);
      expect(page.status, path).toBe(404);
      expect(page.html).toContain('<div id="root">');
      expect(readPageData(page.html)).not.toBeNull();
    }
  });

  it('speaks the locale of the URL before any script runs: <html lang> and the <noscript> text', async () => {
    const en = await client.page('/my-account/login');
    expect(en.html).toContain('<html lang="en-GB"');
    expect(en.html).toContain('<noscript>You need to enable JavaScript to manage your account.</noscript>');
    const de = await client.page('/de-ch/my-account/login');
    expect(de.html).toContain('<html lang="de-CH"');
    expect(de.html).toContain('<noscript>Bitte aktivieren Sie JavaScript, um Ihr Konto zu verwalten.</noscript>');
    const zh = await client.page('/zh/my-account/');
    expect(zh.html).toContain('<html lang="zh"');
    expect(zh.html).toContain('<noscript>您需要启用 JavaScript 才能管理您的账户。</noscript>');
    // An unknown prefix is not a locale: the English shell, with its 404.
    const unknown = await client.page('/xx/my-account/login');
    expect(unknown.html).toContain('<html lang="en-GB"');
  });

  it('redirects the bare origin to the app', async () => {
    const page = await client.page('/');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/my-account/');
  });

  it('answers HEAD like GET', async () => {
    const res = await fetch(`${server.origin}/my-account/login`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect((await fetch(`${server.origin}/my-account/nope`, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers /favicon.ico quietly', async () => {
    expect((await fetch(`${server.origin}/favicon.ico`)).status).toBe(204);
  });

  it('is never cached', async () => {
    expect((await client.page('/my-account/login')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('assets', () => {
  it('serves hashed assets with long cache headers', async () => {
    const res = await fetch(server.origin + FIXTURE_SCRIPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('fixture');
  });

  it('sends the build-time brotli or gzip file by Accept-Encoding, with Vary and the long cache', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await rawGet(FIXTURE_SCRIPT, accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(res.body).toString('utf8'), accept).toContain('fixture');
    }
  });

  it('sends the asset as is to a client that accepts no encoding, still varying by it', async () => {
    const res = await rawGet(FIXTURE_SCRIPT, null);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString('utf8')).toContain('fixture');
  });

  it('answers a missing asset with a plain 404, not the shell', async () => {
    const res = await fetch(`${server.origin}/my-account/assets/missing-abc123.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('serves the service worker at each scope, checked at every navigation (decision 250)', async () => {
    for (const path of ['/my-account/sw.js', '/de/my-account/sw.js', '/pt-br/my-account/sw.js']) {
      const res = await fetch(`${server.origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('addEventListener("fetch"');
    }
    // Not for a prefix that is no locale, nor below the app's base.
    expect(await (await fetch(`${server.origin}/xx/my-account/sw.js`)).text()).not.toContain(
      'addEventListener("fetch"',
    );
    expect((await fetch(`${server.origin}/my-account/bookings/sw.js`)).headers.get('content-type')).toMatch(
      /^text\/html/,
    );
  });

  it('does not let paths escape the dist folder', async () => {
    const res = await fetch(`${server.origin}/my-account/assets/%2e%2e/%2e%2e/package.json`);
    expect(res.status).toBe(404);
  });
});

describe('page data', () => {
  it('is injected into <head> before the module script', async () => {
    const { html } = await client.page('/my-account/login');
    const dataAt = html.indexOf('id="page-data"');
    const scriptAt = html.indexOf('<script type="module"');
    const headEnd = html.indexOf('</head>');
    expect(dataAt).toBeGreaterThan(0);
    expect(dataAt).toBeLessThan(scriptAt);
    expect(scriptAt).toBeLessThan(headEnd);
  });

  it('defaults to Leisure, GBP, every feature on and a CSRF token', async () => {
    const { html } = await client.page('/my-account/login');
    expect(readPageData(html)).toEqual({
      portal: 'Leisure',
      currency: 'GBP',
      csrfToken: client.cookie('ma_csrf'),
      features: {
        'passengers-and-railcards': true,
        'change-email': true,
        'on-demand-tickets': true,
        'enable-passenger-assistance': true,
        'refund-ineligibility-enhanced-view': true,
      },
    });
  });

  it('takes overrides from the test switch and escapes markup', async () => {
    const res = await postSwitch('page-data', {
      portal: '</script><script>alert(1)</script>',
      features: { 'change-email': false },
    });
    expect(res.status).toBe(200);
    const { html } = await client.page('/my-account/login');
    expect(html).not.toContain('<script>alert(1)');
    expect(pageDataText(html)).toContain('\\u003c/script\\u003e');
    const data = readPageData(html);
    expect(data?.portal).toBe('</script><script>alert(1)</script>');
    expect(data?.features).toMatchObject({ 'change-email': false, 'on-demand-tickets': true });
  });

  it('can leave the element out or inject raw text (for client fallback tests)', async () => {
    await postSwitch('page-data', { omit: true });
    expect((await client.page('/my-account/login')).html).not.toContain('page-data');
    await postSwitch('page-data', { raw: '{not json' });
    expect(pageDataText((await client.page('/my-account/login')).html)).toBe('{not json');
  });

  it('forgets overrides on reset', async () => {
    await postSwitch('page-data', { portal: 'ScotRail' });
    await server.reset('demo');
    expect(readPageData((await client.page('/my-account/login')).html)?.portal).toBe('Leisure');
  });
});

describe('graphql', () => {
  const ping = (c: ApiClient, csrf?: 'none') =>
    c.post<{ data?: { ping: string }; errors?: { code: string }[] }>(
      '/graphql',
      { operationName: 'ping', documentId: 'ping-v1', variables: {} },
      csrf ? { csrf } : {},
    );

  beforeEach(async () => {
    await client.init();
  });

  it('answers ping with pong and a conversation id', async () => {
    const res = await ping(client);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ping: 'pong' } });
    expect(res.headers.get('x-conversationid')).toBeTruthy();
  });

  it('requires CSRF', async () => {
    const res = await ping(client, 'none');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ code: 'CSRF_INVALID' }] });
  });

  it('rejects unknown operations and bad bodies', async () => {
    const unknown = await client.post('/graphql', { operationName: 'nope', documentId: 'x', variables: {} });
    expect(unknown.status).toBe(400);
    expect((await client.post('/graphql', { documentId: 'x' })).status).toBe(400);
  });

  it('fails the next N calls with the requested status, then recovers', async () => {
    expect((await postSwitch('graphql-fail', { count: 2, status: 503 })).status).toBe(200);
    expect((await ping(client)).status).toBe(503);
    expect((await ping(client)).status).toBe(503);
    expect((await ping(client)).status).toBe(200);
  });

  it('can delay answers', async () => {
    await postSwitch('graphql-fail', { count: 1, status: 200, delayMs: 300 });
    const started = Date.now();
    const res = await ping(client);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('clears pending failures on reset', async () => {
    await postSwitch('graphql-fail', { count: 5, status: 500 });
    await server.reset('demo');
    expect((await ping(client)).status).toBe(200);
  });
});

describe('errors and switches', () => {
  it('turns a thrown error into 500 JSON and logs it', async () => {
    const { allowConsoleError } = await import('../setup-node.ts');
    allowConsoleError(/Deliberate failure/);
    const res = await apiClient(server.origin).get('/my-account/api/__test/error');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errors: [{ code: 'INTERNAL_ERROR' }] });
    expect(res.headers.get('x-conversationid')).toBeTruthy();
  });

  it('rejects unknown scenarios', async () => {
    expect((await postSwitch('scenario', { name: 'nope' })).status).toBe(400);
  });
});

describe('other app configurations', () => {
  // One extra database for apps built in-process (app.request), to keep the file fast.
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(null);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('applies createApp pageData overrides', async () => {
    const app = await createApp({
      db,
      distDir: await createFixtureDist(),
      pageData: { portal: 'BrandedBusinessTravel', features: { 'passengers-and-railcards': false } },
    });
    const res = await app.request('/my-account/forgot-password');
    const data = readPageData(await res.text());
    expect(data?.portal).toBe('BrandedBusinessTravel');
    expect(data?.features).toMatchObject({ 'passengers-and-railcards': false, 'change-email': true });
  });

  it('404s every /__test path without test switches', async () => {
    const app = await createApp({ db, distDir: await createFixtureDist(), knownPaths: fakePaths });
    expect((await app.request('/__test/scenario', { method: 'POST', body: '{"name":"fresh"}' })).status).toBe(404);
    expect((await app.request('/__test/last-reset-token?email=demo@example.com')).status).toBe(404);
    expect((await app.request('/__test/page-data', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/__test/graphql-fail', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/__test/clock', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/__test/hang', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/__test/answer', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/my-account/api/__test/error')).status).toBe(404);
  });

  it('knows the real route list: spec routes 200, others 404', async () => {
    const app = await createApp({ db, distDir: await createFixtureDist() });
    expect((await app.request('/my-account/bookings/upcoming')).status).toBe(200);
    expect((await app.request('/my-account/bookings/abc/history')).status).toBe(200);
    expect((await app.request('/de/my-account/login')).status).toBe(200);
    expect((await app.request('/my-account/definitely-not-a-page')).status).toBe(404);
  });
});
