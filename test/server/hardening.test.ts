import { describe, expect, it } from 'vitest';
import { one } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import { createSession, findSessionCustomer, SESSION_IDLE_MS, SESSION_TTL_MS } from '#server/lib/sessions.ts';
import { seed } from '#server/seed/index.ts';
import { apiClient, signedInClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/** Public origin for reset links (decision 153), API cache headers (decision 156), idle session timeout (decision 154). */

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api';
const MINUTE = 60 * 1000;

const logLines: string[] = [];
const server = useTestServer({ resetEachTest: true, logLines });

describe('forgot password link', () => {
  it('is built from the configured public origin, never from the Host header', async () => {
    const c = apiClient(server.origin);
    await c.init();
    const res = await c.post(
      `${API}/customer/forgot-password`,
      { email: DEMO.email },
      // Another name the server answers (any other is 421, decision 565), and a forwarded host it never reads.
      { csrf: 'body', headers: { host: `localhost:${server.port}`, 'x-forwarded-host': 'evil.example' } },
    );
    expect(res.status).toBe(200);
    const line = logLines.find((l) => l.startsWith('Password reset link'));
    expect(line).toMatch(/: http:\/\/127\.0\.0\.1:5173\/my-account\/reset-password#token=[\w-]{43}$/);
    expect(logLines.join('\n')).not.toContain('evil.example');
    expect(logLines.join('\n')).not.toContain('localhost');
  });
});

describe('API response headers', () => {
  it('every API answer (data, 401, 404, 403 CSRF, 400) is no-store and nosniff', async () => {
    const signed = await signedInClient(server.origin, DEMO);
    const anon = apiClient(server.origin);
    await anon.init();
    const answers = [
      await signed.get(`${API}/customer/personal-details`),
      await anon.get(`${API}/customer/personal-details`),
      await anon.get(`${API}/no-such-endpoint`),
      await signed.post(`${API}/customer/personal-details`, { firstName: 'A', lastName: 'B' }, { csrf: 'none' }),
      await signed.get(`${API}/bookings/upcoming?page=x`),
      await anon.post('/graphql', { query: '{ __typename }' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 403, 400, expect.any(Number)]);
    for (const a of answers) {
      expect(a.headers.get('cache-control')).toBe('no-store');
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('idle timeout', () => {
  it('ends a session unused for 30 minutes; each use renews it', async () => {
    expect(SESSION_IDLE_MS).toBe(30 * MINUTE);
    const c = await signedInClient(server.origin, DEMO);
    const details = () => c.get(`${API}/customer/personal-details`);
    // Used every 20 minutes for an hour: still signed in (each use renews the idle time).
    for (const minutes of [20, 40, 60]) {
      await server.setClock(minutes * MINUTE);
      expect((await details()).status).toBe(200);
    }
    // Then 31 minutes without use: signed out.
    await server.setClock(91 * MINUTE);
    expect((await details()).status).toBe(401);
    expect((await c.get<{ user: { status: string } }>(`${API}/user`)).body.user.status).toBe('UNKNOWN');
    // Just under the idle limit is fine.
    await server.setClock(0);
    const d = await signedInClient(server.origin, DEMO);
    await server.setClock(29 * MINUTE);
    expect((await d.get(`${API}/customer/personal-details`)).status).toBe(200);
  });

  it('a session in constant use still ends 14 days after sign-in', async () => {
    const db = await openTestDb(null);
    try {
      await seed(db, 'empty');
      const customer = await one<{ id: string }>(db, 'select id from customers where email = $1', [DEMO.email]);
      const start = new Date('2026-03-01T09:00:00Z');
      const session = await createSession(db, customer?.id ?? '', start);
      const at = (ms: number) => new Date(start.getTime() + ms);
      // Constant use: the last use is always a minute ago.
      const usedAt = async (ms: number) =>
        db.query('update sessions set last_seen_at = $2 where id = $1', [session.id, at(ms - MINUTE)]);
      await usedAt(SESSION_TTL_MS - MINUTE);
      expect(await findSessionCustomer(db, session.id, at(SESSION_TTL_MS - MINUTE))).not.toBeNull();
      await usedAt(SESSION_TTL_MS + MINUTE);
      expect(await findSessionCustomer(db, session.id, at(SESSION_TTL_MS + MINUTE))).toBeNull();
    } finally {
      await db.close();
    }
  });
});
