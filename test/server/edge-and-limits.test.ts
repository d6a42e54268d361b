import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalProvider, type LocalProvider } from '#server/oidc-provider/local-provider.ts';
import { isAllowedHost, publicHosts } from '#server/lib/host-guard.ts';
import { LIMITS } from '#server/lib/rate-limit.ts';
import { CLAIM_GUEST_KEY, claimId } from '#server/seed/delay-repay.ts';
import { signedInClient, startTestServer, type TestServer } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * The edge of the server and its limits: only its own names are answered, slow or idle connections
 * are closed (decision 565), wrong tokens are counted per client (decision 566). Each case is plain
 * HTTP, as an attacker would send it.
 */

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api';

type RawAnswer = { status: number; head: string; body: string; closed: boolean };

/** Sends `request` as is on a new socket and reads the whole answer (the server closes the connection). */
function raw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes is answered only when the answer is ready before
    // Node reads its FIN (no half-open HTTP), which a database round trip (PostgreSQL) can miss.
    // `Connection: close` ends the exchange after the answer.
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body, closed: true });
    });
  });
}

const get = (path: string, host: string | null, extra = '') =>
  `GET ${path} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}${extra}Connection: close\r\n\r\n`;

describe('only this server’s names are answered (DNS rebinding)', () => {
  const server = useTestServer();

  it('answers 421 with no body to another name, on the outbox page, its JSON and the API', async () => {
    for (const path of [
      '/__outbox.json',
      '/__outbox',
      `${API}/user`,
      '/my-account/',
      `${API}/customer/forgot-password`,
    ]) {
      for (const host of [
        'attacker.example',
        `attacker.example:${server.port}`,
        `127.0.0.1.attacker.example:${server.port}`,
      ]) {
        const answer = await raw(server.port, get(path, host));
        expect(answer.status, `${path} with Host ${host}`).toBe(421);
        expect(answer.body).toBe('');
        expect(answer.head).not.toMatch(/content-type/i);
        expect(answer.head).toMatch(/content-length: 0/i);
      }
    }
  });

  it('answers 421 to a request without a Host, and to the loopback names on another port', async () => {
    const http10 = `GET /__outbox.json HTTP/1.0\r\n\r\n`;
    expect((await raw(server.port, http10)).status).toBe(421);
    expect((await raw(server.port, get('/__outbox.json', `127.0.0.1:${server.port + 1}`))).status).toBe(421);
    expect((await raw(server.port, get('/__outbox.json', 'localhost'))).status).toBe(421);
  });

  it('reads neither X-Forwarded-Host nor an absolute request target', async () => {
    const forwarded = await raw(
      server.port,
      get(`${API}/user`, 'attacker.example', `X-Forwarded-Host: 127.0.0.1:${server.port}\r\n`),
    );
    expect(forwarded.status).toBe(421);
    const absolute = `GET http://127.0.0.1:${server.port}/__outbox.json HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n`;
    expect((await raw(server.port, absolute)).status).toBe(421);
  });

  it('answers 127.0.0.1 and localhost with the listening port, and the public origin’s host', async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `LOCALHOST:${server.port}`,
      '127.0.0.1:5173',
    ]) {
      expect((await raw(server.port, get('/__outbox.json', host))).status, host).toBe(200);
    }
    // The signed-in API through the usual client (Host 127.0.0.1:PORT).
    const client = await signedInClient(server.origin, DEMO);
    expect((await client.get(`${API}/user`)).status).toBe(200);
  });

  it('the public origin’s host is matched with its port, or bare on the default port', () => {
    expect(publicHosts('https://www.example.co.uk')).toEqual(['www.example.co.uk', 'www.example.co.uk:443']);
    expect(publicHosts('http://127.0.0.1:5173')).toEqual(['127.0.0.1:5173']);
    const on = { address: '10.0.0.5', port: 8080 };
    expect(isAllowedHost('www.example.co.uk', 'https://www.example.co.uk', on)).toBe(true);
    expect(isAllowedHost('WWW.EXAMPLE.CO.UK:443', 'https://www.example.co.uk', on)).toBe(true);
    expect(isAllowedHost('www.example.co.uk:8443', 'https://www.example.co.uk', on)).toBe(false);
    // Loopback names only on a connection that arrived on a loopback address.
    expect(isAllowedHost('127.0.0.1:8080', 'https://www.example.co.uk', on)).toBe(false);
    expect(isAllowedHost('localhost:8080', 'https://www.example.co.uk', { address: '127.0.0.1', port: 8080 })).toBe(
      true,
    );
    expect(
      isAllowedHost('localhost:8080', 'https://www.example.co.uk', { address: '::ffff:127.0.0.1', port: 8080 }),
    ).toBe(true);
    expect(isAllowedHost(undefined, 'https://www.example.co.uk', on)).toBe(false);
  });
});

describe('a server with a public origin of its own', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicOrigin: 'https://tickets.example.co.uk' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers its public host (as a proxy passes it through) and its loopback names, nothing else', async () => {
    expect((await raw(server.port, get(`${API}/user`, 'tickets.example.co.uk'))).status).toBe(200);
    expect((await raw(server.port, get(`${API}/user`, `127.0.0.1:${server.port}`))).status).toBe(200);
    expect((await raw(server.port, get(`${API}/user`, 'evil.example.co.uk'))).status).toBe(421);
  });
});

describe('the local OpenID provider answers its own name only', () => {
  let provider: LocalProvider;
  beforeAll(async () => {
    provider = await startLocalProvider({
      clientId: 'edge-test',
      clientSecret: 'edge-test-secret-0123456789abcdef',
      redirectUris: ['http://127.0.0.1:1/cb'],
    });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('421 to another Host, 200 to its issuer’s', async () => {
    const port = Number(new URL(provider.issuer).port);
    const path = '/.well-known/openid-configuration';
    expect((await raw(port, get(path, 'attacker.example'))).status).toBe(421);
    expect((await raw(port, get(path, new URL(provider.issuer).host))).status).toBe(200);
  });
});

describe('slow and idle connections are closed', () => {
  let server: TestServer;
  const headersTimeoutMs = 600;
  beforeAll(async () => {
    server = await startTestServer({
      timeouts: { headersTimeoutMs, requestTimeoutMs: 1_200, keepAliveTimeoutMs: 300, checkIntervalMs: 100 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Opens a socket, writes `partial` and resolves with how long until the server closed it. */
  const closedAfter = (partial: string, giveUpMs: number) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(server.port, '127.0.0.1', () => {
        if (partial !== '') socket.write(partial);
      });
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`still open after ${giveUpMs} ms`));
      }, giveUpMs);
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(Date.now() - started);
      });
    });

  it('a partial request line is closed once the headers timeout has passed', async () => {
    const ms = await closedAfter('GET /my-account/api/us', 5_000);
    expect(ms).toBeGreaterThanOrEqual(headersTimeoutMs - 50);
    // Within the limit and the check interval, with room for a busy machine; Node's default waits 60 s.
    expect(ms).toBeLessThan(headersTimeoutMs + 2_000);
  });

  it('a connection that sends nothing, and headers that never end, are closed too', async () => {
    const [silent, endless] = await Promise.all([
      closedAfter('', 5_000),
      closedAfter(`GET ${API}/user HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: 1\r\n`, 5_000),
    ]);
    expect(silent).toBeLessThan(headersTimeoutMs + 2_000);
    expect(endless).toBeLessThan(headersTimeoutMs + 2_000);
  });

  it('a kept-alive connection left idle after its answer is closed', async () => {
    const ms = await closedAfter(`GET ${API}/user HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`, 5_000);
    expect(ms).toBeLessThan(3_000);
  });

  it('npm start’s limits: headers 10 s, a whole request 30 s', async () => {
    const { HTTP_TIMEOUTS } = await import('#server/lib/http-timeouts.ts');
    expect(HTTP_TIMEOUTS).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
  });
});

describe('wrong tokens are counted per client (decision 566)', () => {
  // Behind one trusted proxy, so each test can speak from addresses of its own (decision 300).
  const server = useTestServer({ trustProxy: true, resetEachTest: true });
  const WINDOW_S = LIMITS.orderTokenClient.windowMs / 1000;

  const getFrom = async (address: string, path: string) => {
    const res = await fetch(`${server.origin}${path}`, {
      headers: { accept: 'application/json', 'x-forwarded-for': address },
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a calendar file or plain text
    }
    return { status: res.status, headers: res.headers, body };
  };
  const expectThrottled = (res: { status: number; headers: Headers; body: unknown }) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ errors: [{ code: 'TOO_MANY_ATTEMPTS' }] });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
  };
  const guestLink = () => {
    const link = server.seeded.guestLinks[0];
    if (!link) throw new Error('the demo data has no guest link');
    return link;
  };

  it('GET /booking/token?token=: 429 after 30 wrong tokens from one client, the right one included; never for the right one', async () => {
    const { token } = guestLink();
    for (let i = 0; i < LIMITS.orderTokenClient.max; i++) {
      expect((await getFrom('203.0.113.40', `${API}/booking/token?token=guess-${i}`)).status).toBe(401);
    }
    expectThrottled(await getFrom('203.0.113.40', `${API}/booking/token?token=${token}`));
    // Another client is not held back, and the right token never counts, however often it is used.
    for (let i = 0; i < LIMITS.orderTokenClient.max + 5; i++) {
      expect((await getFrom('198.51.100.40', `${API}/booking/token?token=${token}`)).status).toBe(200);
    }
  });

  it('GET /booking/{id}?token=: wrong tokens count, the right one does not, and the 31st wrong one is 429', async () => {
    const { token, bookingId } = guestLink();
    const path = (t: string) => `${API}/booking/${bookingId}?token=${encodeURIComponent(t)}`;
    for (let i = 0; i < LIMITS.orderTokenClient.max; i++) {
      expect((await getFrom('203.0.113.41', path(`guess-${i}`))).status).toBe(403);
      // The holder of the link, from the same address, between the guesses: never counted.
      if (i % 10 === 0) expect((await getFrom('203.0.113.41', path(token))).status).toBe(200);
    }
    expectThrottled(await getFrom('203.0.113.41', path('guess-last')));
    expectThrottled(await getFrom('203.0.113.41', path(token)));
    expect((await getFrom('198.51.100.41', path(token))).status).toBe(200);
  });

  it('GET /claim/{id}?token=: 429 after 30 wrong tokens from one client', async () => {
    const claim = `${API}/claim/${claimId(CLAIM_GUEST_KEY)}`;
    for (let i = 0; i < LIMITS.orderTokenClient.max; i++) {
      expect((await getFrom('203.0.113.42', `${claim}?token=guess-${i}`)).status).toBe(403);
    }
    expectThrottled(await getFrom('203.0.113.42', `${claim}?token=guess-last`));
    // No token at all is not a guess: the usual 401.
    expect((await getFrom('203.0.113.42', claim)).status).toBe(401);
    expect((await getFrom('198.51.100.42', `${claim}?token=guess-0`)).status).toBe(403);
  });

  it('GET /calendar/{token}.ics: 429 after 30 unknown addresses from one client; a real address never counts', async () => {
    const owner = await signedInClient(server.origin, DEMO);
    const made = await owner.post<{ url: string }>(`${API}/customer/calendar-feed`, {});
    expect(made.status).toBe(200);
    const feed = new URL(made.body.url).pathname;
    for (let i = 0; i < LIMITS.calendarFeedClient.max; i++) {
      expect((await getFrom('203.0.113.43', `${API}/calendar/${String(i).padStart(43, 'A')}.ics`)).status).toBe(404);
      if (i % 10 === 0) expect((await getFrom('203.0.113.43', feed)).status).toBe(200);
    }
    expectThrottled(await getFrom('203.0.113.43', `${API}/calendar/${'B'.repeat(43)}.ics`));
    expectThrottled(await getFrom('203.0.113.43', feed));
    for (let i = 0; i < LIMITS.calendarFeedClient.max + 5; i++) {
      expect((await getFrom('198.51.100.43', feed)).status).toBe(200);
    }
  });
});
