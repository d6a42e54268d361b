import { parseAst, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  dataTemplate,
  firstRoutePreloads,
  localizedChunks,
  readMessageModule,
  routePattern,
} from '#scripts/locale-bundles.ts';

/**
 * Decision 240: the build writes one bundle per locale. These check the two decisions the plugin
 * makes from Paraglide's output and rolldown's chunk graph; test/e2e/locale-bundles.test.ts checks
 * the bundle that ships.
 */
const parse = (code: string) =>
  parseAst(code) as unknown as Parameters<typeof readMessageModule>[1] extends (c: string) => infer R ? R : never;

/**
 * The shape Paraglide 2.23 writes for `outputStructure: 'message-modules'` (the one `vite build`
 * compiles), cut to three locales. Vitest's own Paraglide plugin writes 'locale-modules' into
 * src/paraglide, so the tests cannot read the build's files from there.
 */
const pluralModule = [
  "import * as registry from '../registry.js'",
  "import { getLocale, experimentalStaticLocale } from '../runtime.js';",
  'const en_gb2_saved_count = /** @type {(inputs: Inputs) => LocalizedString} */ (i) => {const countPlural = registry.plural("en-GB", i?.count, {});',
  '\tif (countPlural === "one") return /** @type {LocalizedString} */ (`saved address`);',
  '\treturn /** @type {LocalizedString} */ (`saved addresses`)',
  '};',
  'const de_saved_count = /** @type {(inputs: Inputs) => LocalizedString} */ (i) => {const countPlural = registry.plural("de", i?.count, {});',
  '\tif (countPlural === "one") return /** @type {LocalizedString} */ (`gespeicherte Adresse`);',
  '\treturn /** @type {LocalizedString} */ (`gespeicherte Adressen`)',
  '};',
  'const zh_saved_count = /** @type {(inputs: Inputs) => LocalizedString} */ (i) => {',
  '\tconst countPlural = registry.plural("zh", i?.count, {});return /** @type {LocalizedString} */ (`已保存的地址`)',
  '};',
  'export const saved_count = /** @type {any} */ ((inputs, options = {}) => {',
  '\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()',
  '\tif (locale === "de") return de_saved_count(inputs)',
  '\tif (locale === "zh") return zh_saved_count(inputs)',
  '\treturn en_gb2_saved_count(inputs)',
  '});',
].join('\n');

describe('readMessageModule', () => {
  it('finds every locale function of a compiled message, the source locale from the final return', () => {
    const byLocale = readMessageModule(pluralModule, parse);
    expect([...byLocale.keys()]).toEqual(['de', 'zh', 'en-GB']);
    expect(byLocale.get('en-GB')).toContain('`saved addresses`');
    expect(byLocale.get('de')).toContain('`gespeicherte Adressen`');
    expect(byLocale.get('de')).not.toContain('saved address');
    expect(byLocale.get('zh')).toContain('已保存的地址');
  });

  it('keeps a plural message whole, with its registry call, for each locale', () => {
    const byLocale = readMessageModule(pluralModule, parse);
    expect(byLocale.get('de')).toMatch(/^\(i\) => \{const countPlural = registry\.plural\("de"[\s\S]*\}$/);
    expect(byLocale.get('en-GB')).toContain('registry.plural("en-GB"');
  });

  it('reads the module as the Paraglide plugin hands it to the build, with semicolons', () => {
    const byLocale = readMessageModule(
      pluralModule.replace(/\(inputs\)\n/g, '(inputs);\n').replace(/\(inputs\)\n\}\);$/, '(inputs);\n});'),
      parse,
    );
    expect(byLocale.size).toBe(3);
  });

  it("follows a locale function that is another locale's function", () => {
    const code = [
      'const en_gb2_x = () => `Hello`;',
      'const de_x = () => `Hallo`;',
      'const de_at_x = de_x;',
      'export const x = ((inputs = {}, options = {}) => {',
      '\tconst locale = options.locale ?? getLocale()',
      '\tif (locale === "de") return de_x(inputs)',
      '\tif (locale === "de-at") return de_at_x(inputs)',
      '\treturn en_gb2_x(inputs)',
      '});',
    ].join('\n');
    const byLocale = readMessageModule(code, parse);
    expect(Object.fromEntries(byLocale)).toEqual({
      de: '() => `Hallo`',
      'de-at': '() => `Hallo`',
      'en-GB': '() => `Hello`',
    });
  });

  it('refuses a module it cannot read rather than shipping the wrong copy', () => {
    expect(() => readMessageModule('export const x = () => `Hello`;', parse)).toThrow(/no base locale/);
  });
});

const chunk = (fileName: string, code: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, code, imports, dynamicImports, moduleIds: [] }) as unknown as Rolldown.OutputChunk;

describe('localizedChunks', () => {
  it('is every chunk with a message and every chunk that imports one, never the framework', () => {
    const chunks = [
      chunk('assets/framework.js', 'react'),
      chunk('assets/copy.js', 'const a=__pgmsg(`common_try_again`)', ['assets/framework.js']),
      chunk('assets/screen.js', 'import "./copy.js"', ['assets/copy.js', 'assets/framework.js']),
      chunk('assets/index.js', 'import("./screen.js")', ['assets/framework.js'], ['assets/screen.js']),
      chunk('assets/helper.js', 'export const x=1', ['assets/framework.js']),
    ];
    expect([...localizedChunks(chunks)].sort()).toEqual(['assets/copy.js', 'assets/index.js', 'assets/screen.js']);
  });
});

describe('the first routes the boot file links (decision 245)', () => {
  it.each([
    ['login', '/login', '/login/x'],
    ['_account._bookings.bookings.index', '/bookings/', '/bookings/upcoming'],
    ['_account._bookings.bookings.upcoming', '/bookings/upcoming', '/bookings/upcoming/1'],
    ['_account.bookings.$bookingId.index', '/bookings/8a6d1c2f', '/bookings/8a6d1c2f/history'],
  ])('%s matches %s, not %s', (route, path, other) => {
    const pattern = new RegExp(routePattern(route));
    expect(pattern.test(path)).toBe(true);
    expect(pattern.test(other)).toBe(false);
  });

  const routed = (fileName: string, route: string, imports: string[], css: string[] = []) =>
    ({
      ...chunk(fileName, '', imports),
      facadeModuleId: `/app/routes/${route}.tsx?tsr-split=component`,
      moduleIds: [`/app/routes/${route}.tsx?tsr-split=component`],
      viteMetadata: { importedCss: new Set(css) },
    }) as unknown as Rolldown.OutputChunk;
  const chunks = [
    {
      ...chunk('assets/index.js', '', ['assets/framework.js', 'assets/copy.js']),
      viteMetadata: { importedCss: new Set(['assets/theme.css']) },
    } as unknown as Rolldown.OutputChunk,
    chunk('assets/framework.js', ''),
    chunk('assets/copy.js', '', ['assets/framework.js']),
    chunk('assets/format.js', '', ['assets/framework.js']),
    routed(
      'assets/account.js',
      '_account',
      ['assets/framework.js', 'assets/copy.js'],
      ['assets/theme.css', 'assets/nav.css'],
    ),
    routed(
      'assets/detail.js',
      '_account.bookings.$bookingId.index',
      ['assets/format.js', 'assets/copy.js'],
      ['assets/detail.css'],
    ),
    routed('assets/other.js', '_account.personal-details', ['assets/framework.js']),
  ];

  it("links a route's code, its layouts' code and their CSS, less what the entry loads, localized chunks by name", () => {
    const [entry] = chunks;
    const preloads = firstRoutePreloads(
      chunks,
      ['_account.bookings.$bookingId.index'],
      entry!,
      new Set(['assets/index.js', 'assets/copy.js', 'assets/account.js', 'assets/detail.js']),
    );
    expect(preloads).toEqual([
      ['^/bookings/([^/]+)/?$', ['account.js', 'detail.js', '../format.js', '../nav.css', '../detail.css']],
    ]);
  });

  it('tries a route with a $param after the static ones, whatever order they are given in', () => {
    const list = routed('assets/list.js', '_account._bookings.bookings.upcoming', ['assets/framework.js']);
    const [entry] = chunks;
    const preloads = firstRoutePreloads(
      [...chunks, list],
      ['_account.bookings.$bookingId.index', '_account._bookings.bookings.upcoming'],
      entry!,
      new Set(),
    );
    expect(preloads.map(([pattern]) => pattern)).toEqual(['^/bookings/upcoming/?$', '^/bookings/([^/]+)/?$']);
  });

  it('finds a route whose split component is one module of a chunk group (decision 249)', () => {
    const lists = {
      ...chunk('assets/lists.js', '', ['assets/framework.js', 'assets/format.js']),
      moduleIds: [
        '/app/routes/_account._bookings.tsx?tsr-split=component',
        '/app/routes/_account._bookings.bookings.past.tsx?tsr-split=component',
        '/app/routes/-components/screen.tsx',
      ],
      viteMetadata: { importedCss: new Set() },
    } as unknown as Rolldown.OutputChunk;
    const [entry] = chunks;
    const preloads = firstRoutePreloads(
      [...chunks, lists],
      ['_account._bookings.bookings.past'],
      entry!,
      new Set(['assets/account.js', 'assets/lists.js']),
    );
    expect(preloads).toEqual([['^/bookings/past/?$', ['account.js', 'lists.js', '../format.js', '../nav.css']]]);
  });

  it('gives a first route the call its screen starts with, its $params as the pattern’s captures (decision 247)', () => {
    const [entry] = chunks;
    const preloads = firstRoutePreloads(chunks, ['_account.bookings.$bookingId.index'], entry!, new Set(), {
      '_account.bookings.$bookingId.index': '/booking/$bookingId?full=1',
    });
    expect(preloads[0]?.[2]).toBe('/booking/$1?full=1');
    const [pattern, , data] = preloads[0]!;
    const match = new RegExp(pattern).exec('/bookings/8a6d1c2f')!;
    expect(data!.replace(/\$(\d)/g, (_, i: string) => match[Number(i)]!)).toBe('/booking/8a6d1c2f?full=1');
    expect(dataTemplate('a.$x.b.$y', '/p/$y/$x')).toBe('/p/$2/$1');
    expect(() => dataTemplate('_account.bookings.$bookingId.index', '/booking/$id')).toThrow(/does not have/);
    expect(() =>
      firstRoutePreloads(chunks, [], entry!, new Set(), {
        '_account.bookings.$bookingId.index': '/booking/$bookingId',
      }),
    ).toThrow(/not a first route/);
  });

  it('fails the build when a first route has no chunk of its own (a renamed route file)', () => {
    expect(() => firstRoutePreloads(chunks, ['_account.bookings.$id.index'], chunks[0]!, new Set())).toThrow(
      /no split component chunk/,
    );
  });
});
