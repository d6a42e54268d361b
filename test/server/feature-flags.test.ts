import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/** Features switched off in the page data are switched off in the API too. */
let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ pageData: { features: { 'change-email': false, 'on-demand-tickets': false } } });
  client = await signedInClient(server.origin, DEMO_ACCOUNT);
});
afterAll(() => server.close());

it('answers 404 for change email and on-demand tickets while their flags are off', async () => {
  const changeEmail = await client.post('/my-account/api/customer/change-email', {
    newEmailAddress: 'new@example.com',
    currentPassword: DEMO_ACCOUNT.password,
  });
  expect(changeEmail.status).toBe(404);
  const booking = '00000000-0000-4000-8000-000000000000';
  expect((await client.post(`/my-account/api/booking/${booking}/generate-on-demand-ticket/d1`)).status).toBe(404);
  expect((await client.get(`/my-account/api/booking/${booking}/get-on-demand-ticket-status/x1`)).status).toBe(404);
  // Flags that are on still answer.
  expect((await client.get('/my-account/api/customer/personal-details')).status).toBe(200);
  // With the flag on, the same unknown booking is refused by the handler instead (403, not 404).
  await fetch(`${server.origin}/__test/page-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ features: { 'on-demand-tickets': true } }),
  });
  expect((await client.post(`/my-account/api/booking/${booking}/generate-on-demand-ticket/d1`)).status).toBe(403);
});
