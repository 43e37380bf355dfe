import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { openPglite, openPostgres, type Database } from "../../db/client.server";
import { runMigrations } from "../../db/migrate.server";
import { DataDirInUseError, lockDataDir, type DataDirLock } from "../../lib/data-dir.server";
import type { Storage } from "../../lib/storage/storage";
import { codeMigrations } from "./app-release.server";
import { DATABASE_PART, mediaParts, migrationRefusal, type BackupManifest } from "./manifest";
import { assertToolMatchesServer, pgRestore } from "./pg-tools.server";
import { openBackup } from "./read-backup.server";

/** A restore that was not started, with why; nothing was written. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export interface RestoreResult {
  manifest: BackupManifest;
  mediaFiles: number;
}

function listSome(items: readonly string[]): string {
  const shown = items.slice(0, 5).join(", ");
  return items.length > 5 ? `${shown} and ${items.length - 5} more` : shown;
}

/**
 * Puts a backup back (ADR 0034): the database into an empty PGlite data directory or PostgreSQL database, then the
 * usual migrations, then the media files through `storage`. Before touching anything it checks the archive whole
 * (every part's SHA-256), that the code knows the backup's migration, and that the target holds nothing: with
 * `replace` what is there is replaced (the database, and media files the backup does not hold are deleted).
 * Refusals throw RestoreRefusedError, BackupUnreadableError or BackupManifestError and write nothing.
 */
export async function restoreBackup(options: {
  file: string;
  target: RestoreTarget;
  storage: Storage;
  replace?: boolean;
}): Promise<RestoreResult> {
  const { target, storage } = options;
  const backup = await openBackup(options.file);
  try {
    const { manifest } = backup;
    const kind = manifest.database.kind;
    if (kind !== target.kind) {
      throw new RestoreRefusedError(
        kind === "pglite"
          ? "This backup is of the embedded database (PGlite): restore it with DATA_DIR set and DATABASE_URL unset."
          : "This backup is of PostgreSQL: restore it with DATABASE_URL set to an empty database.",
      );
    }
    const refusal = migrationRefusal(manifest.migration, codeMigrations());
    if (refusal) throw new RestoreRefusedError(`Cannot restore: ${refusal}.`);
    const dumpFile = backup.partFile(DATABASE_PART[kind]);
    const media = mediaParts(manifest);

    const restoreMedia = async () => {
      const wanted = new Set(media.map((m) => m.key));
      for (const { key, part } of media) {
        await storage.put(
          key,
          await readFile(backup.partFile(part.path)),
          part.contentType ?? "application/octet-stream",
        );
      }
      if (options.replace) for (const key of await storage.list()) if (!wanted.has(key)) await storage.delete(key);
    };
    const storedMedia = async (): Promise<string[]> => {
      const keys = await storage.list();
      return keys.length === 0 ? [] : [`the media storage holds ${keys.length} files (${listSome(keys)})`];
    };

    if (target.kind === "pglite") {
      await restorePglite(target.dataDir, dumpFile, storedMedia, restoreMedia, options.replace ?? false);
    } else {
      await restorePostgres(target.url, dumpFile, storedMedia, restoreMedia, options.replace ?? false);
    }
    return { manifest, mediaFiles: media.length };
  } finally {
    await backup.dispose();
  }
}

function refuseNonEmpty(found: string[], replace: boolean): void {
  if (found.length > 0 && !replace) {
    throw new RestoreRefusedError(
      `Cannot restore into a place that is not empty: ${found.join("; ")}. Give --replace to replace them with the backup.`,
    );
  }
}

async function restorePglite(
  dataDir: string,
  dumpFile: string,
  storedMedia: () => Promise<string[]>,
  restoreMedia: () => Promise<void>,
  replace: boolean,
): Promise<void> {
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new RestoreRefusedError(`Cannot restore: ${error.message}`);
    throw error;
  }
  const pgliteDir = path.join(path.resolve(dataDir), "pglite");
  let staging: string | undefined;
  try {
    const found: string[] = [];
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
      found.push(`DATA_DIR already holds a database (${pgliteDir})`);
    found.push(...(await storedMedia()));
    refuseNonEmpty(found, replace);

    // The database is made and migrated in a folder of its own beside the real one, then moved into place: a crash
    // meanwhile leaves the data directory as it was.
    staging = await mkdtemp(path.join(path.resolve(dataDir), ".restore-"));
    const restored: Database = await openPglite(staging, new Blob([await readFile(dumpFile)]));
    try {
      await runMigrations(restored);
    } finally {
      await restored.close();
    }
    const aside = existsSync(pgliteDir) ? `${pgliteDir}.replaced-${randomBytes(4).toString("hex")}` : undefined;
    if (aside) await rename(pgliteDir, aside);
    await rename(path.join(staging, "pglite"), pgliteDir);
    if (aside) await rm(aside, { recursive: true, force: true });
    await restoreMedia();
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function restorePostgres(
  url: string,
  dumpFile: string,
  storedMedia: () => Promise<string[]>,
  restoreMedia: () => Promise<void>,
  replace: boolean,
): Promise<void> {
  const database = await openPostgres(url, { max: 2 });
  try {
    await assertToolMatchesServer("psql", database.pool!);
    const { rows } = await database.pool!.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%' order by 1`,
    );
    const found: string[] = [];
    if (rows.length > 0) {
      found.push(
        `the database ${database.description} holds ${rows.length} tables and sequences (${listSome(rows.map((r) => r.name))})`,
      );
    }
    found.push(...(await storedMedia()));
    refuseNonEmpty(found, replace);

    // With --replace, the schemas go in the same transaction as the restore: an error keeps the old database whole.
    const schemas = await database.pool!.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    );
    const before =
      replace && rows.length > 0
        ? schemas.rows.map((s) => `drop schema if exists "${s.name.replace(/"/g, '""')}" cascade;\n`).join("") +
          "create schema public;\n"
        : "";
    await pgRestore(url, dumpFile, before);
    await runMigrations(database);
  } finally {
    await database.close();
  }
  await restoreMedia();
}
