import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.server";
import type { CodeMigration } from "./app-release.server";
import type { MigrationMark } from "./manifest";

/**
 * The last migration the database has applied. Drizzle records one row per migration in
 * drizzle.__drizzle_migrations, its `created_at` the journal's `when`: matched to the code's journal by that.
 */
export async function migrationMarkOf(database: Database, code: readonly CodeMigration[]): Promise<MigrationMark> {
  const rows = await queryRows<{ created_at: string | number }>(
    database.db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (rows.length === 0) throw new Error("The database has no migrations applied: there is nothing to back up.");
  const when = Number(rows[0]!.created_at);
  const known = code.find((m) => m.when === when);
  if (!known) {
    throw new Error(
      `The database's last migration (made at ${when}) is not one this code carries: back it up with the version of the application that migrated it.`,
    );
  }
  return { idx: known.idx, tag: known.tag };
}
