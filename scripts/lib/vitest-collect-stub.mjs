/** Collect-only stand-in for 'vitest' (see vitest-collect.mjs): describe runs, tests do not. */
const each = (fn) => (cases) => (name, body) => {
  for (const c of cases)
    fn(typeof name === 'string' ? name : String(name), () => body(...(Array.isArray(c) ? c : [c])));
};
const run = (_name, fn) => {
  if (typeof fn === 'function') fn();
};
const skip = () => {};
export const describe = Object.assign(run, { each: each(run), skip, only: run });
export const it = Object.assign(skip, { each: () => skip, skip, only: skip, todo: skip });
const chain = new Proxy(() => chain, { get: () => chain, apply: () => chain });
export const expect = chain;
export const beforeAll = skip;
export const afterAll = skip;
export const beforeEach = skip;
export const afterEach = skip;
