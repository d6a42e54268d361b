import { request, Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/use-test-server.ts';

const server = useTestServer();

/** One request on a keep-alive agent: status, Connection header, and the body. */
function send(
  agent: Agent,
  path: string,
  body: string,
): Promise<{ status: number; connection: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.origin}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('413 Payload Too Large', () => {
  it('says Connection: close, and a pooled client’s next request succeeds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = await send(
        agent,
        '/my-account/api/login',
        JSON.stringify({ email: 'x@example.com', password: 'x'.repeat(200 * 1024) }),
      );
      expect(big.status).toBe(413);
      expect(big.connection).toBe('close');
      expect(JSON.parse(big.text)).toEqual({ errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
      // The pool must not reuse the closed socket: the next request on the same agent is answered.
      const next = await send(
        agent,
        '/my-account/api/login',
        JSON.stringify({ email: 'x@example.com', password: 'wrong' }),
      );
      expect(next.status).toBe(403); // no CSRF value: answered, not a reset connection
    } finally {
      agent.destroy();
    }
  });
});
