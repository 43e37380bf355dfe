import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import {
  DataDirInUseError,
  ensurePrivateDir,
  lockDataDir,
  makeTreePrivate,
  type DataDirLock,
} from "../lib/data-dir.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database as the code sees it: the same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: what a use case that may run inside another takes. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where it lives, without credentials, for logs. */
  description: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw clients, for the migrator. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export class DatabaseConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseConnectError";
  }
}

/**
 * The extensions the migrations create (pg_trgm, for the inventory search), which PGlite must load on every open
 * of a data directory that has them: pass these options wherever a PGlite is created.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions["extensions"];

/**
 * PostgreSQL's memory settings for PGlite, whose whole server lives in this process's WASM heap: that heap never
 * shrinks, so what PostgreSQL touches once stays resident. PGlite's default shared_buffers is 160 MB (its
 * postgresql.conf), which held 440 MiB of RSS at start (issue 39). 32 MB holds the company's working set (the
 * whole seeded database is smaller) and the kernel's file cache keeps the rest of the files near; measured with a
 * 200,000-row table: RSS at open 343 MiB at 160 MB, 243 at 32 MB, 221 at 16 MB. work_mem stays PostgreSQL's
 * 4 MB: one backend runs one query at a time. wal_buffers follows shared_buffers (1/32, 1 MB).
 */
export const PGLITE_MEMORY_SETTINGS = { shared_buffers: "32MB", work_mem: "4MB" } as const;

function pgliteStartParams(): string[] {
  const settings = Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  return [...PGlite.defaultStartParams, ...settings];
}

/**
 * PGlite in `dataDir/pglite` (held under the data directory's lock for as long as it is open, so a second
 * process cannot silently lose its writes), or in memory without a dataDir.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const options: PGliteOptions = {
    extensions: PGLITE_EXTENSIONS,
    startParams: pgliteStartParams(),
    ...(loadDataDir ? { loadDataDir } : {}),
  };
  if (!dataDir) return pgliteDatabase(await PGlite.create(options), "PGlite in memory");

  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new DatabaseConnectError(error.message);
    throw error;
  }
  const dir = path.join(path.resolve(dataDir), "pglite");
  let client: PGlite | undefined;
  try {
    ensurePrivateDir(dir);
    client = await PGlite.create(dir, options);
    // initdb's files are unpacked 0666 (and older versions left them so); PostgreSQL creates later ones 0600.
    makeTreePrivate(dir);
    return pgliteDatabase(client, `PGlite in ${dir}`, () => lock.release());
  } catch (error) {
    await client?.close().catch(() => {});
    lock.release();
    throw error;
  }
}

function pgliteDatabase(client: PGlite, description: string, afterClose?: () => void): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    description,
    pglite: client,
    async ping() {
      await client.query("select 1");
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        afterClose?.();
      }
    },
  };
}

function describeUrl(url: string): string {
  const u = new URL(url);
  return `PostgreSQL at ${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    // No JIT compilation: the back office's queries run in milliseconds, but the planner's cost estimates of the
    // stock-by-date and dashboard queries pass jit_above_cost, and compiling them took 3 to 4 s (issue 19,
    // docs/architecture.md).
    options: "-c jit=off",
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const description = describeUrl(url);
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code : String(error);
    throw new DatabaseConnectError(`DATABASE_URL: cannot connect to ${description} (${reason})`);
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    description,
    pool,
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under the data directory. */
export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

// The one database of this process. Kept on globalThis because the bundled server.ts and the React Router
// server build are separate module graphs in one process (and Vite reloads modules in development).
const key = Symbol.for("app.database");
type WithDatabase = typeof globalThis & { [key]?: Database };

export function setDatabase(database: Database | undefined): void {
  (globalThis as WithDatabase)[key] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as WithDatabase)[key];
  if (!database) throw new Error("The database is not open: the server opens it at start-up (openDatabase).");
  return database;
}

export function getDb(): Db {
  return getDatabase().db;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
