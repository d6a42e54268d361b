import { activate, install, route, type SwDeps, type SwManifest } from './sw-core';

/**
 * The service worker (decision 250), built to `dist/sw.js` by scripts/service-worker.ts,
 * which writes the build's asset list in place of the placeholder below. Registered by the boot
 * file for the page's scope (`/my-account/` or `/{locale}/my-account/`). The app's own bundle never
 * imports this file.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const manifest = JSON.parse('__MY_ACCOUNT_SW_MANIFEST__') as SwManifest;

const deps = (): SwDeps => ({
  caches,
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
  scope: worker.registration.scope,
  manifest,
  base: '/my-account/',
  slowMs: 4000,
});

worker.addEventListener('install', (event) => {
  event.waitUntil(install(deps()).then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(activate(deps()).then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  const handled = route(deps(), event.request);
  if (!handled) return;
  event.respondWith(handled.response);
  if (handled.background) event.waitUntil(handled.background);
});
