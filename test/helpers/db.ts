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
  if (serverUrl === null) return dataDir ? openDb(dataDir) : openPooledMemoryDb();
  return openTestPostgres(serverUrl, dataDir ?? null);
}

/**
 * In-memory databases a test closed, emptied and kept for the next test in the same worker. A new
 * PGlite spends about 3.5 s of CPU on initdb and migrations; emptying a used one takes a few
 * milliseconds. A database comes back only when its schema is exactly as the migrations left it (a
 * test may add a trigger or alter a table to make a write fail), and empty: every table truncated
 * (the app's secrets too, as in a new database), sequences restarted, the session's settings reset.
 */
const idle: Db[] = [];
let migratedSchema: string | null = null;

/** The shape of the schema: tables, columns, constraints, indexes, triggers and functions. */
const SCHEMA_SIGNATURE = `
  select md5(string_agg(item, ',' order by item)) as signature from (
    select 'c:' || table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, '') as item
      from information_schema.columns where table_schema = current_schema()
    union all select 'k:' || conrelid::regclass::text || '.' || conname || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = current_schema()::regnamespace
    union all select 'i:' || indexrelid::regclass::text from pg_index
      join pg_class on pg_class.oid = indexrelid where relnamespace = current_schema()::regnamespace
    union all select 't:' || tgrelid::regclass::text || '.' || tgname from pg_trigger where not tgisinternal
    union all select 'f:' || proname from pg_proc where pronamespace = current_schema()::regnamespace
  ) as schema_items`;

async function signatureOf(db: Db): Promise<string> {
  const { rows } = await db.query<{ signature: string }>(SCHEMA_SIGNATURE);
  return rows[0]?.signature ?? '';
}

async function openPooledMemoryDb(): Promise<Db> {
  let db = idle.pop();
  if (!db) {
    db = await openDb(null);
    migratedSchema ??= await signatureOf(db);
  }
  return lease(db);
}

/** A handle on `db` for one test server: after close() every call refuses, as a closed database would. */
function lease(db: Db): Db {
  let closed = false;
  const live = (): Db => {
    if (closed) throw new Error('the test database is closed');
    return db;
  };
  return {
    engine: db.engine,
    query: (sql, params) => live().query(sql, params),
    exec: (sql) => live().exec(sql),
    transaction: (fn) => live().transaction(fn),
    exclusive: (fn) => live().exclusive(fn),
    async close() {
      if (closed) return;
      closed = true;
      if (await emptied(db)) idle.push(db);
      else await db.close();
    },
  };
}

/** Empties a used database for the next test; false when it cannot be made as new (then it is closed). */
async function emptied(db: Db): Promise<boolean> {
  try {
    if ((await signatureOf(db)) !== migratedSchema) return false;
    const { rows } = await db.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'`,
    );
    await db.exec(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`);
    await db.exec('discard all');
    return true;
  } catch {
    return false;
  }
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
export async function createTestDatabase(
  serverUrl: string,
  name = `t_${randomBytes(8).toString('hex')}`,
): Promise<string> {
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
