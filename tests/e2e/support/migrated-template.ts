// Run once by scripts/e2e.mjs (DATA_DIR in the environment): a PGlite data directory with every migration applied
// and nothing else, that each server of the run starts from by a copy (scripts/lib/server.mjs, isolated-server.ts)
// instead of making its database anew (initdb and the migrations in WebAssembly take 8 s a server on two busy
// cores; the copy a fraction of it). The servers still seed it on their first start, as on a new install.
import { openPglite } from "../../../app/db/client.server";
import { runMigrations } from "../../../app/db/migrate.server";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR names the template's directory");
const database = await openPglite(dataDir);
try {
  await runMigrations(database);
  // PGlite runs no autovacuum; the first start's own vacuum then has little left to do.
  await database.pglite!.query("vacuum (analyze)");
} finally {
  await database.close();
}
