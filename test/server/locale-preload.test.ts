import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalePreloader } from '#server/lib/locale-preload.ts';

/** Decision 240: the local server links the page's locale bundle from the HTML it sends. */
const html = '<head>\n    <script type="module" crossorigin src="/my-account/assets/boot-abc.js"></script>\n</head>';
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'locale-preload-'));
  await mkdir(join(dist, '.vite'));
  await writeFile(
    join(dist, '.vite', 'locale-bundles.json'),
    JSON.stringify({
      assetBase: '/my-account/assets/',
      dirs: { 'en-GB': 'en-GB-h1', de: 'de-h2', 'fr-ch': 'fr-ch-h3' },
      entry: 'index-x.js',
      preload: ['copy-y.js'],
      routes: [
        ['^/bookings/upcoming/?$', ['lists-a.js']],
        ['^/bookings/([^/]+)/?$', ['booking-b.js', '../shared-c.js']],
      ],
    }),
  );
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('createLocalePreloader', () => {
  it.each([
    ['/my-account/login', 'en-GB-h1'],
    ['/de/my-account/bookings/upcoming', 'de-h2'],
    ['/fr-ch/my-account/', 'fr-ch-h3'],
    ['/xx/my-account/', 'en-GB-h1'],
  ])('links %s to the %s folder, after the boot script', async (path, dir) => {
    const out = await createLocalePreloader(dist)(html, path);
    expect(out).toContain(
      `src="/my-account/assets/boot-abc.js"></script>\n    <link rel="modulepreload" crossorigin href="/my-account/assets/${dir}/index-x.js">`,
    );
    expect(out).toContain(`href="/my-account/assets/${dir}/copy-y.js"`);
    // The locale's two (a first route's own are marked `data-first-route`: the next test).
    expect(out.match(/modulepreload" crossorigin href/g)).toHaveLength(2);
  });

  it("links a first route's files at low priority, marked for the boot file, shared ones one folder up (decision 860)", async () => {
    const out = await createLocalePreloader(dist)(html, '/de/my-account/bookings/8a6d1c2f');
    expect(out).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" data-first-route href="/my-account/assets/de-h2/booking-b.js">',
    );
    expect(out).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" data-first-route href="/my-account/assets/shared-c.js">',
    );
    // The first pattern that matches, as the boot file tries them: upcoming, not a booking called "upcoming".
    const upcoming = await createLocalePreloader(dist)(html, '/my-account/bookings/upcoming');
    expect(upcoming.match(/data-first-route/g)).toHaveLength(1);
    expect(upcoming).toContain('href="/my-account/assets/en-GB-h1/lists-a.js"');
    // Another page, or a path outside the app: the locale's files only.
    for (const path of ['/my-account/account-overview', '/elsewhere/bookings/x'])
      expect(await createLocalePreloader(dist)(html, path), path).not.toContain('data-first-route');
  });

  it("at low priority when the build says so, after index.html's own module links, the framework's first (decision 871)", async () => {
    const low = await mkdtemp(join(tmpdir(), 'locale-preload-low-'));
    try {
      await mkdir(join(low, '.vite'));
      await writeFile(
        join(low, '.vite', 'locale-bundles.json'),
        JSON.stringify({
          assetBase: '/my-account/assets/',
          dirs: { 'en-GB': 'en-GB-h1' },
          entry: 'index-x.js',
          preload: [],
          routes: [['^/bookings/([^/]+)/?$', ['booking-b.js']]],
          codePriority: 'low',
        }),
      );
      const page =
        '<head>\n    <script type="module" crossorigin src="/my-account/assets/boot-abc.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/my-account/assets/framework-f.js">\n' +
        '    <link rel="stylesheet" crossorigin href="/my-account/assets/style-s.css">\n</head>';
      const out = await createLocalePreloader(low)(page, '/my-account/bookings/8a6d1c2f');
      const order = [...out.matchAll(/href="\/my-account\/assets\/([^"]+)"/g)].map((m) => m[1]);
      expect(order).toEqual(['framework-f.js', 'en-GB-h1/index-x.js', 'en-GB-h1/booking-b.js', 'style-s.css']);
      expect(out).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/my-account/assets/en-GB-h1/index-x.js">',
      );
    } finally {
      await rm(low, { recursive: true, force: true });
    }
  });

  it('leaves the page alone when the build has no manifest (a build from before decision 240)', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'locale-preload-bare-'));
    try {
      expect(await createLocalePreloader(bare)(html, '/de/my-account/')).toBe(html);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
