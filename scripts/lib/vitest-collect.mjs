/**
 * `npm run plans`: a module hook that hands the model test files a collect-only 'vitest'
 * (scripts/lib/vitest-collect-stub.mjs), so their describe bodies run and generate the paths
 * without running a test.
 */
const stub = new URL('./vitest-collect-stub.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'vitest') return { url: stub, shortCircuit: true };
  return nextResolve(specifier, context);
}
