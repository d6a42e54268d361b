/**
 * Rewrites relative imports that leave their top-level folder, or climb two or more folders, into
 * the package.json "imports" aliases (#src/, #machines/, #routes/, #server/, #test/, #scripts/,
 * #bench/): `../../../src/ui/page` in routes/-components/x/y.tsx becomes `#src/ui/page`. The
 * extension, if the import spells one (server code does: `.ts`), is kept.
 *
 * Idempotent: aliased and short in-folder imports are left alone, so it can run again after other
 * branches are merged. `--check` changes nothing and exits 1 when some file would change.
 *
 *   npm run codemod:import-aliases -- [--check] [folder...]
 *   (node --import tsx scripts/codemods/import-aliases.ts [--check] [folder...])
 *
 * docs/decisions/121-import-aliases.md; the rules it satisfies are `no-restricted-imports`
 * in eslint.config.js and `relative-import-across-areas` in .dependency-cruiser.cjs.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Top-level folders that have an alias; the alias is `#<folder>/`. */
const AREAS = ['src', 'machines', 'routes', 'server', 'test', 'scripts', 'bench'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
/** Generated files keep the generator's own imports (the router plugin writes `./../routes/...`). */
const GENERATED = /\.gen\.ts$/;
/**
 * Module specifiers in static imports and re-exports (`from '...'`), side-effect imports
 * (`import '...'`) and dynamic imports (`import('...')`). Group 1: what stands before the quote.
 */
const SPECIFIER = /(\bfrom\s*|\bimport\s*|\bimport\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;

const toPosix = (path: string) => path.split(sep).join('/');

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (SOURCE.test(entry.name) && !GENERATED.test(entry.name)) yield path;
  }
}

/** The alias for `specifier` imported from `file`, or null when it stays relative. */
export function aliasFor(file: string, specifier: string): string | null {
  const fromArea = toPosix(relative(root, file)).split('/')[0];
  const target = toPosix(relative(root, resolve(dirname(file), specifier)));
  const [toArea = '', ...rest] = target.split('/');
  if (!AREAS.includes(toArea) || rest.length === 0) return null;
  const climbs = /^(?:\.\.\/){2,}/.test(specifier);
  if (toArea === fromArea && !climbs) return null;
  return `#${toArea}/${rest.join('/')}`;
}

/** The file's text with its imports rewritten, and how many changed. */
export function rewrite(file: string, text: string): { text: string; changed: number } {
  let changed = 0;
  const next = text.replace(SPECIFIER, (whole, before: string, quote: string, specifier: string) => {
    const alias = aliasFor(file, specifier);
    if (!alias) return whole;
    changed += 1;
    return `${before}${quote}${alias}${quote}`;
  });
  return { text: next, changed };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const folders = args.filter((a) => a !== '--check');
  let files = 0;
  let imports = 0;
  for (const folder of folders.length ? folders : AREAS) {
    for await (const file of walk(resolve(root, folder))) {
      const text = await readFile(file, 'utf8');
      const result = rewrite(file, text);
      if (!result.changed) continue;
      files += 1;
      imports += result.changed;
      if (check) console.log(`${toPosix(relative(root, file))}: ${result.changed} import(s) to alias`);
      else await writeFile(file, result.text);
    }
  }
  console.log(`${check ? 'would rewrite' : 'rewrote'} ${imports} import(s) in ${files} file(s)`);
  if (check && files) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
