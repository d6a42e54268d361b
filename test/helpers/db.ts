import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, openPostgres, type Db } from '#server/db.ts';

/**
 * The database a test opens. By default embedded PGlite, in memory (or persisted in `dataDir`).
 * Under `npm run test:postgres` (TEST_DATABASE_URL names a throwaway PostgreSQL server, see
 * scripts/with-postgres.sh) a new database on that server instead, dropped when closed; with
 * `dataDir`, one database per folder that outlives the handle, so a test can restart a server on it.
 */
export function openTestDb(dataDir?: string | null): Promise<Db> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl === null) return openDb(dataDir ?? null);
  return openTestPostgres(serverUrl, dataDir ?? null);
}

/** The throwaway PostgreSQL server of `npm run test:postgres`, or null (tests run on PGlite). */
export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

let admin: pg.Pool | null = null;

/** A small pool on the server's maintenance database, for CREATE and DROP DATABASE. */
function adminPool(serverUrl: string): pg.Pool {
  admin ??= new pg.Pool({ connectionString: serverUrl, max: 2, allowExitOnIdle: true });
  return admin;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a new, empty database on the test server and answers its name. */
export async function createTestDatabase(serverUrl: string, name = `t_${randomBytes(8).toString('hex')}`): Promise<string> {
  await adminPool(serverUrl).query(`create database "${name}"`);
  return name;
}

export async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  await adminPool(serverUrl).query(`drop database if exists "${name}" with (force)`);
}

async function openTestPostgres(serverUrl: string, dataDir: string | null): Promise<Db> {
  if (dataDir !== null) {
    // One database per folder, made on first use and kept: a restart finds what it left.
    const name = `d_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
    const { rows } = await adminPool(serverUrl).query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await createTestDatabase(serverUrl, name).catch(ignoreDuplicateDatabase);
    return openPostgres(databaseUrl(serverUrl, name), { max: 4 });
  }
  const name = await createTestDatabase(serverUrl);
  const db = await openPostgres(databaseUrl(serverUrl, name), { max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      await dropTestDatabase(serverUrl, name);
    },
  };
}

/** Two processes made the folder's database at the same moment: the other one's is as good. */
function ignoreDuplicateDatabase(err: unknown): void {
  if (typeof err === 'object' && err !== null && 'code' in err && err.code === '42P04') return;
  throw err;
}
