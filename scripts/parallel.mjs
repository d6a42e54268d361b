// `node scripts/parallel.mjs typecheck lint`: runs those npm scripts side by side, prints each one's
// output whole when it ends, and fails when any of them fails.
//
// `node scripts/parallel.mjs --beside typecheck:tsc lint:eslint --in-turn build test:all`: runs the
// `--in-turn` scripts one after another (their output as it comes; one that fails stops the rest)
// while the `--beside` scripts run side by side with them at a lower CPU priority (nice 10), each
// printed whole when it ends. `npm test` runs the checks that need no build beside the build and
// the tests (decision 881): the tests start as soon as the build is done, and the checks use the
// CPU the tests leave idle (a worker between files, a project's last file, a browser waiting).
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const flag = (name) => args.indexOf(name);
const listAfter = (name) => {
  const at = flag(name);
  if (at < 0) return [];
  const rest = args.slice(at + 1);
  const end = rest.findIndex((a) => a.startsWith('--'));
  return end < 0 ? rest : rest.slice(0, end);
};
const modes = flag('--beside') >= 0 || flag('--in-turn') >= 0;
const beside = modes ? listAfter('--beside') : args;
const inTurn = modes ? listAfter('--in-turn') : [];
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
const status = (script, code) =>
  `\n── npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${seconds()} s ──\n`;
/** nice(1) where there is one: the in-turn scripts (the build, then the tests) come first. */
const lower = inTurn.length > 0 && process.platform !== 'win32';

const runs = beside.map(
  (script) =>
    new Promise((resolve) => {
      const command = ['npm', 'run', '--silent', script];
      const child = lower
        ? spawn('nice', ['-n', '10', ...command], { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(status(script, code));
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

let inTurnPassed = true;
/** The last line the in-turn scripts printed (the tests' "Tests: N passed, N failed"), and whether anything came after it. */
let lastLine = '';
let after = false;
for (const script of inTurn) {
  const code = await new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = String(chunk)
        .split('\n')
        .filter((l) => l.trim() !== '');
      if (lines.length) [lastLine, after] = [lines.at(-1), false];
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', resolve);
  });
  process.stdout.write(status(script, code));
  after = true;
  if (code !== 0) {
    inTurnPassed = false;
    break;
  }
}
const passed = await Promise.all(runs);
// The output ends with the tests' closing line, as CI reads it, even when a check beside them ended later.
if (lastLine && after) process.stdout.write(`${lastLine}\n`);
process.exit(inTurnPassed && passed.every(Boolean) ? 0 : 1);
