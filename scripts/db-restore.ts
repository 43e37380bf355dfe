// `npm run db:restore -- file [--replace]`: puts a backup of `npm run db:backup` back (ADR 0034) into the configured
// database (DATA_DIR's PGlite, or DATABASE_URL) and media storage, which must be empty unless --replace is given;
// then the usual migrations run. The server must be stopped (on PGlite it holds the data directory).
import path from "node:path";
import { BackupManifestError } from "../app/domain/backup/manifest";
import { PgToolError } from "../app/domain/backup/pg-tools.server";
import { BackupUnreadableError } from "../app/domain/backup/read-backup.server";
import { RestoreRefusedError, restoreBackup } from "../app/domain/backup/restore-backup.server";
import { createStorage } from "../app/lib/storage/storage.server";
import { runScript } from "./script-env";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const files = args.filter((a) => a !== "--replace");
if (files.length !== 1 || files[0]!.startsWith("-")) {
  console.error("Usage: npm run db:restore -- backup.tar.gz [--replace]");
  process.exit(2);
}

await runScript(async (env) => {
  const file = path.resolve(files[0]!);
  try {
    const result = await restoreBackup({
      file,
      target: env.databaseUrl ? { kind: "postgres", url: env.databaseUrl } : { kind: "pglite", dataDir: env.dataDir },
      storage: createStorage(env),
      replace,
    });
    const { migration, createdAt } = result.manifest;
    console.log(
      `Restored ${file} (made ${createdAt} at migration ${migration.idx} ${migration.tag}; ${result.mediaFiles} media files), and the migrations applied.`,
    );
  } catch (error) {
    if (
      error instanceof RestoreRefusedError ||
      error instanceof BackupUnreadableError ||
      error instanceof BackupManifestError ||
      error instanceof PgToolError
    ) {
      console.error(`Error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
});
