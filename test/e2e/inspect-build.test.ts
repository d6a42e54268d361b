import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDistDir } from '#server/paths.ts';

/**
 * Decision 181: the Stately inspector hook exists in `npm run dev` only. The e2e project
 * runs after `npm run build` (npm test), so the bundle it reads is the one that ships.
 */
describe('the production build', () => {
  it('contains none of the inspector: neither @statelyai/inspect nor the dev wrappers', async () => {
    const assets = join(defaultDistDir, 'assets');
    // Recursive: the chunks with copy are written once per locale, in assets/<locale>-<hash>/ (decision 240).
    const scripts = (await readdir(assets, { recursive: true })).filter((f) => f.endsWith('.js'));
    expect(scripts.length, 'run npm run build first').toBeGreaterThan(5);
    const code = (await Promise.all(scripts.map((f) => readFile(join(assets, f), 'utf8')))).join('\n');
    // Sanity: the bundle is the app, and holds XState.
    expect(code).toContain('xstate.init');
    for (const marker of [
      'stately.ai/inspect',
      'createBrowserInspector',
      '@statelyai',
      'inspect-xstate',
      'inspect-react',
    ]) {
      expect(code.includes(marker), marker).toBe(false);
    }
  });
});
