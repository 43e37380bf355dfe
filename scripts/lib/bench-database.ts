import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../../app/db/client.server";

// The benchmarks' own database (bench:inventory, bench:backoffice): a fresh PostgreSQL database on the server
// given (`<prefix>_<pid>`, dropped after) or a PGlite data directory in the temporary folder (removed after);
// --keep keeps it, --reuse=<name> opens one a --keep run left. Also the raw SQL helpers and the query capture
// the benchmarks' --explain uses.

export interface Captured {
  text: string;
  params: unknown[];
}

export interface BenchDatabaseOptions {
  /** The database's or folder's name prefix: bench_inventory, bench_backoffice. */
  prefix: string;
  /** A PostgreSQL server (its maintenance database's URL); undefined: PGlite. */
  serverUrl: string | undefined;
  keep: boolean;
  /** A database (PostgreSQL) or data directory (PGlite) a --keep run left. */
  reuse: string | undefined;
  poolSize: number;
}

export function benchDatabase(options: BenchDatabaseOptions) {
  const { prefix, serverUrl, keep, reuse, poolSize } = options;
  let dbName = "";
  let dataDir = "";
  let database: Database | undefined;
  let capturing: Captured[] | null = null;

  async function adminQuery(text: string): Promise<void> {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  }

  function urlOf(name: string): string {
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  }

  const opened = (): Database => {
    if (!database) throw new Error("the benchmark's database is not open");
    return database;
  };

  const bench = {
    get database(): Database {
      return opened();
    },

    /** "PostgreSQL (bench_x_123)" or "PGlite (/tmp/...)". */
    describe(): string {
      return opened().kind === "postgres" ? `PostgreSQL (${dbName})` : `PGlite (${dataDir})`;
    },

    async open(): Promise<Database> {
      if (reuse && serverUrl) {
        dbName = reuse;
        database = await openPostgres(urlOf(dbName), { max: poolSize });
      } else if (reuse) {
        dataDir = reuse;
        database = await openPglite(dataDir);
      } else if (serverUrl) {
        dbName = `${prefix}_${process.pid}`;
        await adminQuery(`drop database if exists ${dbName} with (force)`);
        await adminQuery(`create database ${dbName}`);
        database = await openPostgres(urlOf(dbName), { max: poolSize });
      } else {
        dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, "-")}-`));
        database = await openPglite(dataDir);
      }
      return database;
    },

    async cleanUp(): Promise<void> {
      await database?.close().catch(() => {});
      database = undefined;
      if (keep || reuse) {
        console.log(`kept: ${dbName ? `database ${dbName}` : `PGlite data directory ${dataDir}`}`);
        return;
      }
      if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => {});
      dbName = "";
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      dataDir = "";
    },

    /** Raw SQL on either driver, with its rows. */
    async raw<T>(text: string, params: unknown[] = []): Promise<T[]> {
      const db = opened();
      if (db.pool) return (await db.pool.query(text, params)).rows as T[];
      return (await db.pglite!.query<T>(text, params)).rows;
    },

    /** Statements separated by semicolons, no parameters. */
    async exec(text: string): Promise<void> {
      const db = opened();
      if (db.pool) await db.pool.query(text);
      else await db.pglite!.exec(text);
    },

    /** From now on the SQL the driver is sent can be recorded (for EXPLAIN): see `capture`. */
    captureQueries(): void {
      const db = opened();
      if (db.pool) {
        const pool = db.pool as unknown as { query: (...a: unknown[]) => unknown };
        const original = pool.query.bind(pool);
        pool.query = (...a: unknown[]) => {
          const q = a[0] as string | { text: string; values?: unknown[] };
          if (capturing)
            capturing.push(
              typeof q === "string"
                ? { text: q, params: (a[1] as unknown[]) ?? [] }
                : { text: q.text, params: q.values ?? (a[1] as unknown[]) ?? [] },
            );
          return original(...a);
        };
      } else {
        const client = db.pglite! as unknown as { query: (...a: unknown[]) => unknown };
        const original = client.query.bind(client);
        client.query = (...a: unknown[]) => {
          if (capturing) capturing.push({ text: a[0] as string, params: (a[1] as unknown[]) ?? [] });
          return original(...a);
        };
      }
    },

    /** The SQL sent while `run` ran (captureQueries first). */
    async capture(run: () => Promise<unknown>): Promise<Captured[]> {
      capturing = [];
      try {
        await run();
        return capturing;
      } finally {
        capturing = null;
      }
    },
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      void bench.cleanUp().finally(() => process.exit(130));
    });
  return bench;
}
