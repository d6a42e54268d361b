import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publicOriginFrom } from '#server/lib/public-origin.ts';
import { stableFriendlyOrderId } from '#server/seed/context.ts';
import { FIND_BOOKING_DEMO_KEY } from '#server/seed/guest-orders.ts';

/** The README is what a newcomer with only a clone reads: everything it names must be in the clone. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

describe('README', () => {
  it('names no file outside the repository', () => {
    expect(readme).not.toMatch(/\.\.\//);
    expect(readme).not.toMatch(/\/work\//);
  });

  it('names only repository files that exist', () => {
    const named = [
      ...readme.matchAll(
        /`((?:docs|scripts|server|src|test|machines|routes|bench|tools)\/[\w./-]+\.(?:md|mjs|ts|tsx|json))`/g,
      ),
    ].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((path) => !existsSync(`${root}${path}`))).toEqual([]);
  });

  it("gives Find a booking's demo reference as the seed makes it", () => {
    expect(readme).toContain(`reference \`${stableFriendlyOrderId(FIND_BOOKING_DEMO_KEY)}\``);
    expect(readme).toMatch(/email `guest@example\.com`,\s+surname `Lee`/);
  });

  it('documents the default PUBLIC_ORIGIN the server uses: the printed 127.0.0.1 origin', () => {
    expect(publicOriginFrom(undefined, 5173)).toBe('http://127.0.0.1:5173');
    expect(readme).toContain('| `PUBLIC_ORIGIN` | `http://127.0.0.1:{PORT}`');
  });
});
