import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json), resolved from this file's location. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
/** Built bundle; DIST_DIR points elsewhere (e.g. a private build while several people work in one tree). */
export const defaultDistDir = process.env.DIST_DIR
  ? resolve(projectRoot, process.env.DIST_DIR)
  : join(projectRoot, 'dist');
