import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Inputs of the Vite build whose changes make dist/ stale (generated route tree excluded). */
const BUILD_INPUTS = [
  'src',
  'routes',
  'machines',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'messages',
  'project.inlang/settings.json',
];

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return path.endsWith('.gen.ts') ? 0 : info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/index.html is missing or older than any build input. */
export async function needsBuild(root: string, distDir = join(root, 'dist')): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(join(distDir, 'index.html'))).mtimeMs;
  } catch {
    return true;
  }
  for (const input of BUILD_INPUTS) {
    if ((await newestMtime(join(root, input))) > built) return true;
  }
  return false;
}

export type ViteBuild = { done: Promise<void>; stop(): void };

/**
 * Runs `npm run build` in `root` (the catalogue's compile, then vite build), streaming its output.
 * The build gets its own process group so `stop()` can end npm, the shell and vite together (used
 * when the server is told to quit).
 */
export function runViteBuild(root: string, distDir = join(root, 'dist')): ViteBuild {
  const detached = process.platform !== 'win32';
  const child = spawn('npm', ['run', '--silent', 'build', '--', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    detached,
    shell: !detached,
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
  return {
    done,
    stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      try {
        if (detached) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}
