import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import type { Database } from "../../db/client.server";
import type { Storage } from "../../lib/storage/storage";
import { appRelease, codeMigrations } from "./app-release.server";
import { migrationMarkOf } from "./database-migration.server";
import {
  BACKUP_FORMAT,
  DATABASE_PART,
  MANIFEST_NAME,
  MEDIA_FOLDER,
  type BackupManifest,
  type BackupPart,
} from "./manifest";
import { assertToolMatchesServer, pgDump } from "./pg-tools.server";

export interface BackupResult {
  file: string;
  size: number;
  manifest: BackupManifest;
}

/** The SHA-256 and size of a file, read as a stream. */
export async function describeFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return { sha256: hash.digest("hex"), size: (await stat(file)).size };
}

/**
 * Writes one `.tar.gz` at `file` holding the whole database, every stored media file and a manifest describing
 * them (ADR 0034). Everything is written under a temporary name beside `file` and renamed at the end, so a crash
 * leaves no half backup under the final name. `databaseUrl` is needed on PostgreSQL (pg_dump connects itself).
 */
export async function createBackup(options: {
  database: Database;
  databaseUrl?: string;
  storage: Storage;
  file: string;
  now?: Date;
}): Promise<BackupResult> {
  const { database, storage } = options;
  const file = path.resolve(options.file);
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Beside the final file (same file system, so the rename is atomic); names starting with a dot are never a backup.
  const staging = await mkdtemp(path.join(dir, ".backup-staging-"));
  const partial = path.join(dir, `.${path.basename(file)}.partial-${randomBytes(6).toString("hex")}`);
  try {
    const databasePart = DATABASE_PART[database.kind];
    const dumpFile = path.join(staging, databasePart);
    await mkdir(path.dirname(dumpFile), { recursive: true });
    const createdAt = (options.now ?? new Date()).toISOString();
    let serverVersion: string;
    if (database.kind === "pglite") {
      const pglite = database.pglite!;
      // A checkpoint first, so the copy needs little recovery; the dump itself waits for the query in progress
      // and holds the next, so the files are one moment's (what a crash would leave, which PostgreSQL recovers).
      await pglite.query("checkpoint");
      const dump = await pglite.dumpDataDir("gzip");
      await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      serverVersion = (await pglite.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    } else {
      if (!options.databaseUrl) throw new Error("createBackup on PostgreSQL needs the database's URL for pg_dump");
      serverVersion = await assertToolMatchesServer("pg_dump", database.pool!);
      await pgDump(options.databaseUrl, dumpFile);
    }
    const migration = await migrationMarkOf(database, codeMigrations());
    const parts: BackupPart[] = [{ path: databasePart, ...(await describeFile(dumpFile)) }];

    for (const key of await storage.list()) {
      const object = await storage.get(key);
      // Deleted between the list and the read: it is not part of this moment's files.
      if (!object) continue;
      const partPath = `${MEDIA_FOLDER}/${key}`;
      const target = path.join(staging, partPath);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, object.body, { mode: 0o600 });
      parts.push({
        path: partPath,
        size: object.body.length,
        sha256: createHash("sha256").update(object.body).digest("hex"),
        contentType: object.contentType,
      });
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: appRelease(),
      migration,
      createdAt,
      database: { kind: database.kind, serverVersion },
      parts,
    };
    await writeFile(path.join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
    // The manifest first, so a reader learns what to expect before the parts.
    await tar.create(
      { gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 } as tar.TarOptionsWithAliasesFile,
      [MANIFEST_NAME, ...parts.map((p) => p.path)],
    );
    await rename(partial, file);
    return { file, size: (await stat(file)).size, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
