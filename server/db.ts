import { mkdir, readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The one database module (docs/decisions/620-postgresql-server-beside-pglite.md). The app speaks
 * to either engine through the same small interface and the same SQL:
 * - embedded PGlite (in memory, or persisted in a folder): `npm start` and the tests by default;
 * - a PostgreSQL server through a pool of `pg` connections, when DATABASE_URL is set: what a
 *   retailer runs, with any number of servers sharing it.
 */

/** What a statement answers: its rows, and for a write how many rows it touched. */
export type Results<T> = { rows: T[]; affectedRows?: number };

/** Anything that can run statements: the database itself or an open transaction. */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Results<T>>;
  /** One or more statements without parameters (simple protocol). */
  exec(sql: string): Promise<unknown>;
};

/** The database handle given to the app. */
export type Db = Queryable & {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction that behaves as if it ran alone: PGlite runs one transaction at a
   * time; on PostgreSQL it is SERIALIZABLE and tried again (from the start) when the server answers
   * that it could not be serialized. `fn` therefore only touches the database through `tx`.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs `fn` while holding the database-wide lock migrations take: one server at a time. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const migrationName = /^\d{3}-[a-z0-9-]+\.sql$/;

/** Opens the embedded database (persisted under `dir`, or in memory when `dir` is null) and migrates it. */
export async function openDb(dir: string | null): Promise<Db> {
  if (dir !== null) await mkdir(dir, { recursive: true });
  const lite = dir === null ? new PGlite() : new PGlite(dir);
  await lite.waitReady;
  const db: Db = {
    engine: 'pglite',
    query: (sql, params) => lite.query(sql, params ? [...params] : undefined),
    exec: (sql) => lite.exec(sql),
    transaction: (fn) => lite.transaction((tx) => fn(tx)),
    // One process owns a PGlite database: there is nobody to exclude.
    exclusive: (fn) => fn(),
    close: () => lite.close(),
  };
  await migrate(db);
  return db;
}

/** DATABASE_URL set: that PostgreSQL server; else the embedded database under `dataDir`. */
export function openDatabase(
  env: { DATABASE_URL?: string | undefined; DATABASE_POOL_MAX?: string | undefined },
  dataDir: string,
): Promise<Db> {
  const url = env.DATABASE_URL?.trim();
  if (!url) return openDb(dataDir);
  const max = env.DATABASE_POOL_MAX === undefined ? undefined : Number(env.DATABASE_POOL_MAX);
  if (max !== undefined && !(Number.isInteger(max) && max > 0))
    throw new Error(`DATABASE_POOL_MAX=${env.DATABASE_POOL_MAX} is not a positive whole number`);
  return openPostgres(url, max === undefined ? {} : { max });
}

/** A JS value as PGlite would send it: a Date as its ISO instant (pg would write it in local time). */
const param = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

const SAFE = (text: string): number | bigint => {
  const n = BigInt(text);
  return n < BigInt(Number.MIN_SAFE_INTEGER) || n > BigInt(Number.MAX_SAFE_INTEGER) ? n : Number(n);
};

/**
 * Values read back as PGlite reads them, so the app sees one shape whichever engine answers:
 * bigint as a number (when safe), date and timestamp as `new Date(text)`, interval as its text.
 */
const PGLITE_PARSERS: Partial<Record<number, (text: string) => unknown>> = {
  20: SAFE, // int8
  1082: (text) => new Date(text), // date: midnight UTC, as PGlite
  1114: (text) => new Date(text), // timestamp without time zone
  1186: (text) => text, // interval
};

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && PGLITE_PARSERS[oid]
      ? PGLITE_PARSERS[oid]
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** SQLSTATEs after which a whole transaction may simply be tried again. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryable(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' && RETRYABLE.has(err.code)
  );
}

/** The key of the advisory lock migrations (and the first seed) take. */
const MIGRATION_LOCK = 'rail-my-account.migrations';

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await target.query({ text: sql, values: params?.map(param), types });
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    exec: (sql) => target.query({ text: sql, types }),
  };
}

/** Connects a pool to the PostgreSQL server at `url` (postgres://…) and migrates the database. */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, types });
  // An idle connection the server dropped (a restart, a failover) is replaced by the pool; without a
  // listener the error would end the process.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const base = queryable(pool);
  const db: Db = {
    engine: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('begin isolation level serializable');
          const result = await fn(queryable(client));
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch((e: unknown) => {
            broken = e instanceof Error ? e : new Error(String(e));
          });
          if (!isRetryable(err) || attempt >= MAX_ATTEMPTS) throw err;
        } finally {
          client.release(broken);
        }
        // Someone else's transaction won: wait a little (more each time, with jitter) and run again.
        await sleep(Math.random() * Math.min(100, 2 ** attempt));
      }
    },
    async exclusive<T>(fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  try {
    await migrate(db);
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return db;
}

/**
 * Applies every `server/migrations/NNN-name.sql` not yet recorded in `schema_migrations`, in order,
 * under the migration lock: two servers starting together on one PostgreSQL migrate once.
 */
export async function migrate(db: Db, dir: string = migrationsDir): Promise<string[]> {
  return db.exclusive(async () => {
    await db.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const applied = new Set(
      (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    const files = (await readdir(dir)).filter((f) => migrationName.test(f)).sort();
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = await readFile(`${dir}/${file}`, 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      });
      ran.push(file);
    }
    return ran;
  });
}

/** True when the database holds no customers yet (a new database that needs seeding). */
export async function isEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from customers');
  return (rows[0]?.n ?? 0) === 0;
}

/** Deletes every row of every application table (keeps the schema, migrations and secrets). */
export async function wipe(db: Db): Promise<void> {
  const { rows } = await db.query<{ tablename: string }>(
    `select tablename from pg_tables
     where schemaname = current_schema() and tablename not in ('schema_migrations', 'app_secrets')`,
  );
  if (rows.length === 0) return;
  await db.exec(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} cascade`);
}

/** First row of a query, or null. */
export async function one<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T | null> {
  const { rows } = await db.query<T>(sql, params);
  return rows[0] ?? null;
}

/** All rows of a query. */
export async function many<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

/** True when `err` is a Postgres unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}
