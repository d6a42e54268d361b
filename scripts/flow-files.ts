/**
 * Writes docs/flows/<flow>.files.md for every machines/<flow>.ts: where the flow lives in every
 * layer, read from the import graph and the API paths, so "where is X?" has a written answer that
 * a test (test/unit/flow-files.test.ts) keeps current.
 *
 * - Screens and routes: the routes/ modules that import the machine, and the route files that
 *   reach those through routes/ modules.
 * - API and schemas: what those screens import from src/api and src/schemas (and the schemas the
 *   API modules use), less the modules most flows share (the client, paths, errors).
 * - Server: the server/api modules that answer the API modules' paths (matched by method-free
 *   path pattern, `${id}` and `:id` alike), and the server/domain modules they import.
 * - Tests: test files named after the flow, and those that import any of those files (endpoint
 *   modules included) or name one of the flow's API paths.
 *
 *   node --import tsx scripts/flow-files.ts [outDir]     (default docs/flows)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['machines', 'routes', 'src', 'server', 'test'];
const ALIASES: Record<string, string> = {
  '#src/': 'src/',
  '#machines/': 'machines/',
  '#routes/': 'routes/',
  '#server/': 'server/',
  '#test/': 'test/',
};
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
/** Modules every flow's screens use: listing them under each flow would hide what is the flow's own. */
const SHARED_BY_MANY = 6;
/** The API's plumbing, which every module uses: the client, its errors and the shared path table. */
const PLUMBING = new Set(['src/api/client.ts', 'src/api/errors.ts', 'src/api/paths.ts', 'src/api/problem.ts']);

const walk = (dir: string): string[] =>
  readdirSync(path.join(repo, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'paraglide' || name.startsWith('.')) return [];
    return statSync(path.join(repo, rel)).isDirectory()
      ? walk(rel)
      : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.gen.ts')
        ? [rel]
        : [];
  });

function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  let base: string | null = null;
  for (const [alias, dir] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = dir + spec.slice(alias.length);
  if (!base && spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  if (!base) return null;
  base = base.replace(/\.js$/, '');
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  return null;
}

interface Graph {
  files: string[];
  imports: Map<string, Set<string>>;
  importers: Map<string, Set<string>>;
  text: Map<string, string>;
}

export function readGraph(): Graph {
  const files = ROOTS.flatMap(walk).sort();
  const set = new Set(files);
  const imports = new Map<string, Set<string>>();
  const importers = new Map<string, Set<string>>(files.map((f) => [f, new Set<string>()]));
  const text = new Map<string, string>();
  for (const file of files) {
    const source = readFileSync(path.join(repo, file), 'utf8');
    text.set(file, source);
    const targets = new Set<string>();
    for (const ref of ts.preProcessFile(source, true, true).importedFiles) {
      const target = resolveImport(file, ref.fileName.replace(/\?.*$/, ''), set);
      if (target && target !== file) targets.add(target);
    }
    imports.set(file, targets);
    for (const t of targets) importers.get(t)!.add(file);
  }
  return { files, imports, importers, text };
}

/** `/refund-quote/${seg(id)}/x` and `/refund-quote/:quoteId/x` both become `/refund-quote/*\/x`. */
const pattern = (p: string) =>
  p
    .replace(/\$\{[^}]*\}/g, '*')
    .replace(/:[A-Za-z]+/g, '*')
    .replace(/\?.*$/, '')
    .replace(/\/$/, '');
const CLIENT_PATH = /[`'](\/(?:[a-z0-9-]+|\$\{[^}`]*\})(?:\/(?:[a-z0-9-.]+|\$\{[^}`]*\}))*)[`']/g;
const SERVER_ROUTE = /\.(?:get|post|put|patch|delete|all|on)\(\s*(?:\[[^\]]*\]\s*,\s*)?'(\/[^']*)'/g;
const literalSegments = (p: string) => p.split('/').filter((s) => s && s !== '*').length;

function clientPaths(source: string): string[] {
  return [...new Set([...source.matchAll(CLIENT_PATH)].map((m) => pattern(m[1]!)))].filter(
    (p) => literalSegments(p) >= 1,
  );
}
function serverRoutes(source: string): string[] {
  return [...new Set([...source.matchAll(SERVER_ROUTE)].map((m) => pattern(m[1]!)))];
}
const samePath = (a: string, b: string) => {
  const x = a.split('/');
  const y = b.split('/');
  return x.length === y.length && x.every((s, i) => s === y[i] || s === '*' || y[i] === '*');
};

export interface FlowFiles {
  flow: string;
  machine: string;
  screens: string[];
  routes: string[];
  api: string[];
  endpoints: { file: string; paths: string[] }[];
  domain: string[];
  tests: string[];
  /** src/copy/<flow>.ts: the words for the chart's outcomes, when it has its own. */
  words: string[];
}

export function flowFiles(graph: Graph): FlowFiles[] {
  const machines = graph.files.filter((f) => /^machines\/[^/]+\.ts$/.test(f));
  const isRouteFile = (f: string) => /^routes\/[^/]+\.tsx$/.test(f);
  const screensOf = (machine: string) => {
    const screens = new Set<string>();
    const routes = new Set<string>();
    const queue = [...graph.importers.get(machine)!].filter((f) => f.startsWith('routes/'));
    const seen = new Set(queue);
    while (queue.length) {
      const f = queue.shift()!;
      if (isRouteFile(f)) {
        routes.add(f);
        continue;
      }
      screens.add(f);
      for (const up of graph.importers.get(f)!) {
        if (!up.startsWith('routes/') || seen.has(up)) continue;
        seen.add(up);
        queue.push(up);
      }
    }
    return { screens: [...screens].sort(), routes: [...routes].sort() };
  };
  /** The screen's own helpers: routes/-components modules it imports, two steps down at most. */
  const helpersOf = (screens: string[]) => {
    const found = new Set<string>();
    let level = screens;
    for (let depth = 0; depth < 2; depth++) {
      level = level
        .flatMap((s) => [...graph.imports.get(s)!])
        .filter((f) => f.startsWith('routes/-components/') && !screens.includes(f) && !found.has(f));
      for (const f of level) found.add(f);
    }
    // Another flow's binding (`<flow>.flow.ts`, src/flow.tsx) is that flow's, never a helper of this one.
    for (const f of found) if (f.endsWith('.flow.ts')) found.delete(f);
    return found;
  };
  const first = machines.map((machine) => {
    const { screens, routes } = screensOf(machine);
    return { machine, screens, routes, helpers: helpersOf(screens) };
  });
  const helperUsage = new Map<string, number>();
  for (const f of first) for (const h of f.helpers) helperUsage.set(h, (helperUsage.get(h) ?? 0) + 1);
  // A helper in the screen's own folder is the flow's; one elsewhere only when few flows use it.
  const ownFolder = (h: string, screens: string[]) =>
    screens.some((s) => path.posix.dirname(s) === path.posix.dirname(h));
  for (const f of first)
    f.screens = [
      ...f.screens,
      ...[...f.helpers].filter((h) => ownFolder(h, f.screens) || (helperUsage.get(h) ?? 0) < SHARED_BY_MANY),
    ].sort();
  const apiOf = (screens: string[]) => {
    const direct = new Set(
      screens.flatMap((s) => [...graph.imports.get(s)!]).filter((f) => /^src\/(api|schemas)\//.test(f)),
    );
    for (const f of [...direct])
      if (f.startsWith('src/api/'))
        for (const t of graph.imports.get(f)!) if (t.startsWith('src/schemas/')) direct.add(t);
    return direct;
  };
  const usage = new Map<string, number>();
  for (const f of first) for (const a of apiOf(f.screens)) usage.set(a, (usage.get(a) ?? 0) + 1);
  const serverApi = graph.files.filter((f) => /^server\/api\/[^/]+\.ts$/.test(f));
  const routesBy = new Map(serverApi.map((f) => [f, serverRoutes(graph.text.get(f)!)]));
  const tests = graph.files.filter((f) => f.startsWith('test/'));

  return first.map(({ machine, screens, routes }) => {
    const api = [...apiOf(screens)].filter((a) => !PLUMBING.has(a) && (usage.get(a) ?? 0) < SHARED_BY_MANY).sort();
    const paths = [
      ...new Set(api.filter((a) => a.startsWith('src/api/')).flatMap((a) => clientPaths(graph.text.get(a)!))),
    ];
    const endpoints = serverApi
      .map((file) => ({
        file,
        paths: routesBy
          .get(file)!
          .filter((r) => paths.some((p) => samePath(p, r)))
          .sort(),
      }))
      .filter((e) => e.paths.length);
    const serverUses = [...graph.importers.get(machine)!].filter((f) => f.startsWith('server/'));
    const domain = [
      ...new Set([
        ...serverUses,
        ...endpoints.flatMap((e) => [...graph.imports.get(e.file)!]).filter((f) => f.startsWith('server/domain/')),
      ]),
    ].sort();
    const flow = path.basename(machine, '.ts');
    // The words the screens show for the chart's outcomes (docs/decisions/710).
    const words = graph.files.includes(`src/copy/${flow}.ts`) ? [`src/copy/${flow}.ts`] : [];
    const own = new Set([
      machine,
      ...words,
      ...screens,
      ...routes,
      ...api,
      ...serverUses,
      ...endpoints.map((e) => e.file),
    ]);
    const named = paths.filter((p) => literalSegments(p) >= 2 || !p.includes('*'));
    const flowTests = tests.filter((t) => {
      // A test named after the flow (test/<kind>/<flow>.test.ts, <flow>-….test.ts) is the flow's.
      if (new RegExp(`^${flow}[.-]`).test(path.posix.basename(t))) return true;
      if ([...graph.imports.get(t)!].some((f) => own.has(f))) return true;
      const source = graph.text.get(t)!;
      return named.some((p) =>
        clientPaths(source).some((q) => samePath(p, q) && literalSegments(q) >= literalSegments(p)),
      );
    });
    return { flow, machine, words, screens, routes, api, endpoints, domain, tests: flowTests };
  });
}

const list = (items: string[]) => (items.length ? items.map((f) => `- \`${f}\``).join('\n') : '- none');

export function markdown(f: FlowFiles): string {
  return `# Where the ${f.flow} flow lives

Generated by \`npm run flows\` (scripts/flow-files.ts) from the import graph and the API paths; do not
edit by hand. The chart is [${f.flow}.md](${f.flow}.md).

## Chart
${list([f.machine, ...f.words])}

## Screens and routes
${list([...f.screens, ...f.routes])}

## API modules and schemas
${list(f.api)}

## Server endpoints
${f.endpoints.length ? f.endpoints.map((e) => `- \`${e.file}\`: ${e.paths.map((p) => `\`${p}\``).join(', ')}`).join('\n') : '- none (the flow calls no API of its own)'}

## Server rules
${list(f.domain)}

## Tests
${list(f.tests)}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? 'docs/flows';
  await mkdir(path.join(repo, outDir), { recursive: true });
  const flows = flowFiles(readGraph());
  for (const f of flows) await writeFile(path.join(repo, outDir, `${f.flow}.files.md`), markdown(f));
  console.log(`wrote ${flows.length} flow file maps to ${outDir}`);
}
