import type { Env } from "../lib/env.server";
import type { Logger } from "../lib/logger.server";
import { openDatabase, setDatabase, type Database } from "./client.server";
import { runMigrations } from "./migrate.server";
import { isDatabaseEmpty, seedDatabase, type SeedResult } from "./seed/seed.server";

/** The seeded admin's sign-in, and the employee it is, as printed once at the first start. */
export function adminCredentialLines(admin: NonNullable<SeedResult["admin"]>, publicUrl: string): string[] {
  const { employee } = admin;
  return [
    "Administrator account created",
    `  Sign in at: ${publicUrl}/admin/login`,
    `  E-mail:     ${admin.email}`,
    admin.generatedPassword
      ? `  Password:   ${admin.generatedPassword}   (shown only this once; you will be asked to change it)`
      : "  Password:   the one given in ADMIN_PASSWORD",
    employee
      ? `  Employee:   ${employee.name}, ${employee.department} ${employee.position} (leave and tasks act as this person)`
      : "  Employee:   none linked (add one under Employees and give it this sign-in)",
  ];
}

/** Prints the seeded admin's sign-in once, where the operator starting the server will see it. */
export function printAdminCredentials(admin: NonNullable<SeedResult["admin"]>, publicUrl: string): void {
  const lines = adminCredentialLines(admin, publicUrl);
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const rule = "=".repeat(width);
  process.stdout.write(`\n${rule}\n${lines.join("\n")}\n${rule}\n\n`);
}

/**
 * Opens the configured database, applies pending migrations and, on a brand-new database, loads the seed
 * data. Makes it the process's database (getDb) and returns it.
 */
export async function prepareDatabase(env: Env, logger: Logger): Promise<Database> {
  const database = await openDatabase(env);
  try {
    await runMigrations(database);
    if (await isDatabaseEmpty(database.db)) {
      const result = await seedDatabase(database.db, { adminEmail: env.adminEmail, adminPassword: env.adminPassword });
      logger.info({ inserted: result.inserted }, "seeded a new database");
      if (result.admin) printAdminCredentials(result.admin, env.publicUrl);
    }
    // PGlite runs no autovacuum: without fresh statistics and visibility maps its planner misjudges the lists
    // (the last of 10,000 inventory pages took over 300 ms instead of 50). PostgreSQL does this by itself.
    if (database.kind === "pglite") await database.pglite!.query("vacuum (analyze)");
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  setDatabase(database);
  logger.info({ database: database.description }, "database ready");
  return database;
}
