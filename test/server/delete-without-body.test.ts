import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ scenario: 'fresh' });
});
afterAll(() => server.close());

it('answers a DELETE without a body by its route, not with a 500 from the body limit', async () => {
  const client = apiClient(server.origin);
  await client.init();
  const res = await client.request('DELETE', '/my-account/api/no-such-thing');
  expect(res.status).toBe(404);
});
