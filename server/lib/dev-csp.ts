import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Outside production, the shell's CSP also allows exactly one inline script: axe-core as Playwright
 * injects it (`page.addScriptTag({ path })`: the file plus a sourceURL comment), so the accessibility
 * checks of the e2e tests and of scripts/look.mjs run against the real policy without
 * 'unsafe-inline' or a bypass (decision 156). Nothing else gains a way in: a hash allows only that
 * exact text. With NODE_ENV=production, or when axe-core is not installed, the list is empty.
 */
export function devScriptHashes(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV === 'production') return [];
  try {
    const path = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    const injected = `${readFileSync(path, 'utf8')}\n//# sourceURL=${path.replace(/\n/g, '')}`;
    return [`'sha256-${createHash('sha256').update(injected).digest('base64')}'`];
  } catch {
    return [];
  }
}
