import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import * as derived from '#server/lib/spec-shape.ts';
import * as table from '#server/lib/spec-shape-table.ts';
import { signedInClient } from '#test/helpers/server.ts';
import { useTestServer } from '#test/helpers/use-test-server.ts';

/**
 * Spec mode's fields derived from the response schemas (decision 886) are the hand-written table's,
 * byte for byte: the same calls, the same shape per call (key order included, which fixes the order
 * of an answer's fields), and the same stripped answers on the seeded data.
 */
const key = (call: { method: string; path: string }) => `${call.method} ${call.path.replace(/\(([\w|-]+)\)/g, '{$1}')}`;

describe('the derived spec mode and the table', () => {
  it('list the same calls, each with the same shape', () => {
    const old = new Map([...table.specCalls, ...table.hostCalls].map((c) => [key(c), JSON.stringify(c.response)]));
    const now = new Map([...derived.specCalls, ...derived.hostCalls].map((c) => [key(c), JSON.stringify(c.response)]));
    expect([...now.keys()]).toEqual([...old.keys()]);
    const differ = [...old]
      .filter(([k, shape]) => now.get(k) !== shape)
      .map(([k, shape]) => ({ k, shape, now: now.get(k) }));
    expect(differ).toEqual([]);
  });

  const server = useTestServer();
  it('strip the seeded answers alike, in both modes', async () => {
    let compared = 0;
    for (const account of [DEMO_ACCOUNT, REFUNDS_ACCOUNT]) {
      const client = await signedInClient(server.origin, account);
      const API = '/my-account/api';
      const answers: { path: string; body: unknown }[] = [];
      const get = async <T>(path: string): Promise<T | null> => {
        const res = await client.get<T>(API + path);
        if (res.status >= 200 && res.status < 300) answers.push({ path, body: res.body });
        return res.status >= 200 && res.status < 300 ? res.body : null;
      };
      await get('/user');
      type Entry = { booking: { id: string }; order: { id: string } };
      const lists = await Promise.all(
        ['upcoming', 'past', 'season'].map((f) => get<{ results: Entry[] }>(`/bookings/${f}?page=0`)),
      );
      for (const { booking, order } of lists.flatMap((l) => l?.results ?? [])) {
        await get(`/booking/${booking.id}`);
        await get(`/booking/${booking.id}/history`);
        await get(`/refund-quote/${order.id}/${booking.id}`);
        await get(`/partial-refunds/${booking.id}`);
        await get(`/change-of-journey/changeability/${order.id}/${booking.id}`);
      }
      const addresses = await get<{ addresses: { id: string }[] }>('/customer/all-addresses');
      for (const a of addresses?.addresses ?? []) await get(`/customer/address/${a.id}`);
      await get('/customer/consents');
      await get('/customer/personal-details');
      await get('/customer/order-count');
      await get('/customer/cards');
      const passengers = await get<{ passengers: { id: string; railcards?: { railcardId: string }[] }[] }>(
        '/customer/passengers-and-railcards',
      );
      for (const p of passengers?.passengers ?? []) {
        await get(`/passengers/saved-passenger/${p.id}`);
        const list = await get<{ railcards: { id: string }[] }>(`/passenger/${p.id}/railcardslist`);
        for (const r of list?.railcards.slice(0, 2) ?? []) await get(`/railcard/${r.id}`);
        for (const r of p.railcards ?? []) {
          await get(`/passenger/${p.id}/railcard/${r.railcardId}`);
          await get(`/passengers-and-railcards/digital-railcard/${r.railcardId}`);
        }
      }
      for (const { path, body } of answers) {
        const bare = path.split('?')[0] ?? path;
        const was = table.specCallFor('GET', bare);
        const now = derived.specCallFor('GET', bare);
        expect({ path, listed: now !== null }).toEqual({ path, listed: was !== null });
        if (!was || !now || was.response === 'none' || now.response === 'none') continue;
        for (const mode of ['spec', 'spec-nulls'] as const) {
          expect({ path, mode, body: JSON.stringify(derived.stripToShape(body, now.response, mode)) }).toEqual({
            path,
            mode,
            body: JSON.stringify(table.stripToShape(body, was.response, mode)),
          });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
  });
});
