import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getDatabase, getDb, openPglite, openPostgres, queryRows, type Database } from "~/db/client.server";
import { seedDemoBooks } from "~/db/seed/demo-books.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { createLocalStorage, type LocalStorage } from "~/lib/storage/local.server";
import { getStorage } from "~/lib/storage/storage.server";
import { makeImage } from "../../../tests/support/images";
import { createFreshDatabase, type FreshDatabase } from "../../../tests/support/postgres";
import { exportJournal } from "../../../tests/support/report-checks";
import { withDatabaseName } from "../../../tests/setup/database-config";
import { codeMigrations } from "./app-release.server";
import { createBackup } from "./create-backup.server";
import { BackupManifestError, MANIFEST_NAME, type BackupManifest } from "./manifest";
import { BackupUnreadableError } from "./read-backup.server";
import { RestoreRefusedError, restoreBackup, type RestoreTarget } from "./restore-backup.server";

// Issue 39's proof: books with every kind of document and a stored picture, backed up, restored into a fresh place
// and compared table by table, by the hledger export and file by file; and the refusals, which write nothing.

const config = inject("testDatabase");
let work: string;
let backupFile: string;
let manifest: BackupManifest;
const picture = { key: "gallery/backup-test-640.webp" };
const fresh: FreshDatabase[] = [];

/** The URL pg_dump needs for this file's own PostgreSQL database. */
async function sourceUrl(): Promise<string | undefined> {
  if (config.kind !== "postgres") return undefined;
  const [row] = await queryRows<{ name: string }>(getDb(), sql`select current_database() as name`);
  return withDatabaseName(config.url, row!.name);
}

/** A fresh, empty place to restore into: a new data directory, or a new PostgreSQL database. */
async function freshTarget(): Promise<{ target: RestoreTarget; open(): Promise<Database> }> {
  if (config.kind === "pglite") {
    const dataDir = mkdtempSync(path.join(work, "restored-"));
    return { target: { kind: "pglite", dataDir }, open: () => openPglite(dataDir) };
  }
  const database = (await createFreshDatabase(config.url, "backup_restore"))!;
  fresh.push(database);
  return { target: { kind: "postgres", url: database.url }, open: () => openPostgres(database.url, { max: 2 }) };
}

/** Every table's rows (all columns, as PostgreSQL prints a row) and every sequence's position. */
async function everyRow(database: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      database.db,
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`,
      ),
    );
    result[name] = row!;
  }
  const sequences = await queryRows<{ name: string }>(
    database.db,
    sql`select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name from information_schema.sequences order by 1`,
  );
  for (const { name } of sequences) {
    const [row] = await queryRows<{ last: string; called: boolean }>(
      database.db,
      sql.raw(`select last_value::text as last, is_called as called from ${name}`),
    );
    result[`sequence ${name}`] = { rows: 1, md5: `${row!.last}/${row!.called}` };
  }
  return result;
}

async function everyFile(storage: LocalStorage | ReturnType<typeof getStorage>): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const key of await storage.list()) files[key] = (await storage.get(key))!.body.toString("base64");
  return files;
}

/** The backup with its manifest (or a part) changed, packed again. */
async function tampered(change: (dir: string, manifest: BackupManifest) => void): Promise<string> {
  const dir = mkdtempSync(path.join(work, "tamper-"));
  await tar.extract({ file: backupFile, cwd: dir });
  const text = readFileSync(path.join(dir, MANIFEST_NAME), "utf8");
  const original = JSON.parse(text) as BackupManifest;
  change(dir, JSON.parse(text) as BackupManifest);
  const file = path.join(work, `tampered-${readdirSync(work).length}.tar.gz`);
  await tar.create({ gzip: true, file, cwd: dir }, [MANIFEST_NAME, ...original.parts.map((p) => p.path)]);
  return file;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  await seedDatabase(getDb());
  await seedDemoBooks(getDb());
  const image = await makeImage("png", 64, 64);
  await getStorage().put(picture.key, image, "image/webp");
  backupFile = path.join(work, "backups", "backup.tar.gz");
  ({ manifest } = await createBackup({
    database: getDatabase(),
    databaseUrl: await sourceUrl(),
    storage: getStorage(),
    file: backupFile,
  }));
}, 60_000);

afterAll(async () => {
  for (const database of fresh) await database.drop();
  rmSync(work, { recursive: true, force: true });
});

describe("a backup", () => {
  it("is one .tar.gz with the manifest, the database's dump and every media file, and nothing left beside it", async () => {
    const entries: string[] = [];
    await tar.list({ file: backupFile, onReadEntry: (entry) => void entries.push(entry.path) });
    const kind = getDatabase().kind;
    const dump = kind === "pglite" ? "database/pglite-datadir.tar.gz" : "database/postgres.dump";
    expect(entries).toEqual([MANIFEST_NAME, dump, `media/${picture.key}`]);
    expect(readdirSync(path.dirname(backupFile))).toEqual(["backup.tar.gz"]);
    const last = codeMigrations().at(-1)!;
    expect(manifest).toMatchObject({
      format: 1,
      app: { name: expect.any(String), version: JSON.parse(readFileSync("package.json", "utf8")).version },
      migration: { idx: last.idx, tag: last.tag },
      database: { kind },
    });
    expect(manifest.parts.map((p) => p.path)).toEqual([dump, `media/${picture.key}`]);
    expect(manifest.parts[1]).toMatchObject({
      contentType: "image/webp",
      size: (await getStorage().get(picture.key))!.body.length,
    });
    expect(manifest.parts.every((p) => /^[0-9a-f]{64}$/.test(p.sha256))).toBe(true);
  });

  it("restores into a fresh place every table's rows, the hledger export byte for byte and the media files", async () => {
    const { target, open } = await freshTarget();
    const media = createLocalStorage({ dir: path.join(work, "restored-media") });
    const result = await restoreBackup({ file: backupFile, target, storage: media });
    expect(result.mediaFiles).toBe(1);

    const restored = await open();
    try {
      const before = await everyRow(getDatabase());
      expect(Object.keys(before).length).toBeGreaterThan(50);
      expect(before['public."journal_entries"'] ?? before["public.journal_entries"]).toMatchObject({
        rows: expect.any(Number),
      });
      expect(await everyRow(restored)).toEqual(before);
      const journals = [mkdtempSync(path.join(work, "a-")), mkdtempSync(path.join(work, "b-"))];
      // The export's first line says when it was made: the same moment for both.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-08T02:00:00Z") });
      const original = readFileSync(await exportJournal(getDb(), journals[0]!));
      const copy = readFileSync(await exportJournal(restored.db, journals[1]!));
      vi.useRealTimers();
      expect(original.length).toBeGreaterThan(10_000);
      expect(copy.equals(original)).toBe(true);
    } finally {
      await restored.close();
    }
    expect(await everyFile(media)).toEqual(await everyFile(getStorage()));
  }, 60_000);
});

describe("a backup that fails", () => {
  it("leaves no file under the backup's name and nothing beside it", async () => {
    const dir = mkdtempSync(path.join(work, "failing-"));
    const file = path.join(dir, "backup.tar.gz");
    const failing = { ...getStorage(), get: () => Promise.reject(new Error("bucket unreachable")) };
    const attempt = createBackup({ database: getDatabase(), databaseUrl: await sourceUrl(), storage: failing, file });
    await expect(attempt).rejects.toThrow("bucket unreachable");
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);
});

describe("a restore that is refused writes nothing", () => {
  it("refuses a place that is not empty, naming what is there, and replaces it with --replace", async () => {
    const { target, open } = await freshTarget();
    const mediaDir = path.join(work, "busy-media");
    const media = createLocalStorage({ dir: mediaDir });
    await media.put("logos/already-here-320.webp", Buffer.from("old"), "image/webp");
    // A database already there: one made and migrated by restoring the backup once.
    await restoreBackup({
      file: backupFile,
      target,
      storage: createLocalStorage({ dir: path.join(work, "other-media") }),
    });
    const database = await open();
    await database.db.execute(sql`create table someone_elses (x int)`);
    const before = await everyRow(database);
    await database.close();

    const attempt = restoreBackup({ file: backupFile, target, storage: media });
    await expect(attempt).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(attempt).rejects.toThrow(
      /not empty: .*(holds a database|holds \d+ tables).*media storage holds 1 files \(logos\/already-here-320\.webp\).*--replace/,
    );
    const after = await open();
    expect(await everyRow(after)).toEqual(before);
    await after.close();
    expect(await media.list()).toEqual(["logos/already-here-320.webp"]);

    await restoreBackup({ file: backupFile, target, storage: media, replace: true });
    const replaced = await open();
    try {
      expect(await everyRow(replaced)).toEqual(await everyRow(getDatabase()));
    } finally {
      await replaced.close();
    }
    expect(await media.list()).toEqual([picture.key]);
  }, 60_000);

  it.each([
    [
      "a backup from a newer migration than the code's",
      (_dir: string, m: BackupManifest) => {
        m.migration = { idx: m.migration.idx + 1, tag: "9999_from_the_future" };
      },
      RestoreRefusedError,
      /newer than this code's last/,
    ],
    [
      "a backup whose media file was changed",
      (dir: string) => writeFileSync(path.join(dir, "media", picture.key), "changed"),
      BackupUnreadableError,
      /damaged: media\/gallery\/backup-test-640\.webp has 7 bytes/,
    ],
    [
      "a backup whose database dump was changed",
      (dir: string, m: BackupManifest) => {
        const dump = path.join(dir, m.parts[0]!.path);
        const bytes = readFileSync(dump);
        const middle = bytes.length >> 1;
        bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
        writeFileSync(dump, bytes);
      },
      BackupUnreadableError,
      /damaged: database\/.* has \d+ bytes and SHA-256/,
    ],
    [
      "a manifest naming a file outside media/",
      (_dir: string, m: BackupManifest) => {
        m.parts[1]!.path = "media/../../etc/passwd";
      },
      BackupManifestError,
      /parts\[1\]\.path must be/,
    ],
  ])(
    "refuses %s",
    async (_name, change, errorClass, message) => {
      const file = await tampered((dir, m) => {
        change(dir, m);
        writeFileSync(path.join(dir, MANIFEST_NAME), JSON.stringify(m));
      });
      const { target } = await freshTarget();
      const media = createLocalStorage({ dir: path.join(work, `refused-media-${readdirSync(work).length}`) });
      const attempt = restoreBackup({ file, target, storage: media });
      await expect(attempt).rejects.toBeInstanceOf(errorClass);
      await expect(attempt).rejects.toThrow(message);
      expect(await media.list()).toEqual([]);
      if (target.kind === "pglite") expect(readdirSync(target.dataDir)).toEqual([]);
      else {
        const database = await openPostgres(target.url, { max: 1 });
        const tables = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
        );
        await database.close();
        expect(tables[0]!.n).toBe(0);
      }
    },
    30_000,
  );
});
