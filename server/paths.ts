import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json), resolved from this file's location. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const routeTreeFile = fileURLToPath(new URL('../src/route-tree.gen.ts', import.meta.url));
export const defaultDistDir = fileURLToPath(new URL('../dist/', import.meta.url));
