import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createApp, type CreateAppOptions } from '#server/app.ts';
import { isEmpty, type Db } from '#server/db.ts';
import { openTestDb } from './db.ts';
import { httpServerOptions, type HttpTimeouts } from '#server/lib/http-timeouts.ts';
import type { PageDataOverrides } from '#server/lib/page-data.ts';
import type { ApiShape } from '#server/lib/spec-shape.ts';
import { defaultDistDir } from '#server/paths.ts';
import type { Scenario, SeedReport } from '#server/seed/context.ts';
import { seed } from '#server/seed/index.ts';

export type TestServer = {
  /** `http://127.0.0.1:PORT/my-account/` */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** What the last scenario load created (accounts, guest links with their booking ids and tokens). */
  readonly seeded: SeedReport;
  close(): Promise<void>;
  /** Wipes the database and loads `scenario` (default 'demo'); also clears every test switch. */
  reset(scenario?: Scenario): Promise<SeedReport>;
  /** Moves the server's injectable clock `offsetMs` from real time (instead of sleeping); resolves to its new now. */
  setClock(offsetMs: number): Promise<Date>;
  /** Reads the server's database directly: for tests that check what is stored, table by table. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * The next `count` calls of `method` to the API `path` (after /my-account/api, e.g. '/customer/consents')
   * answer `status` with `body` (default: an error body with code TEST_ANSWER) instead of the route (POST /__test/answer).
   */
  answer(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    status: number,
    body?: unknown,
    count?: number,
  ): Promise<void>;
};

export type TestServerOptions = {
  scenario?: Scenario;
  pageData?: PageDataOverrides;
  /** Default: dist/ when it holds index.html, else a tiny generated shell (see createFixtureDist). */
  distDir?: string;
  /** The app's route paths (see createApp); default: the generated server/known-paths.gen.ts. */
  knownPaths?: readonly string[] | null;
  /** Collects operational log lines (reset links); default: dropped. */
  log?: (line: string) => void;
  /** Behind trusted proxies: read the client address from X-Forwarded-For (createApp trustProxy; true = one); default off. */
  trustProxy?: boolean | number;
  /** Keep the database in this folder (seeded only when empty), to test a restart; default in memory. */
  dataDir?: string;
  /** OpenID Connect providers to sign in with (createApp oidcProviders); default none. */
  oidcProviders?: CreateAppOptions['oidcProviders'];
  /** Origin of email links and of the OpenID Connect callback (createApp publicOrigin). */
  publicOrigin?: string;
  /** A fixed port (e.g. one registered with an OpenID provider); default any free port. */
  port?: number;
  /** `spec` or `spec-nulls`: answer only with docs/product/entities.md and docs/product/api.md's fields and calls (API_SHAPE, decision 340); default `full`. */
  apiShape?: ApiShape;
  /** The Node server's limits on slow and idle connections (server/lib/http-timeouts.ts); default npm start's. */
  timeouts?: Partial<HttpTimeouts>;
  /** The database as the app sees it, e.g. with a transaction that fails at its commit; default as opened (seeding uses it as opened). */
  wrapDb?: (db: Db) => Db;
};

export const FIXTURE_SCRIPT = '/my-account/assets/app.js';

let fixtureDist: Promise<string> | null = null;

/**
 * A minimal built app in a temp folder: index.html with a module script in <head>, and that
 * script. Created once per test worker (read-only for the server) and removed when it exits.
 */
export function createFixtureDist(): Promise<string> {
  fixtureDist ??= writeFixtureDist();
  return fixtureDist;
}

async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'my-account-dist-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="UTF-8" />',
      '<title>My account</title>',
      `<script type="module" crossorigin src="${FIXTURE_SCRIPT}"></script>`,
      '</head>',
      '<body><div id="root"></div><noscript>You need to enable JavaScript to manage your account.</noscript></body>',
      '</html>',
      '',
    ].join('\n'),
  );
  // As scripts/service-worker.ts writes it beside index.html.
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  const script = 'document.getElementById("root").textContent = "fixture";\n';
  await writeFile(join(dir, 'assets', 'app.js'), script);
  // As scripts/compress-assets.ts leaves them beside each built asset.
  await writeFile(join(dir, 'assets', 'app.js.gz'), gzipSync(script));
  await writeFile(join(dir, 'assets', 'app.js.br'), brotliCompressSync(script));
  return dir;
}

/** Starts the real server on a free port with an in-memory database and the test switches on. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const distDir =
    opts.distDir ?? (existsSync(join(defaultDistDir, 'index.html')) ? defaultDistDir : await createFixtureDist());
  const db = await openTestDb(opts.dataDir ?? null);
  let seeded: SeedReport =
    opts.dataDir === undefined || (await isEmpty(db))
      ? await seed(db, opts.scenario ?? 'demo')
      : { accounts: [], guestLinks: [] };
  const app = await createApp({
    db: opts.wrapDb ? opts.wrapDb(db) : db,
    distDir,
    testSwitches: true,
    ...(opts.pageData ? { pageData: opts.pageData } : {}),
    ...(opts.knownPaths !== undefined ? { knownPaths: opts.knownPaths } : {}),
    log: opts.log ?? (() => {}),
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
    ...(opts.oidcProviders ? { oidcProviders: opts.oidcProviders } : {}),
    ...(opts.publicOrigin ? { publicOrigin: opts.publicOrigin } : {}),
    ...(opts.apiShape ? { apiShape: opts.apiShape } : {}),
  });
  const server = serve({
    fetch: app.fetch,
    port: opts.port ?? 0,
    hostname: '127.0.0.1',
    overrideGlobalObjects: false,
    serverOptions: httpServerOptions(opts.timeouts),
  });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) return resolve();
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/my-account/`,
    origin,
    port,
    get seeded() {
      return seeded;
    },
    async reset(scenario = 'demo') {
      const res = await fetch(`${origin}/__test/scenario`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: scenario }),
      });
      if (!res.ok) throw new Error(`reset(${scenario}) failed: ${res.status} ${await res.text()}`);
      const { scenario: _name, ...report } = (await res.json()) as SeedReport & { scenario: string };
      seeded = report;
      return seeded;
    },
    async setClock(offsetMs) {
      const res = await fetch(`${origin}/__test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offsetMs }),
      });
      if (!res.ok) throw new Error(`setClock(${offsetMs}) failed: ${res.status} ${await res.text()}`);
      return new Date(((await res.json()) as { now: string }).now);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async answer(method, path, status, body, count = 1) {
      const res = await fetch(`${origin}/__test/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, path, count, status, ...(body === undefined ? {} : { body }) }),
      });
      if (!res.ok) throw new Error(`answer(${method} ${path}) failed: ${res.status} ${await res.text()}`);
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.close();
    },
  };
}

export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T };

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** How to send the CSRF value: header (default), `_csrf` in the JSON body, not at all, or this exact value (header). */
  csrf?: 'header' | 'body' | 'none' | { value: string };
};

/** A cookie-keeping HTTP client for server tests, holding the CSRF value from the shell's page data. */
export type ApiClient = {
  /** Fetches the shell once: stores its cookies and the page-data csrfToken. */
  init(): Promise<void>;
  readonly csrfToken: string | null;
  cookie(name: string): string | undefined;
  /** Forgets one cookie (or all when no name is given). */
  dropCookie(name?: string): void;
  /** Raw Set-Cookie headers of the last response. */
  readonly lastSetCookies: string[];
  /** Sent as `x-user-flow-id` when set, e.g. `order.{session}`. */
  flowId: string | null;
  request<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>): Promise<ApiResponse<T>>;
  /** GET a page (not JSON): status, headers and HTML. */
  page(path: string): Promise<{ status: number; headers: Headers; html: string }>;
};

const PAGE_DATA = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/;

/** The raw text inside `<script type="application/json" id="page-data">`, or null. */
export function pageDataText(html: string): string | null {
  return PAGE_DATA.exec(html)?.[1] ?? null;
}

/** The parsed page data of a shell, or null when the element is absent. */
export function readPageData(html: string): Record<string, unknown> | null {
  const text = pageDataText(html);
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * An HTTP client against `origin` that keeps cookies like a browser (no domain/path logic: one origin).
 * Two clients given one `jar` are one browser talking to two servers behind one name.
 */
export function apiClient(origin: string, jar: Map<string, string> = new Map()): ApiClient {
  let csrfToken: string | null = null;
  let lastSetCookies: string[] = [];

  const absorb = (res: Response) => {
    lastSetCookies = res.headers.getSetCookie();
    // A new CSRF value comes with every change of session (decision 151), as the app's client adopts it.
    const rotated = res.headers.get('x-csrf-token');
    if (rotated) csrfToken = rotated;
    absorbSetCookies(jar, lastSetCookies);
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  const client: ApiClient = {
    flowId: null,
    get csrfToken() {
      return csrfToken;
    },
    get lastSetCookies() {
      return lastSetCookies;
    },
    cookie: (name) => jar.get(name),
    dropCookie: (name) => (name === undefined ? jar.clear() : void jar.delete(name)),
    async init() {
      const { html } = await client.page('/my-account/');
      const data = readPageData(html);
      csrfToken = typeof data?.csrfToken === 'string' ? data.csrfToken : null;
    },
    async page(path) {
      const res = await fetch(origin + path, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
      absorb(res);
      return { status: res.status, headers: res.headers, html: await res.text() };
    },
    async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { accept: 'application/json', cookie: cookieHeader() };
      const csrf = opts.csrf ?? 'header';
      let body = opts.body;
      if (typeof csrf === 'object') headers['x-csrf-token'] = csrf.value;
      else if (csrf === 'header' && csrfToken) headers['x-csrf-token'] = csrfToken;
      else if (csrf === 'body' && csrfToken) body = { ...(body as object), _csrf: csrfToken };
      if (client.flowId) headers['x-user-flow-id'] = client.flowId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      Object.assign(headers, opts.headers);
      const res = await fetch(origin + path, {
        method,
        headers,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        redirect: 'manual',
      });
      absorb(res);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed as T };
    },
    get: (path, opts) => client.request('GET', path, opts),
    post: (path, body, opts) => client.request('POST', path, { ...opts, body }),
  };
  return client;
}

/** A cookie-keeping client for `origin`, signed in as `account` (throws when the sign-in fails). */
export async function signedInClient(origin: string, account: { email: string; password: string }): Promise<ApiClient> {
  const client = apiClient(origin);
  await client.init();
  const res = await client.post('/my-account/api/login', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`sign-in as ${account.email} failed with status ${res.status}`);
  return client;
}

/**
 * Keeps a cookie jar as a browser would from Set-Cookie lines: a cookie expired by Max-Age (which
 * takes precedence) or Expires, or set empty, is removed; any other is stored.
 */
export function absorbSetCookies(jar: Map<string, string>, lines: readonly string[]): void {
  for (const line of lines) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const maxAge = attrs.find((a) => /^max-age=/i.test(a));
    const expires = attrs.find((a) => /^expires=/i.test(a));
    const expired =
      (maxAge !== undefined && Number(maxAge.split('=')[1]) <= 0) ||
      (maxAge === undefined && expires !== undefined && Date.parse(expires.slice(8)) <= Date.now());
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}
