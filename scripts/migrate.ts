// `npm run db:migrate`: applies pending migrations to the configured database (the server also does at start).
import { openDatabase } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { runScript } from "./script-env";

await runScript(async (env) => {
  const database = await openDatabase(env);
  try {
    await runMigrations(database);
    console.log(`Migrations applied to ${database.description}`);
  } finally {
    await database.close();
  }
});
