import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, signIn } from './browser';
import { useE2eWorld } from './world';
import { defaultDistDir } from '#server/paths.ts';
import { localePrefixes } from '#src/config/locales';

/**
 * Decision 240: the build ships one bundle per locale. Chunks that hold copy
 * live in assets/<locale>-<hash>/ with only that locale's texts; chunks without copy (the
 * framework) are shared in assets/. index.html loads a small boot file that picks the folder from
 * the URL's prefix. The e2e project runs after `npm run build`, so this is the bundle that ships.
 */
const assets = join(defaultDistDir, 'assets');
const catalogue = async (locale: string) =>
  JSON.parse(await readFile(join(import.meta.dirname, '../../messages', `${locale}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

const bootMap = async (): Promise<Record<string, string>> => {
  const html = await readFile(join(defaultDistDir, 'index.html'), 'utf8');
  const boot = /<script type="module"[^>]*src="\/my-account\/assets\/(boot-[\w-]+\.js)"/.exec(html)?.[1];
  expect(boot, 'index.html loads the boot file').toBeDefined();
  const code = await readFile(join(assets, boot!), 'utf8');
  return JSON.parse(/const d=(\{[^}]*\})/.exec(code)![1]!) as Record<string, string>;
};

describe('the production build', () => {
  it('has a folder for en-GB and each of the 16 prefixes, the same files in each, and no marker left', async () => {
    const dirs = await bootMap();
    expect(Object.keys(dirs).sort()).toEqual(['en-GB', ...localePrefixes].sort());
    const listings = await Promise.all(
      Object.values(dirs).map(async (d) => (await readdir(join(assets, d))).filter((f) => f.endsWith('.js')).sort()),
    );
    expect(listings[0]!.length).toBeGreaterThan(20);
    for (const listing of listings) expect(listing).toEqual(listings[0]);
    const all = (await readdir(assets, { recursive: true })).filter((f) => f.endsWith('.js'));
    for (const file of all) expect((await readFile(join(assets, file), 'utf8')).includes('__pgmsg'), file).toBe(false);
  });

  it("puts a locale's texts in its own folder only, and no copy in the shared chunks", async () => {
    const dirs = await bootMap();
    const [en, de] = [await catalogue('en-GB'), await catalogue('de')];
    const read = async (dir: string) => {
      const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
      return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
    };
    const [enCode, deCode, shared] = [
      await read(join(assets, dirs['en-GB']!)),
      await read(join(assets, dirs['de']!)),
      await read(assets),
    ];
    for (const key of ['common_try_again', 'login_page_sign_in_or_create_an']) {
      // As the minifier writes a message's text: a whole string literal (machine descriptions, which
      // are for designers and stay English, may contain the same words).
      const [english, german] = [String(en[key]), String(de[key])].map((t) => `\`${t}\``) as [string, string];
      expect(enCode, key).toContain(english);
      expect(deCode, key).toContain(german);
      expect(deCode.includes(english), `${key} in en-GB inside the de bundle`).toBe(false);
      expect(enCode.includes(german), `${key} in German inside the en-GB bundle`).toBe(false);
      expect(shared.includes(english) || shared.includes(german), `${key} in a shared chunk`).toBe(false);
    }
  });
});

/** The boot file's first routes (decision 245): each URL pattern with the files it links. */
const bootRoutes = async (): Promise<[string, string[], string?][]> => {
  const html = await readFile(join(defaultDistDir, 'index.html'), 'utf8');
  const boot = /<script type="module"[^>]*src="\/my-account\/assets\/(boot-[\w-]+\.js)"/.exec(html)?.[1];
  const code = await readFile(join(assets, boot!), 'utf8');
  return JSON.parse(/for\(const\[x,f,y\]of (\[\[.*?\]\])\)\{const m=/.exec(code)![1]!) as [string, string[], string?][];
};

describe('the production build’s chunk groups (decision 249)', () => {
  it('holds the bookings lists’ own code and copy in one file, which the lists link and sign-in and a booking do not', async () => {
    const dirs = await bootMap();
    const en = await catalogue('en-GB');
    const dir = join(assets, dirs['en-GB']!);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
    const codes = await Promise.all(files.map(async (f) => [f, await readFile(join(dir, f), 'utf8')] as const));
    const holding = (key: string) =>
      codes.filter(([, code]) => code.includes(`\`${String(en[key])}\``)).map(([f]) => f);
    const lists = holding('bookings_list_bookings_screen_load_more_bookings');
    expect(lists).toHaveLength(1);
    for (const key of [
      'bookings_list_booking_card_this_journey_was_changed_the',
      'bookings_list_imported_message_no_new_bookings',
      'bookings_list_bookings_screen_upcoming_empty',
    ]) {
      expect(holding(key), key).toEqual(lists);
    }
    const routes = await bootRoutes();
    const linked = (path: string) => routes.find(([pattern]) => new RegExp(pattern).test(path))?.[1] ?? [];
    for (const path of ['/bookings', '/bookings/upcoming', '/bookings/past', '/bookings/season'])
      expect(linked(path), path).toContain(lists[0]);
    for (const path of ['/login', '/bookings/8a6d1c2f']) expect(linked(path), path).not.toContain(lists[0]);
  });

  /**
   * The JS a first visit to `path` downloads, as files under assets/: the boot file, the modules
   * index.html links, the locale's entry, the files the boot file links for the route, and every
   * file these import statically, as `npm run bench` counts it for the bookings list.
   */
  const firstRouteFiles = async (path: string): Promise<string[]> => {
    const dirs = await bootMap();
    const dir = dirs['en-GB']!;
    const html = await readFile(join(defaultDistDir, 'index.html'), 'utf8');
    const boot = /src="\/my-account\/assets\/(boot-[\w-]+\.js)"/.exec(html)![1]!;
    const entry = /import\(b\+"([^"]+\.js)"\)/.exec(await readFile(join(assets, boot), 'utf8'))![1]!;
    const linked = (await bootRoutes()).find(([pattern]) => new RegExp(pattern).test(path))?.[1] ?? [];
    const files = new Set([
      boot,
      ...[...html.matchAll(/rel="modulepreload"[^>]*href="\/my-account\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!),
      `${dir}/${entry}`,
      ...linked.map((f) => (f.startsWith('../') ? f.slice(3) : `${dir}/${f}`)),
    ]);
    for (const f of files) {
      const code = await readFile(join(assets, f), 'utf8');
      const from = f.includes('/') ? f.slice(0, f.indexOf('/') + 1) : '';
      for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?"(\.\.?)\/([^"]+\.js)"/g))
        files.add(m[1] === '.' ? `${from}${m[2]}` : m[2]!);
    }
    return [...files];
  };
  const brotliKiB = async (files: string[]) =>
    (
      await Promise.all(
        files.map(
          async (f) =>
            brotliCompressSync(await readFile(join(assets, f)), {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11 },
            }).length,
        ),
      )
    ).reduce((a, b) => a + b, 0) / 1024;

  it('keeps the first route’s JS (the upcoming bookings, brotli) within its budget', async () => {
    // The product's budget is 125 KiB, its aim 107 KiB. The figure here is the build's own (122.7
    // KiB with decision 861), so that nothing is added to it unnoticed: lower it when the size goes
    // down, never raise it.
    const files = await firstRouteFiles('/bookings/upcoming');
    expect(files.some((f) => f.startsWith('framework-'))).toBe(true);
    expect(await brotliKiB(files)).toBeLessThanOrEqual(123);
  });

  it('gives a booking opened first 15 files of JS at most, each a request over HTTP/1.1 (decisions 861, 871)', async () => {
    expect((await firstRouteFiles('/bookings/8a6d1c2f')).length).toBeLessThanOrEqual(15);
  });

  it('has no cycle of static imports between chunks, which groups that leave out their imports can make', async () => {
    // Rolldown's documentation warns that `includeDependenciesRecursively: false` can give chunks
    // that import each other; their modules would then run in the wrong order.
    const dirs = await bootMap();
    const files = [
      ...(await readdir(assets)).filter((f) => f.endsWith('.js')),
      ...(await readdir(join(assets, dirs['en-GB']!)))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `${dirs['en-GB']}/${f}`),
    ];
    const imports = new Map<string, string[]>();
    for (const f of files) {
      const code = await readFile(join(assets, f), 'utf8');
      const from = f.includes('/') ? f.slice(0, f.indexOf('/') + 1) : '';
      imports.set(
        f,
        [
          ...code.matchAll(
            /(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?"\.\/([^"]+\.js)"|(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?"\.\.\/([^"]+\.js)"/g,
          ),
        ].map((m) => (m[1] !== undefined ? `${from}${m[1]}` : m[2]!)),
      );
    }
    expect(imports.size).toBeGreaterThan(50);
    expect([...imports.values()].flat().length, 'imports read').toBeGreaterThan(imports.size);
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (path.includes(f)) return void cycles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
      if (done.has(f)) return;
      for (const next of imports.get(f) ?? []) visit(next, [...path, f]);
      done.add(f);
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});

describe('in the browser', () => {
  const world = useE2eWorld();
  beforeAll(async () => {
    await world.server.reset();
  });

  it.each([
    ['', 'en-GB'],
    ['/de', 'de'],
    ['/zh', 'zh'],
  ])('%s/my-account/login loads the shared chunks and the %s folder, no other locale', async (prefix, locale) => {
    const dirs = await bootMap();
    const w = await openPage(world.browser, 375);
    const loaded: string[] = [];
    w.page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/my-account/assets/') && path.endsWith('.js'))
        loaded.push(path.slice('/my-account/assets/'.length));
    });
    await w.page.goto(`${world.server.origin}${prefix}/my-account/login`);
    const heading = String((await catalogue(locale))['login_page_sign_in_or_create_an'] ?? '');
    await w.page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'visible', timeout: 30_000 });
    const folders = new Set(loaded.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
    expect([...folders]).toEqual([dirs[locale]]);
    expect(
      loaded.some((f) => f.startsWith('framework-')),
      'the shared framework chunk',
    ).toBe(true);
    await w.context.close();
  });

  it("links the sign-in screen's code and CSS from the boot file, and each file is fetched once", async () => {
    const dirs = await bootMap();
    const login = (await bootRoutes()).find(([pattern]) => new RegExp(pattern).test('/login'));
    expect(login?.[1].length, 'the boot file links the sign-in route').toBeGreaterThan(0);
    const w = await openPage(world.browser, 375);
    const requests: string[] = [];
    w.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/my-account/assets/')) requests.push(path.slice('/my-account/assets/'.length));
    });
    await w.page.goto(`${world.server.origin}/my-account/login`);
    await w.page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });
    await w.page.waitForLoadState('networkidle');
    // A file linked early is the one the router's loader then uses, not a second download.
    const twice = requests.filter((f, i) => requests.indexOf(f) !== i);
    expect(twice).toEqual([]);
    const linked = login![1].map((f) => (f.startsWith('../') ? f.slice(3) : `${dirs['en-GB']}/${f}`));
    for (const f of linked) expect(requests, f).toContain(f);
    await w.context.close();
  });

  it.each([
    ['', '/bookings', ['/my-account/api/user', '/my-account/api/bookings/upcoming?page=0']],
    ['/de', '/bookings/past', ['/my-account/api/user', '/my-account/api/bookings/past?page=0']],
    // The first booking on the upcoming list (decision 800): `{id}` is its id.
    ['', '/bookings/{id}', ['/my-account/api/user', '/my-account/api/booking/{id}']],
  ])(
    'on %s%s asks for the user and the screen’s data from the boot file, each once (decisions 247, 800)',
    async (prefix, pathOf, callsOf) => {
      const w = await openPage(world.browser, 375);
      await signIn(w.page, world.server.origin, 'demo@example.com', 'RailDemo!2026');
      // Signing in lands on the bookings, whose own calls may still be under way: counted here, they
      // would look like second requests from the page under test.
      await w.page.waitForLoadState('networkidle');
      const id = pathOf.includes('{id}')
        ? ((await w.page.locator('main article a[href]').first().getAttribute('href'))?.split('/').pop() ?? '')
        : '';
      const path = pathOf.replace('{id}', id);
      const calls = callsOf.map((c) => c.replace('{id}', id));
      const routes = await bootRoutes();
      expect(
        routes.find(([pattern]) => new RegExp(pattern).test(path))?.[2],
        'the boot file asks for the screen’s data',
      ).toBeDefined();
      const api: string[] = [];
      w.page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/my-account/api/')) api.push(`${url.pathname}${url.search}`);
      });
      await w.page.goto(`${world.server.origin}${prefix}/my-account${path}`);
      await w.page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });
      await w.page.waitForLoadState('networkidle');
      for (const call of calls)
        expect(
          api.filter((c) => c === call),
          call,
        ).toHaveLength(1);
      await w.context.close();
    },
  );
});
