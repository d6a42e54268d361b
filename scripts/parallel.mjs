// `node scripts/parallel.mjs typecheck lint`: runs those npm scripts side by side (CI has two
// cores and tsc and ESLint each use one), prints each one's output whole when it ends, and fails
// when any of them fails. Used by `npm test` to save about a minute of the 15-minute CI budget.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const started = Date.now();
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(
          `\n── npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${seconds} s ──\n`,
        );
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
