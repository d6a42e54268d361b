import type { Plugin } from 'vite';

/**
 * Dev server only (decision 181): the app's own files (src/, routes/) get `xstate` and
 * `@xstate/react` through src/dev/inspect-*.ts, which hand every actor to Stately's inspector when
 * the page was opened with `?inspect`. Machines, node_modules and the wrappers themselves are left
 * alone; `vite build` and Vitest never apply this plugin, so nothing of it reaches a bundle.
 */
const WRAPPERS: Record<string, string> = {
  xstate: '/src/dev/inspect-xstate.ts',
  '@xstate/react': '/src/dev/inspect-react.ts',
};

const IMPORT_FROM = /(\bfrom\s*)(['"])(xstate|@xstate\/react)\2/g;

/** Rewrites the value imports of `xstate` and `@xstate/react` in one app file; null when nothing changes. */
export function rewriteActorImports(code: string, id: string): string | null {
  const file = id.split('?')[0] ?? id;
  if (!/\/(src|routes)\//.test(file) || /\/node_modules\/|\/src\/dev\/|\/src\/paraglide\//.test(file)) return null;
  if (!/\.(tsx?|jsx?)$/.test(file)) return null;
  let changed = false;
  const out = code.replace(IMPORT_FROM, (whole, from: string, quote: string, pkg: string, offset: number) => {
    // `import type` lines stay: they vanish at compile time anyway.
    const lineStart = code.lastIndexOf('\n', offset) + 1;
    if (/^\s*(import|export)\s+type\b/.test(code.slice(lineStart, offset))) return whole;
    changed = true;
    return `${from}${quote}${WRAPPERS[pkg]}${quote}`;
  });
  return changed ? out : null;
}

export function inspectInDev(): Plugin {
  return {
    name: 'my-account:inspect-in-dev',
    apply: (_config, env) => env.command === 'serve' && !process.env['VITEST'],
    enforce: 'pre',
    transform(code, id) {
      const out = rewriteActorImports(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
