/**
 * `npm run i18n:compile`: compiles the message catalogue (messages/*.json) to src/paraglide/
 * (decision 210), exactly as the Vite plugin does in a build (same output structure, same isServer
 * expression), and skips the compile when neither the inputs nor the output changed since the last
 * one: it takes about 22 s, and `npm ci` (prepare), `npm test` and `npm run build` each needed it.
 *
 * `vite build` does not compile the catalogue itself (vite.config.ts applies the plugin to the
 * dev server only), so the build writes nothing into src/ and can run beside tsc and ESLint
 * (docs/decisions/136). `npm run build` and `npm start`'s rebuild call this script first.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'src/paraglide');
const stampFile = join(outdir, '.compiled-from-sha256');
// What the Vite plugin passes for Vite (so a bundle is the same whoever compiled the catalogue).
const isServer = "import.meta.env?.SSR ?? typeof window === 'undefined'";
const args = [
  'compile',
  '--project',
  './project.inlang',
  '--outdir',
  './src/paraglide',
  '--strategy',
  'baseLocale',
  '--output-structure',
  'message-modules',
  '--is-server',
  isServer,
];

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

const inputsHash = () => {
  const hash = createHash('sha256');
  const version = JSON.parse(
    readFileSync(join(root, 'node_modules/@inlang/paraglide-js/package.json'), 'utf8'),
  ).version;
  hash.update(JSON.stringify({ version, args }));
  for (const file of [...files(join(root, 'messages')), join(root, 'project.inlang/settings.json')].sort()) {
    hash.update(relative(root, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
};

/** The output as it stands: names and sizes (the dev server writes another structure there). */
const outputHash = () => {
  const hash = createHash('sha256');
  for (const file of files(outdir)
    .filter((f) => f !== stampFile)
    .sort())
    hash.update(`${relative(outdir, file)} ${statSync(file).size}\n`);
  return hash.digest('hex');
};

const inputs = inputsHash();
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === `${inputs} ${outputHash()}`) {
  console.log('[paraglide-js] src/paraglide is up to date with messages/ (compile skipped)');
  process.exit(0);
}
const bin = join(root, 'node_modules/.bin/paraglide-js');
const run = spawnSync(bin, args, { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
writeFileSync(stampFile, `${inputs} ${outputHash()}`);
