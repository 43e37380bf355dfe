// `npm run db:backup [-- file]`: one .tar.gz of the whole database and the uploaded files (ADR 0034), by default
// DATA_DIR/backups/backup-<time>.tar.gz. On PGlite while the server runs, the server writes it (its control socket).
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { ControlRequestError, requestBackupFromServer } from "../app/domain/backup/control-socket.server";
import { createBackup, type BackupResult } from "../app/domain/backup/create-backup.server";
import { backupFileName } from "../app/domain/backup/manifest";
import { PgToolError } from "../app/domain/backup/pg-tools.server";
import { createStorage } from "../app/lib/storage/storage.server";
import { runScript } from "./script-env";

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("Usage: npm run db:backup [-- file.tar.gz]");
  process.exit(2);
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

await runScript(async (env) => {
  const file = path.resolve(args[0] ?? path.join(env.dataDir, "backups", backupFileName(new Date())));
  let result: BackupResult | undefined;
  try {
    if (!env.databaseUrl) result = await requestBackupFromServer(env.dataDir, file);
    if (result) console.log("The running server made the backup.");
    else {
      const database = await openDatabase(env);
      try {
        result = await createBackup({ database, databaseUrl: env.databaseUrl, storage: createStorage(env), file });
      } finally {
        await database.close();
      }
    }
  } catch (error) {
    if (error instanceof ControlRequestError || error instanceof PgToolError) {
      console.error(`Error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const media = result.manifest.parts.length - 1;
  console.log(
    `Backup written: ${result.file} (${sizeText(result.size)}; ${result.manifest.database.kind} at migration ${result.manifest.migration.idx} ${result.manifest.migration.tag}, ${media} media ${media === 1 ? "file" : "files"})`,
  );
});
