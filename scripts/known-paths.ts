import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The local server answers 200 or 404 for a page from the app's route list. That list is TanStack
 * Router's `fullPaths` union in the generated src/route-tree.gen.ts; this module turns it into
 * server/known-paths.gen.ts whenever the router plugin has (re)generated the tree (every `vite
 * build` and every route change under `vite`), so the server imports plain data and never reads
 * src/ at run time. Both generated files are committed; test/server/known-routes.test.ts fails
 * when this one is stale (fix: `npm run build`).
 */
export const ROUTE_TREE_FILE = 'src/route-tree.gen.ts';
export const KNOWN_PATHS_FILE = 'server/known-paths.gen.ts';

/** Extracts the string literals of `fullPaths: '/a' | '/b/$id' ...`; null when the union is absent. */
export function parseFullPaths(source: string): string[] | null {
  const match = /fullPaths\s*:\s*((?:\s*\|?\s*(?:'[^'\n]*'|"[^"\n]*"))+)/.exec(source);
  if (!match?.[1]) return null;
  return [...match[1].matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** The text of server/known-paths.gen.ts for these paths (sorted, so route order does not matter). */
export function renderKnownPaths(paths: readonly string[]): string {
  const lines = [...new Set(paths)].sort().map((p) => `  ${JSON.stringify(p).replace(/^"(.*)"$/, "'$1'")},`);
  return [
    `// Generated from ${ROUTE_TREE_FILE} by scripts/known-paths.ts during \`vite build\` and \`vite\`. Do not edit.`,
    '',
    '/** Every full path of the app (TanStack Router `fullPaths`): the pages the server answers 200 for. */',
    'export const knownPaths: readonly string[] = [',
    ...lines,
    '];',
    '',
  ].join('\n');
}

/** The generated file's text for the route tree under `root`. Throws when the tree has no `fullPaths`. */
export async function knownPathsSource(root: string): Promise<string> {
  const paths = parseFullPaths(await readFile(resolve(root, ROUTE_TREE_FILE), 'utf8'));
  if (!paths) throw new Error(`${ROUTE_TREE_FILE} has no fullPaths union: cannot list the known paths`);
  return renderKnownPaths(paths);
}

/** Writes server/known-paths.gen.ts when its text would change; true when it did. */
export async function writeKnownPaths(root: string): Promise<boolean> {
  const next = await knownPathsSource(root);
  const file = resolve(root, KNOWN_PATHS_FILE);
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === next) return false;
  await writeFile(file, next);
  return true;
}

/** Vite plugin, placed after the router plugin (which writes the tree in configResolved). */
export const knownPaths = (): Plugin => {
  let root = process.cwd();
  return {
    name: 'known-paths',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      await writeKnownPaths(root);
    },
    configureServer(server) {
      const tree = resolve(root, ROUTE_TREE_FILE);
      const update = (file: string) => {
        if (resolve(file) === tree)
          void writeKnownPaths(root).catch((error: unknown) => server.config.logger.error(String(error)));
      };
      server.watcher.on('add', update);
      server.watcher.on('change', update);
    },
  };
};
