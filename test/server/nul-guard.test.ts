import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '#server/app.ts';
import { type Db } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import type { AppEnv } from '#server/lib/app-env.ts';
import { seed } from '#server/seed/index.ts';
import { createFixtureDist } from '../helpers/server.ts';

/**
 * Decision 152: a NUL anywhere in the path, query or a JSON body string answers 400 at the
 * edge on every route (the list comes from the app itself), never 500, and is never logged raw.
 */
let db: Db;
let app: Hono<AppEnv>;
const logged: string[] = [];

beforeAll(async () => {
  db = await openTestDb(null);
  await seed(db, 'demo');
  app = await createApp({
    db,
    distDir: await createFixtureDist(),
    testSwitches: true,
    log: (line) => logged.push(line),
  });
});
afterAll(async () => {
  await db?.close();
});

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** A concrete path for a route pattern: every `:param{...}` / `:param` / `*` replaced by `value`. */
const fill = (pattern: string, value: string) =>
  pattern.replace(/:[A-Za-z_]+(\{[^}]*\})?\??/g, value).replace(/\*/g, value);

type Probe = { method: string; path: string; body?: string; label: string };

function probesFor(method: string, pattern: string): Probe[] {
  const m = method === 'ALL' ? 'GET' : method;
  const probes: Probe[] = [
    // A route without parameters gets the NUL at the end of its last segment.
    {
      method: m,
      path: fill(pattern, 'a%00b') === pattern ? `${pattern}%00` : fill(pattern, 'a%00b'),
      label: 'NUL in the path',
    },
    { method: m, path: `${fill(pattern, SAMPLE_ID)}?q=a%00b&token=x%00`, label: 'NUL in the query' },
  ];
  if (m !== 'GET' && m !== 'HEAD') {
    probes.push({
      method: m,
      path: fill(pattern, SAMPLE_ID),
      body: JSON.stringify({ line1: 'a\u0000b', nested: [{ name: 'x\u0000' }] }),
      label: 'NUL in a JSON body string',
    });
  }
  return probes;
}

describe('NUL bytes are refused at the edge', () => {
  it('walks every route of the app: 400, never 500, nothing raw in the logs', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = [...new Map(app.routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    // The walk must cover the real API, not an empty list: the areas mount dozens of handlers.
    expect(routes.filter((r) => r.path.startsWith('/my-account/api/')).length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of routes) {
      for (const probe of probesFor(route.method, route.path)) {
        const res = await app.request(`http://localhost${probe.path}`, {
          method: probe.method,
          ...(probe.body !== undefined ? { body: probe.body, headers: { 'content-type': 'application/json' } } : {}),
        });
        const text = await res.text();
        if (res.status !== 400)
          failures.push(`${probe.method} ${route.path} (${probe.label}): ${res.status} ${text.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(logged.join('\n')).not.toContain('\u0000');
  }, 60_000);

  it('answers the API error shape, and still serves clean requests', async () => {
    const res = await app.request('http://localhost/my-account/api/customer/address/%00');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [{ code: 'VALIDATION', message: 'Text must not contain a NUL character.' }],
    });
    expect((await app.request('http://localhost/my-account/api/user')).status).toBe(200);
  });
});
