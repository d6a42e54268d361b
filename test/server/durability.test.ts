import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/**
 * Durability and concurrency hold, bounded. 40 concurrent writes all land (under the 50 saved passengers an account holds, decision 569); a server process
 * killed with SIGKILL in the middle of writing, twice, loses nothing it had acknowledged.
 */
const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const ADD = '/my-account/api/customer/passengers-and-railcards/add-passenger';
const LIST = '/my-account/api/customer/passengers-and-railcards';

/** A distinct valid passenger first name per index (letters only, as names must be). */
const nameFor = (i: number) =>
  `Robin${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${String.fromCharCode(97 + (i % 26))}`;
const passenger = (i: number) => ({ firstName: nameFor(i), lastName: 'Durable', day: '07', month: '03', year: '1990' });

async function savedFirstNames(client: ApiClient): Promise<string[]> {
  const res = await client.get(LIST);
  expect(res.status).toBe(200);
  return [...JSON.stringify(res.body).matchAll(/"firstName":"(Robin[a-z]{2})"/g)].map((m) => m[1] ?? '');
}

describe('concurrency', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ scenario: 'empty' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('40 concurrent writes all land, once each', async () => {
    const client = await signedInClient(server.origin, DEMO);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => client.post(ADD, passenger(i))));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 201));
    const names = await savedFirstNames(client);
    expect(names.length).toBe(40);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: 40 }, (_, i) => nameFor(i))));
  }, 20_000);
});

describe('durability across SIGKILL', () => {
  const childScript = fileURLToPath(new URL('../helpers/durable-child.ts', import.meta.url));
  let dir = '';
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'my-account-durable-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts the server process on `dir`; resolves with its origin once it listens. */
  function start(): Promise<string> {
    return new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', childScript, dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      let err = '';
      proc.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const port = /READY (\d+)/.exec(out)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      proc.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      proc.once('exit', (code, signal) =>
        reject(new Error(`server exited (${code ?? signal}) before it was ready: ${err}`)),
      );
    });
  }

  function killNow(): Promise<void> {
    const proc = child;
    if (!proc || proc.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }

  it('loses nothing it acknowledged when killed mid-write, twice', async () => {
    const acknowledged: string[] = [];
    let next = 0;
    for (const round of [1, 2]) {
      const origin = await start();
      const client = await signedInClient(origin, DEMO);
      // Everything acknowledged so far (before earlier kills) is still there.
      expect((await savedFirstNames(client)).sort()).toEqual(expect.arrayContaining(acknowledged));
      for (let i = 0; i < 6; i++) {
        const res = await client.post(ADD, passenger(next));
        expect(res.status).toBe(201);
        acknowledged.push(nameFor(next));
        next += 1;
      }
      // A burst of writes in flight, and the process killed while they run.
      const inFlight = Array.from({ length: 8 }, () => client.post(ADD, passenger(next++)).catch(() => null));
      await new Promise((r) => setTimeout(r, 5 * round));
      await killNow();
      const settled = await Promise.all(inFlight);
      settled.forEach((res, k) => {
        if (res?.status === 201) acknowledged.push(nameFor(next - inFlight.length + k));
      });
    }
    const origin = await start();
    const client = await signedInClient(origin, DEMO);
    const names = await savedFirstNames(client);
    expect(names).toEqual(expect.arrayContaining(acknowledged));
    // Nothing is there twice or half-written: every saved name is one we sent.
    expect(new Set(names).size).toBe(names.length);
    await killNow();
  }, 60_000);
});
