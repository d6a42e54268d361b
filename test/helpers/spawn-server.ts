import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A server started by spawnServer: its origin, and how to stop it. */
export type SpawnedServer = { origin: string; proc: ChildProcess; stop(): Promise<void> };

const childScript = fileURLToPath(new URL('./server-child.ts', import.meta.url));

/**
 * Starts test/helpers/server-child.ts in its own process with `env` added to this one's
 * (DATABASE_URL, or DATA_DIR for PGlite); resolves once it listens.
 */
export function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', childScript], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    const stop = (): Promise<void> => {
      if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
      return new Promise((done) => {
        proc.once('exit', () => done());
        proc.kill('SIGTERM');
      });
    };
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /READY (\d+)/.exec(out)?.[1];
      if (port) resolve({ origin: `http://127.0.0.1:${port}`, proc, stop });
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    proc.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before it was ready: ${err}`)),
    );
  });
}
