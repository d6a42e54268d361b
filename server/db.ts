import { mkdir, readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';

/** The database handle given to the app: a PGlite instance (in memory or persisted). */
export type Db = PGlite;

/** Anything that can run statements: the database itself or an open transaction. */
export type Queryable = Pick<Transaction, 'query' | 'exec'>;

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const migrationName = /^\d{3}-[a-z0-9-]+\.sql$/;

/** Opens the database (persisted under `dir`, or in memory when `dir` is null) and migrates it. */
export async function openDb(dir: string | null): Promise<Db> {
  if (dir !== null) await mkdir(dir, { recursive: true });
  const db = dir === null ? new PGlite() : new PGlite(dir);
  await db.waitReady;
  await migrate(db);
  return db;
}

/** Applies every `server/migrations/NNN-name.sql` not yet recorded in `schema_migrations`, in order. */
export async function migrate(db: Db, dir: string = migrationsDir): Promise<string[]> {
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
     where schemaname = 'public' and tablename not in ('schema_migrations', 'app_secrets')`,
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
