import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { minifySync, type Plugin, type Rolldown } from 'vite';
import type { LocaleBundleManifest } from '#server/lib/locale-preload.ts';

/**
 * One bundle per locale (decision 240). Paraglide compiles each message to a function holding all
 * 17 locales' texts, so every route shipped every translation. In `vite build` only:
 *
 * 1. transform: each message module becomes a pure marker call, `__pgmsg("key")`, and the
 *    locale functions Paraglide wrote for it are kept aside (minified);
 * 2. writeBundle: every chunk that holds a marker, or imports one that does, is written once per
 *    locale into `assets/<locale>-<hash>/` with the markers replaced by that locale's functions.
 *    Chunks without messages (the framework) stay shared in `assets/`;
 * 3. index.html loads `assets/boot-<hash>.js` instead of the entry: it reads the locale from the URL
 *    (docs/product/overview.md: no prefix is en-GB), modulepreloads that locale's entry and its localized
 *    imports, then imports the entry. The shared chunks keep their modulepreload links in the page,
 *    so they download while the boot file does. On the routes customers open first (sign-in, the
 *    bookings lists, a booking) it also links that route's code and CSS, at low priority (decision 245).
 *
 * Dev, unit and model tests never see any of this: they run Paraglide's plain output, in which
 * each function picks its locale at call time. A marker left in the output fails the build.
 */

const MESSAGE_MODULE = /[\\/]src[\\/]paraglide[\\/]messages[\\/](?!_index)([a-z0-9_]+)\.js$/;
const MARKER = /__pgmsg\(([`"'])([a-z0-9_]+)\1(?:,([A-Za-z_$][\w$]*))?\)/g;

type Node = { type: string; start: number; end: number; [k: string]: unknown };

type Catalogue = Map<string, { registry: boolean; byLocale: Map<string, string> }>;

const minifyFunction = (source: string): string => {
  const { code, errors } = minifySync('message.js', `export default (${source})`, { module: true });
  if (errors.length) throw new Error(`locale-bundles: cannot minify ${source.slice(0, 80)}`);
  return code.replace(/^export default\s*/, '').replace(/;\s*$/, '');
};

/** Reads one Paraglide message module: its locale functions' source, keyed by locale. */
export function readMessageModule(code: string, parse: (code: string) => { body: Node[] }): Map<string, string> {
  const declarations = new Map<string, Node>();
  for (const statement of parse(code).body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const d of statement['declarations'] as Node[]) {
      const id = d['id'] as Node & { name?: string };
      const init = d['init'] as Node | null;
      if (id.name && init) declarations.set(id.name, init);
    }
  }
  const sourceOf = (name: string, seen = new Set<string>()): string => {
    const init = declarations.get(name);
    if (!init || seen.has(name)) throw new Error(`locale-bundles: no function ${name}`);
    if (init.type === 'Identifier') return sourceOf(String(init['name']), seen.add(name));
    return code.slice(init.start, init.end);
  };
  const byLocale = new Map<string, string>();
  for (const [, locale, fn] of code.matchAll(/if \(locale === "([^"]+)"\) return (\w+)\(inputs\);?/g)) {
    byLocale.set(locale as string, sourceOf(fn as string));
  }
  const base = /return (\w+)\(inputs\);?\s*\n\}\);?/.exec(code);
  if (!base?.[1]) throw new Error('locale-bundles: no base locale in a message module');
  byLocale.set('en-GB', sourceOf(base[1]));
  return byLocale;
}

const hash8 = (...parts: string[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('base64url').slice(0, 8);
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The chunks that must differ per locale: those with a marker and everything that imports them. */
export function localizedChunks(chunks: Rolldown.OutputChunk[]): Set<string> {
  const localized = new Set(chunks.filter((c) => c.code.includes('__pgmsg(')).map((c) => c.fileName));
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of chunks) {
      if (localized.has(c.fileName)) continue;
      if ([...c.imports, ...c.dynamicImports].some((f) => localized.has(f))) {
        localized.add(c.fileName);
        grew = true;
      }
    }
  }
  return localized;
}

/**
 * The URL pattern (inside the base path) of a TanStack Router flat route file: `_account.bookings.$bookingId.index`
 * → `^/bookings/([^/]+)/?$`. Pathless segments (`_account`) add nothing, `$param` is one segment,
 * captured in order.
 */
export function routePattern(routeFile: string): string {
  const segments = routeFile
    .split('.')
    .filter((s) => !s.startsWith('_') && s !== 'index')
    .map((s) => (s.startsWith('$') ? '([^/]+)' : escapeRe(s)));
  return `^/${segments.join('/')}${segments.length ? '/?' : ''}$`;
}

const SPLIT_COMPONENT = /[\\/]routes[\\/]([^\\/]+)\.tsx\?tsr-split=component$/;

/**
 * What the boot file asks for on a first route: the split components of the route and of
 * its layouts, with their static imports and CSS, less what the entry already loads. Each pattern
 * comes with the files to link: a localized chunk by name (inside the locale's folder), a shared
 * chunk or a stylesheet one folder up. The boot file tries them in order, routes with fewer `$param`
 * segments first, as the router ranks them: `/bookings/upcoming` before `/bookings/{id}`.
 */
export function firstRoutePreloads(
  chunks: readonly Rolldown.OutputChunk[],
  routeFiles: readonly string[],
  entry: Rolldown.OutputChunk,
  localized: ReadonlySet<string>,
  firstData: Readonly<Record<string, string>> = {},
): FirstRoute[] {
  for (const route of Object.keys(firstData)) {
    if (!routeFiles.includes(route))
      throw new Error(`locale-bundles: first data for ${route}, which is not a first route`);
  }
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const loaded = new Set<string>();
  const closure = (c: Rolldown.OutputChunk | undefined, into: Set<string>) => {
    if (!c || into.has(c.fileName)) return;
    into.add(c.fileName);
    for (const f of c.imports) closure(byName.get(f), into);
  };
  closure(entry, loaded);
  const cssOf = (f: string): Iterable<string> =>
    (byName.get(f) as { viteMetadata?: { importedCss?: Set<string> } } | undefined)?.viteMetadata?.importedCss ?? [];
  // The entry's stylesheets are in index.html already.
  const loadedCss = new Set([...loaded].flatMap((f) => [...cssOf(f)]));
  const component = new Map<string, Rolldown.OutputChunk>();
  // A route's split component is the facade of a chunk of its own, or one module of a chunk group
  // (decision 249: the bookings lists share one).
  for (const c of chunks) {
    for (const id of c.moduleIds) {
      const route = SPLIT_COMPONENT.exec(id)?.[1];
      if (route) component.set(route, c);
    }
  }
  const params = (route: string) => route.split('.').filter((s) => s.startsWith('$')).length;
  return [...routeFiles]
    .sort((a, b) => params(a) - params(b))
    .map((route) => {
      const leaf = component.get(route);
      if (!leaf) throw new Error(`locale-bundles: no split component chunk for the first route ${route}`);
      // The route's layouts are the route files its name starts with: `_account` for `_account.bookings.…`.
      const parts = route.split('.');
      const js = new Set<string>();
      for (let n = 1; n <= parts.length; n++) closure(component.get(parts.slice(0, n).join('.')), js);
      const css = new Set<string>();
      const files: string[] = [];
      // The largest first (decision 871): over a phone's six HTTP/1.1 connections, a big file that
      // starts behind small ones finishes last, alone on its connection.
      const size = (f: string) => byName.get(f)?.code.length ?? 0;
      for (const f of [...js].sort((a, b) => size(b) - size(a))) {
        if (loaded.has(f)) continue;
        files.push(localized.has(f) ? basename(f) : `../${basename(f)}`);
        for (const sheet of cssOf(f)) if (!loadedCss.has(sheet)) css.add(sheet);
      }
      for (const sheet of css) files.push(`../${basename(sheet)}`);
      const data = firstData[route];
      return data === undefined
        ? [routePattern(route), files]
        : [routePattern(route), files, dataTemplate(route, data)];
    });
}

/** A first route's pattern, the files the boot file links on it, and the API call it makes there. */
export type FirstRoute = [pattern: string, files: string[], data?: string];

/**
 * A first route's API path with its `$param`s as the pattern's captures: `/booking/$bookingId` on
 * `_account.bookings.$bookingId.index` → `/booking/$1`, for the boot file to fill from the URL.
 */
export function dataTemplate(route: string, path: string): string {
  const params = route.split('.').filter((s) => s.startsWith('$'));
  return path.replace(/\$[A-Za-z_]\w*/g, (name) => {
    const i = params.indexOf(name);
    if (i < 0) throw new Error(`locale-bundles: ${path} names ${name}, which ${route} does not have`);
    return `$${i + 1}`;
  });
}

export interface LocaleBundleOptions {
  /**
   * Route files (as named in routes/, without `.tsx`) a customer often opens first: the boot file
   * links their code and CSS from the start, beside the framework's, instead of after the entry has
   * run and matched the URL. Each adds its pattern and file names to the boot file.
   */
  firstRoutes?: readonly string[];
  /**
   * The GET a first route's screen starts with, by route file: the API path and query as the app
   * asks for it (the route's loader), `$param` taken from the URL. On those routes the boot file asks
   * for it, and for the user, before the app's code has arrived; the app's API client takes the
   * replies (decision 247). Only for routes in `firstRoutes`.
   */
  firstData?: Readonly<Record<string, string>>;
  /** Where the API is (src/api/paths.ts `apiBase`): the boot file's calls go there. */
  apiBase?: string;
  /** The boot file's calls' deadline, the client's (src/config/timeouts.ts `requestTimeoutMs`). */
  timeoutMs?: number;
}

export function localeBundles(options: LocaleBundleOptions = {}): Plugin {
  const catalogue: Catalogue = new Map();
  let outDir = '';
  let base = '/';
  return {
    name: 'locale-bundles',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    transform(code, id) {
      const key = MESSAGE_MODULE.exec(id)?.[1];
      if (!key) return null;
      const byLocale = readMessageModule(code, (c) => this.parse(c) as unknown as { body: Node[] });
      const registry = [...byLocale.values()].some((s) => /\bregistry\./.test(s));
      catalogue.set(key, { registry, byLocale: new Map([...byLocale].map(([l, s]) => [l, minifyFunction(s)])) });
      return {
        code: registry
          ? `import * as registry from '../registry.js';\nexport const ${key} = /* @__PURE__ */ __pgmsg(${JSON.stringify(key)}, registry);\n`
          : `export const ${key} = /* @__PURE__ */ __pgmsg(${JSON.stringify(key)});\n`,
        map: null,
      };
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      // The page's entry (index.html's script), not another emitted entry such as the service worker.
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
      if (!entry || catalogue.size === 0) return;
      const localized = localizedChunks(chunks);
      if (!localized.has(entry.fileName)) return;
      const locales = [...(catalogue.values().next().value?.byLocale.keys() ?? [])];
      const assets = join(outDir, 'assets');
      const shared = chunks.filter((c) => !localized.has(c.fileName)).map((c) => basename(c.fileName));
      const local = [...localized].map((f) => basename(f));

      const substitute = (code: string, locale: string): string =>
        code.replace(MARKER, (_m, _q, key: string, registryName?: string) => {
          const fn = catalogue.get(key)?.byLocale.get(locale);
          if (!fn) throw new Error(`locale-bundles: no ${locale} text for ${key}`);
          return registryName ? `((registry)=>${fn})(${registryName})` : `(${fn})`;
        });
      // Paths inside a localized chunk: shared chunks are one folder up; preload lists name assets/<dir>/.
      // One pattern per kind, built once: the names are hashed and distinct, so one pass does it.
      const anyOf = (names: string[]) => names.map(escapeRe).join('|');
      const sharedImport = shared.length ? new RegExp(`(["'\`])\\./(${anyOf(shared)})\\1`, 'g') : null;
      const localPreload = new RegExp(`(["'\`])assets/(${anyOf(local)})\\1`, 'g');
      const relink = (code: string, dir: string): string =>
        (sharedImport ? code.replace(sharedImport, '$1../$2$1') : code).replace(localPreload, `$1assets/${dir}/$2$1`);

      const dirs: Record<string, string> = {};
      for (const locale of locales) {
        const texts = new Map(
          chunks
            .filter((c) => localized.has(c.fileName))
            .map((c) => [basename(c.fileName), substitute(c.code, locale)]),
        );
        const dir = `${locale}-${hash8(...[...texts].sort(([a], [b]) => a.localeCompare(b)).flat())}`;
        dirs[locale] = dir;
        await mkdir(join(assets, dir), { recursive: true });
        for (const [name, text] of texts) {
          const final = relink(text, dir);
          if (final.includes('__pgmsg')) throw new Error(`locale-bundles: a message marker is left in ${name}`);
          await writeFile(join(assets, dir, name), final);
        }
      }
      for (const l of local) await rm(join(assets, l), { force: true });

      // The entry's localized static imports, preloaded by the boot file beside the entry itself.
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const preload = new Set<string>();
      const visit = (fileName: string) => {
        for (const f of byName.get(fileName)?.imports ?? []) {
          if (localized.has(f) && !preload.has(basename(f))) {
            preload.add(basename(f));
            visit(f);
          }
        }
      };
      visit(entry.fileName);
      const assetBase = `${base}assets/`;
      const firstRoutes = firstRoutePreloads(chunks, options.firstRoutes ?? [], entry, localized, options.firstData);
      const boot = [
        `const d=${JSON.stringify(dirs)},`,
        `p=(location.pathname.split("/")[1]||"").toLowerCase(),`,
        `b=${JSON.stringify(assetBase)}+(Object.hasOwn(d,p)?d[p]:d["en-GB"])+"/",`,
        // A stylesheet is preloaded in the CORS mode the router's loader asks for it in (crossorigin, as
        // Vite's preload helper does). With one stylesheet for the app (decision 248) no list names one,
        // and the boot file, on every route's critical path, leaves that branch out.
        `a=(f,o)=>{const l=document.createElement("link");${
          firstRoutes.some(([, files]) => files.some((f) => f.endsWith('.css')))
            ? `f.endsWith(".css")?(l.rel="preload",l.as="style",l.crossOrigin=""):l.rel="modulepreload"`
            : `l.rel="modulepreload"`
        };o&&(l.fetchPriority="low");l.href=b+f;document.head.append(l)};`,
        // Empty when the entry's own file holds its localized imports (decision 249).
        preload.size ? `for(const f of ${JSON.stringify([...preload])})a(f);` : '',
        ...(options.apiBase
          ? [
              // What a first screen starts with (options.firstData), asked for now rather than once the
              // framework has arrived (decision 247), with the Accept-Language the app's client sends:
              // the page's locale tag (src/config/locales.ts).
              `const L=Object.hasOwn(d,p)?p.replace(/-(\\w+)$/,(_,r)=>"-"+r.toUpperCase()):"en-GB",`,
              // The client's deadline from the moment it is sent: a hung call must end, or the browser
              // holds back the app's own retry of the same URL behind it (the HTTP cache's lock).
              // A call that fails before the app takes its reply (offline, on a booking this device never
              // kept) is the app's to report, not an unhandled rejection: the kept promise still fails for it.
              `F=x=>{const q=fetch(${JSON.stringify(options.apiBase)}+x,{credentials:"same-origin",headers:{accept:"application/json","accept-language":L},signal:AbortSignal.timeout?.(${options.timeoutMs ?? 10_000})}).then(r=>r.text().then(t=>({status:r.status,text:t,headers:r.headers})));q.catch(()=>{});return q},`,
              `R={};`,
              `globalThis.__myAccountFirst={language:L,replies:R};`,
            ]
          : []),
        ...(firstRoutes.length
          ? [
              // The first route's code, when it is one the customer often opens first (options.firstRoutes),
              // and the call its screen starts with (options.firstData).
              `const u=location.pathname.replace(/^(\\/[^/]+)?${escapeRe(base.replace(/\/$/, '')).replace(/\//g, '\\/')}(?=\\/|$)/,"");`,
              // A host that linked them from the HTML already (the local server: server/lib/locale-preload.ts,
              // decision 860) marks its links: appending two dozen links here was most of this file's work.
              `for(const[x,f,y]of ${JSON.stringify(firstRoutes)}){const m=RegExp(x).exec(u);if(m){if(!document.querySelector("link[data-first-route]"))for(const g of f)a(g,1);`,
              // The user (who the screen's guard asks for) and the screen's data.
              options.apiBase
                ? `if(y){const z=y.replace(/\\$(\\d)/g,(_,i)=>m[i]);R["/user"]=F("/user");R[z]=F(z)}`
                : '',
              `break}}`,
            ]
          : []),
        `import(b+${JSON.stringify(basename(entry.fileName))});`,
        // The service worker for this page's scope (decision 250): /my-account/ or /{locale}/my-account/.
        `const s=(p!=="en-GB"&&Object.hasOwn(d,p)?"/"+p:"")+${JSON.stringify(base)};`,
        `navigator.serviceWorker&&addEventListener("load",()=>navigator.serviceWorker.register(s+"sw.js",{scope:s}).catch(()=>{}));`,
      ].join('');
      const bootName = `boot-${hash8(boot)}.js`;
      await writeFile(join(assets, bootName), boot);
      // For a host that can do better than the boot file: the local server links the page's locale
      // entry from the HTML itself (server/lib/locale-preload.ts), saving the boot file's round trip,
      // and a first route's files too (decision 860).
      const manifest: LocaleBundleManifest = {
        assetBase,
        dirs,
        entry: basename(entry.fileName),
        preload: [...preload],
        routes: firstRoutes.map(([pattern, files]) => [pattern, files]),
        codePriority: 'low',
      };
      await mkdir(join(outDir, '.vite'), { recursive: true });
      await writeFile(join(outDir, '.vite', 'locale-bundles.json'), JSON.stringify(manifest, null, 2));

      const htmlFile = join(outDir, 'index.html');
      let html = await readFile(htmlFile, 'utf8');
      html = html.replace(`${assetBase}${basename(entry.fileName)}`, `${assetBase}${bootName}`);
      for (const l of local) {
        html = html.replace(
          new RegExp(`\\s*<link rel="modulepreload"[^>]*href="${escapeRe(assetBase + l)}"[^>]*>`),
          '',
        );
      }
      // The shared chunks (the framework, the bundler's runtime) are the app's code, not the first
      // paint's: the page paints its shell with the stylesheet and the boot file (decision 871).
      html = html.replaceAll(
        '<link rel="modulepreload" crossorigin href=',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
      );
      await writeFile(htmlFile, html);
    },
  };
}
