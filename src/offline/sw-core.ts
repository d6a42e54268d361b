import { minimize, offlineKind } from './minimize';

/**
 * The service worker's rules (decision 250), free of the worker global so tests can drive
 * them with a fake CacheStorage and fetch. src/offline/sw.ts binds them to the worker's events.
 *
 * - Assets (hashed, immutable): precached at install (the shared files and the scope's locale
 *   folder), then cache first.
 * - Pages: network first; the app shell of the scope is kept, without its CSRF value, for offline.
 * - API: only the signed-in customer's own reads in `minimize.ts` (user, upcoming bookings, a
 *   booking, calling points), minimized, stamped with the time they were saved, and only once the
 *   worker knows whose they are. Network first; the kept copy answers when the network fails or
 *   is slower than `slowMs`, with the `x-offline-saved-at` header so the page shows its banner.
 * - Everything kept from the API is dropped on sign-in, sign-out, any 401, a GET /user that is not
 *   the same signed-in customer, and a guest's calls (with an order token or a user-flow header)
 *   are never kept.
 */

/**
 * The same name as ./header.ts (the page's copy; a test checks they match). Written out here, not
 * imported: a module both the worker and the page import becomes a shared chunk, and sw.js must be one
 * classic script.
 */
export const OFFLINE_HEADER = 'x-offline-saved-at';
export const DATA_CACHE = 'my-account-offline-data';
const ASSETS_PREFIX = 'my-account-assets-';
const SHELL_PREFIX = 'my-account-shell-';

/** Written into sw.js by the build (scripts/service-worker.ts). Paths are relative to the app base. */
export interface SwManifest {
  version: string;
  /** Assets every locale uses, e.g. `assets/framework-abc.js`. */
  shared: string[];
  /** Each locale's folder by URL prefix ('' for en-GB, 'de', 'en-us'...), e.g. `assets/de-abc/`. */
  dirs: Record<string, string>;
  /** The files every locale folder holds (the same names in each). */
  localeFiles: string[];
}

export interface SwDeps {
  caches: CacheStorage;
  fetch: typeof fetch;
  now: () => Date;
  /** The registration's scope URL, e.g. `http://host/de/my-account/`. */
  scope: string;
  manifest: SwManifest;
  /** The app base every asset and API path starts with. */
  base: string;
  /** How long a kept API answer waits for the network before it answers instead. */
  slowMs: number;
}

const ownerKey = (d: SwDeps) => new URL(`${d.base}__offline/owner`, d.scope).href;

/** The URL prefix of the scope: '' for /my-account/, 'de' for /de/my-account/. */
export const scopePrefix = (d: Pick<SwDeps, 'scope' | 'base'>): string => {
  const path = new URL(d.scope).pathname;
  return path === d.base ? '' : path.slice(1, -d.base.length);
};

export const assetsCacheName = (d: Pick<SwDeps, 'manifest'>) => `${ASSETS_PREFIX}${d.manifest.version}`;
const shellCacheName = (d: Pick<SwDeps, 'manifest'>) => `${SHELL_PREFIX}${d.manifest.version}`;

/** Install: the files this scope's pages can load, so every screen opens offline. */
export async function install(d: SwDeps): Promise<void> {
  const dir = d.manifest.dirs[scopePrefix(d)] ?? d.manifest.dirs[''] ?? '';
  const files = [...d.manifest.shared, ...d.manifest.localeFiles.map((f) => `${dir}${f}`)];
  const cache = await d.caches.open(assetsCacheName(d));
  await cache.addAll(files.map((f) => new URL(`${d.base}${f}`, d.scope).href));
  try {
    await keepShell(d, await d.fetch(d.scope, { credentials: 'same-origin' }));
  } catch {
    // Offline during install: the shell is kept at the next page load.
  }
}

/** Activate: drop the assets and shells of earlier builds. */
export async function activate(d: SwDeps): Promise<void> {
  const keep = new Set([assetsCacheName(d), shellCacheName(d), DATA_CACHE]);
  for (const name of await d.caches.keys()) {
    if ((name.startsWith(ASSETS_PREFIX) || name.startsWith(SHELL_PREFIX)) && !keep.has(name))
      await d.caches.delete(name);
  }
}

/** Drops everything kept from the API (sign-out, a 401, another customer). */
export async function clearData(d: SwDeps): Promise<void> {
  await d.caches.delete(DATA_CACHE);
}

/** The shell without its CSRF value (a stale one is no use offline, and it is the session's). */
const withoutCsrf = (html: string) =>
  html.replace(
    /(<script type="application\/json" id="page-data">)([\s\S]*?)(<\/script>)/,
    (whole, open: string, json: string, close: string) => {
      try {
        const data = JSON.parse(json) as Record<string, unknown>;
        delete data.csrfToken;
        return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
      } catch {
        return whole;
      }
    },
  );

async function keepShell(d: SwDeps, response: Response): Promise<void> {
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) return;
  const html = withoutCsrf(await response.text());
  const cache = await d.caches.open(shellCacheName(d));
  await cache.put(d.scope, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}

export interface Handled {
  response: Promise<Response>;
  /** Work to finish after the answer (event.waitUntil): saving a copy, updating a kept one. */
  background?: Promise<unknown>;
}

/** What the worker does with a request, or null to leave it to the browser. */
export function route(d: SwDeps, request: Request): Handled | null {
  const url = new URL(request.url);
  if (url.origin !== new URL(d.scope).origin) return null;
  if (url.pathname.startsWith(`${d.base}api/`)) return api(d, request, url, url.pathname.slice(`${d.base}api`.length));
  if (request.method !== 'GET') return null;
  if (url.pathname.startsWith(`${d.base}assets/`)) return { response: asset(d, request) };
  if (request.mode === 'navigate' && url.href.startsWith(d.scope)) return page(d, request);
  return null;
}

async function asset(d: SwDeps, request: Request): Promise<Response> {
  const cache = await d.caches.open(assetsCacheName(d));
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await d.fetch(request);
  if (response.status === 200) await cache.put(request.url, response.clone());
  return response;
}

function page(d: SwDeps, request: Request): Handled {
  const network = d.fetch(request);
  const saved = network.then((r) => keepShell(d, r.clone())).catch(() => undefined);
  const response = network.catch(async () => {
    const kept = await (await d.caches.open(shellCacheName(d))).match(d.scope);
    return kept ?? Response.error();
  });
  return { response, background: saved };
}

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return null;
  }
};

const signedInUserId = (body: unknown): string | null => {
  const user =
    typeof body === 'object' && body !== null
      ? (body as { user?: { id?: unknown; status?: unknown } }).user
      : undefined;
  return user?.status === 'AUTHORISED' && typeof user.id === 'string' ? user.id : null;
};

async function owner(d: SwDeps): Promise<string | null> {
  if (!(await d.caches.has(DATA_CACHE))) return null;
  const kept = await (await d.caches.open(DATA_CACHE)).match(ownerKey(d));
  return kept ? kept.text() : null;
}

/** Whose answers are kept from now on: anyone else's are dropped first. */
async function setOwner(d: SwDeps, id: string | null): Promise<void> {
  const current = await owner(d);
  if (current !== null && current === id) return;
  await clearData(d);
  if (id !== null) await (await d.caches.open(DATA_CACHE)).put(ownerKey(d), new Response(id));
}

/**
 * Whose answers these are, when the worker started after the page had asked (its first visit: the
 * sign-in went past it). One GET /user with the same cookies says; true when it is a signed-in customer.
 */
let learning: Promise<boolean> | null = null;
function learnOwner(d: SwDeps): Promise<boolean> {
  // Answers arriving together ask once.
  learning ??= askOwner(d).finally(() => {
    learning = null;
  });
  return learning;
}

async function askOwner(d: SwDeps): Promise<boolean> {
  try {
    const response = await d.fetch(new URL(`${d.base}api/user`, d.scope).href, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const id = response.status === 200 ? signedInUserId(await readJson(response)) : null;
    if (id !== null) await setOwner(d, id);
    return id !== null;
  } catch {
    return false;
  }
}

/** A guest's call: the order token rides in the query, the user-flow id in a header. */
const isGuestCall = (request: Request, url: URL) =>
  url.searchParams.has('token') || request.headers.has('x-user-flow-id');

function api(d: SwDeps, request: Request, url: URL, path: string): Handled {
  if (request.method !== 'GET') return { response: apiWrite(d, request, path) };
  const kind = isGuestCall(request, url) ? null : offlineKind(path);
  if (!kind) return { response: d.fetch(request).then((r) => afterAnswer(d, r)) };

  let saved: Promise<unknown> = Promise.resolve();
  const network = d.fetch(request).then(async (r) => {
    await afterAnswer(d, r);
    saved = keepAnswer(d, url, kind, r.clone());
    return r;
  });
  const response = (async () => {
    const kept = await (await d.caches.open(DATA_CACHE)).match(url.href);
    if (!kept) return network;
    // A slow platform: the kept copy now, the network's answer updates it for next time.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), d.slowMs);
    });
    const first = await Promise.race([network.catch(() => null), slow]);
    clearTimeout(timer);
    return first ?? kept;
  })();
  return { response, background: network.then(() => saved).catch(() => undefined) };
}

/** Any 401 drops what was kept: the session is over. */
async function afterAnswer(d: SwDeps, response: Response): Promise<Response> {
  if (response.status === 401) await clearData(d);
  return response;
}

async function keepAnswer(d: SwDeps, url: URL, kind: keyof typeof minimize, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const body = await readJson(response);
  if (kind === 'user') {
    // GET /user says who is signed in: keep their answers, or nobody's.
    const id = signedInUserId(body);
    await setOwner(d, id);
    if (id === null) return;
  } else if ((await owner(d)) === null && !(await learnOwner(d))) {
    return;
  }
  const kept = new Response(JSON.stringify(minimize[kind](body)), {
    headers: { 'content-type': 'application/json', [OFFLINE_HEADER]: d.now().toISOString() },
  });
  await (await d.caches.open(DATA_CACHE)).put(url.href, kept);
}

async function apiWrite(d: SwDeps, request: Request, path: string): Promise<Response> {
  // Sign-in, registration and sign-out change whose answers these are: forget them first.
  const changesWho = path === '/login' || path === '/register' || path === '/logout';
  if (changesWho) await clearData(d);
  const response = await d.fetch(request);
  await afterAnswer(d, response);
  if ((path === '/login' || path === '/register') && response.status === 200) {
    await setOwner(d, signedInUserId(await readJson(response.clone())));
  }
  return response;
}
