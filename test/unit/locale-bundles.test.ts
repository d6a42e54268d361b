import { parseAst, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { localizedChunks, readMessageModule } from '#scripts/locale-bundles.ts';

/**
 * Decision 240: the build writes one bundle per locale. These check the two decisions the plugin
 * makes from Paraglide's output and rolldown's chunk graph; test/e2e/locale-bundles.test.ts checks
 * the bundle that ships.
 */
const parse = (code: string) => parseAst(code) as unknown as Parameters<typeof readMessageModule>[1] extends (c: string) => infer R ? R : never;

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
    const byLocale = readMessageModule(pluralModule.replace(/\(inputs\)\n/g, '(inputs);\n').replace(/\(inputs\)\n\}\);$/, '(inputs);\n});'), parse);
    expect(byLocale.size).toBe(3);
  });

  it('follows a locale function that is another locale\'s function', () => {
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
    expect(Object.fromEntries(byLocale)).toEqual({ de: '() => `Hallo`', 'de-at': '() => `Hallo`', 'en-GB': '() => `Hello`' });
  });

  it('refuses a module it cannot read rather than shipping the wrong copy', () => {
    expect(() => readMessageModule('export const x = () => `Hello`;', parse)).toThrow(/no base locale/);
  });
});

const chunk = (fileName: string, code: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, code, imports, dynamicImports }) as unknown as Rolldown.OutputChunk;

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
