// What a backup archive holds and how it describes itself (ADR 0034). Pure: read and checked here, written and
// verified by create-backup.server.ts and restore-backup.server.ts.

export const BACKUP_FORMAT = 1;
export const MANIFEST_NAME = "manifest.json";
/** The folder of the archive that holds the uploaded files, each under its storage key. */
export const MEDIA_FOLDER = "media";
/** The database's part: PGlite's own dump of its data directory, or pg_dump's custom format. */
export const DATABASE_PART = { pglite: "database/pglite-datadir.tar.gz", postgres: "database/postgres.dump" } as const;

export type DatabaseKind = keyof typeof DATABASE_PART;

/** The last migration applied: its place in drizzle's journal and its tag (`0027_business_date_range`). */
export interface MigrationMark {
  idx: number;
  tag: string;
}

export interface BackupPart {
  /** Its path inside the archive. */
  path: string;
  size: number;
  sha256: string;
  /** For a media file: the type it was stored with. */
  contentType?: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  app: { name: string; version: string };
  migration: MigrationMark;
  createdAt: string;
  database: { kind: DatabaseKind; serverVersion: string };
  parts: BackupPart[];
}

export class BackupManifestError extends Error {
  constructor(message: string) {
    super(`The backup's manifest.json is not valid: ${message}`);
    this.name = "BackupManifestError";
  }
}

const SHA256 = /^[0-9a-f]{64}$/;
const MEDIA_PATH = /^media\/[a-z0-9_-][a-z0-9_.-]*(?:\/[a-z0-9_-][a-z0-9_.-]*)*$/;

function field(ok: boolean, name: string, what: string): void {
  if (!ok) throw new BackupManifestError(`${name} must be ${what}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The manifest read from its JSON text; throws BackupManifestError naming the first field that is wrong. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupManifestError("it is not JSON");
  }
  field(isObject(value), "the manifest", "an object");
  const m = value as Record<string, unknown>;
  field(m.format === BACKUP_FORMAT, "format", `${BACKUP_FORMAT} (this version reads no other)`);
  const app = m.app;
  field(isObject(app) && typeof app.name === "string" && typeof app.version === "string", "app", "{ name, version }");
  const migration = m.migration;
  field(
    isObject(migration) && Number.isSafeInteger(migration.idx) && (migration.idx as number) >= 0,
    "migration.idx",
    "a whole number",
  );
  field(typeof (migration as Record<string, unknown>).tag === "string", "migration.tag", "a migration's tag");
  field(typeof m.createdAt === "string" && !Number.isNaN(Date.parse(m.createdAt)), "createdAt", "a time");
  const database = m.database;
  field(
    isObject(database) && (database.kind === "pglite" || database.kind === "postgres"),
    "database.kind",
    '"pglite" or "postgres"',
  );
  field(typeof (database as Record<string, unknown>).serverVersion === "string", "database.serverVersion", "text");
  field(Array.isArray(m.parts), "parts", "a list");
  const seen = new Set<string>();
  const parts = (m.parts as unknown[]).map((part, i) => {
    field(isObject(part), `parts[${i}]`, "an object");
    const p = part as Record<string, unknown>;
    const databasePart = DATABASE_PART[(database as { kind: DatabaseKind }).kind];
    field(
      typeof p.path === "string" && (p.path === databasePart || (MEDIA_PATH.test(p.path) && !p.path.includes(".."))),
      `parts[${i}].path`,
      `${databasePart} or a media file under media/`,
    );
    field(!seen.has(p.path as string), `parts[${i}].path`, "listed once");
    seen.add(p.path as string);
    field(Number.isSafeInteger(p.size) && (p.size as number) >= 0, `parts[${i}].size`, "a size in bytes");
    field(typeof p.sha256 === "string" && SHA256.test(p.sha256), `parts[${i}].sha256`, "a SHA-256 in hex");
    field(
      p.contentType === undefined || typeof p.contentType === "string",
      `parts[${i}].contentType`,
      "text when given",
    );
    return p as unknown as BackupPart;
  });
  field(
    parts.some((p) => p.path === DATABASE_PART[(database as { kind: DatabaseKind }).kind]),
    "parts",
    "a list holding the database's dump",
  );
  return m as unknown as BackupManifest;
}

/** The media files' storage keys and types, in the manifest's order. */
export function mediaParts(manifest: BackupManifest): { key: string; part: BackupPart }[] {
  return manifest.parts
    .filter((part) => part.path.startsWith(`${MEDIA_FOLDER}/`))
    .map((part) => ({ key: part.path.slice(MEDIA_FOLDER.length + 1), part }));
}

/**
 * Why a backup cannot go into this code's database, or undefined when it can: one from a newer migration than the
 * code knows, or one whose migration of the same place has another tag (another branch's history).
 */
export function migrationRefusal(backup: MigrationMark, code: readonly MigrationMark[]): string | undefined {
  const last = code[code.length - 1];
  if (!last || backup.idx > last.idx) {
    return `the backup was made at migration ${backup.idx} (${backup.tag}), newer than this code's last, ${last ? `${last.idx} (${last.tag})` : "none"}: restore it with the version of the application that made it, or a later one`;
  }
  const same = code.find((m) => m.idx === backup.idx);
  if (!same || same.tag !== backup.tag) {
    return `the backup's migration ${backup.idx} is ${backup.tag}, but this code's is ${same?.tag ?? "missing"}: it was made by another line of the application`;
  }
  return undefined;
}

/** `backup-2026-12-08T02-00-00Z.tar.gz`: the time in UTC, with no character a file system or shell minds. */
export function backupFileName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-")}.tar.gz`;
}
