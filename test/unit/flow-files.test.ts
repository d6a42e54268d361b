/**
 * The written answer to "where is X?" cannot go stale: every machines/<flow>.ts has a
 * docs/flows/<flow>.files.md, and it is what `npm run flows` (scripts/flow-files.ts) writes from
 * today's import graph and API paths.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowFiles, markdown, readGraph } from '#scripts/flow-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const flows = flowFiles(readGraph());

describe('docs/flows file maps', () => {
  it('has one map per machine file', () => {
    const machines = readdirSync(path.join(root, 'machines'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(flows.map((f) => f.flow).sort()).toEqual(machines.sort());
  });

  it.each(flows.map((f) => ({ flow: f.flow, f })))(
    'docs/flows/$flow.files.md is current (run npm run flows)',
    ({ flow, f }) => {
      const file = path.join(root, 'docs/flows', `${flow}.files.md`);
      expect(existsSync(file), `docs/flows/${flow}.files.md missing: run npm run flows`).toBe(true);
      expect(readFileSync(file, 'utf8'), `docs/flows/${flow}.files.md is stale: run npm run flows`).toBe(markdown(f));
    },
  );

  it('finds a money flow in every layer: chart, screen, route, API, endpoint, rules and tests', () => {
    const refund = flows.find((f) => f.flow === 'refund-request')!;
    expect(refund.screens).toContain('routes/-components/refunds/refund-screen.tsx');
    expect(refund.routes).toContain('routes/_account.bookings.$bookingId.refund.index.tsx');
    expect(refund.api).toContain('src/api/refunds.ts');
    expect(refund.endpoints.map((e) => e.file)).toContain('server/api/refund-request.ts');
    expect(refund.domain).toContain('server/domain/refunds.ts');
    expect(refund.tests).toContain('test/model/refund-request.test.ts');
  });
});
