// `npm run db:seed`: applies migrations, then inserts whatever seed rows are missing (idempotent).
import { openDatabase } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { printAdminCredentials } from "../app/db/setup.server";
import { seedDatabase } from "../app/db/seed/seed.server";
import { runScript } from "./script-env";

await runScript(async (env) => {
  const database = await openDatabase(env);
  try {
    await runMigrations(database);
    const result = await seedDatabase(database.db, { adminEmail: env.adminEmail, adminPassword: env.adminPassword });
    const total = Object.values(result.inserted).reduce((a, b) => a + b, 0);
    console.log(`Seeded ${database.description}: ${total} rows inserted`);
    for (const [table, n] of Object.entries(result.inserted)) if (n > 0) console.log(`  ${table}: ${n}`);
    if (result.admin) printAdminCredentials(result.admin, env.publicUrl);
  } finally {
    await database.close();
  }
});
