import path from "node:path";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { backfillParties } from "../domain/accounting/backfill-parties.server";
import { appRoot } from "../lib/app-root.server";
import type { Database, Schema } from "./client.server";

// Any fixed number: the advisory lock that lets several app servers start against one PostgreSQL at once.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies the committed migrations in drizzle/ that the database has not seen yet, then the data migrations that need
 * the application's rules (backfillParties: books kept before party ledgers, issue 36; nothing to do otherwise).
 */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = path.join(appRoot(), "drizzle");
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    await backfillParties(database.db);
    return;
  }
  const pool = database.pool!;
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    await backfillParties(database.db);
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}
