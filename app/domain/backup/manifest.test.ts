import { describe, expect, it } from "vitest";
import {
  backupFileName,
  BackupManifestError,
  mediaParts,
  migrationRefusal,
  parseManifest,
  type BackupManifest,
} from "./manifest";

const sha = "a".repeat(64);
const valid: BackupManifest = {
  format: 1,
  app: { name: "app", version: "0.1.0" },
  migration: { idx: 27, tag: "0027_business_date_range" },
  createdAt: "2026-12-08T02:00:00.000Z",
  database: { kind: "pglite", serverVersion: "17.5" },
  parts: [
    { path: "database/pglite-datadir.tar.gz", size: 10, sha256: sha },
    { path: "media/logos/a-320.webp", size: 3, sha256: sha, contentType: "image/webp" },
  ],
};
const withChange = (change: (m: Record<string, unknown>) => void) => {
  const copy = structuredClone(valid) as unknown as Record<string, unknown>;
  change(copy);
  return JSON.stringify(copy);
};

describe("a backup's manifest", () => {
  it("is read back as written, and names its media files by storage key", () => {
    const manifest = parseManifest(JSON.stringify(valid));
    expect(manifest).toEqual(valid);
    expect(mediaParts(manifest).map((m) => m.key)).toEqual(["logos/a-320.webp"]);
  });

  it.each([
    ["not JSON", "{", "it is not JSON"],
    ["another format", withChange((m) => (m.format = 2)), "format must be 1"],
    ["a migration without an index", withChange((m) => (m.migration = { tag: "x" })), "migration.idx must be"],
    [
      "an unknown database",
      withChange((m) => (m.database = { kind: "mysql", serverVersion: "8" })),
      "database.kind must be",
    ],
    [
      "a path out of media/",
      withChange((m) => ((m.parts as { path: string }[])[1]!.path = "media/../auth-secret")),
      "parts[1].path must be",
    ],
    [
      "an absolute path",
      withChange((m) => ((m.parts as { path: string }[])[1]!.path = "/etc/passwd")),
      "parts[1].path must be",
    ],
    [
      "a part listed twice",
      withChange((m) => (m.parts = [...(m.parts as unknown[]), (m.parts as unknown[])[1]])),
      "parts[2].path must be listed once",
    ],
    [
      "a wrong checksum",
      withChange((m) => ((m.parts as { sha256: string }[])[0]!.sha256 = "xyz")),
      "parts[0].sha256 must be",
    ],
    [
      "no database dump",
      withChange((m) => (m.parts = (m.parts as unknown[]).slice(1))),
      "parts must be a list holding the database's dump",
    ],
  ])("refuses %s, naming the field", (_name, text, message) => {
    expect(() => parseManifest(text)).toThrow(BackupManifestError);
    expect(() => parseManifest(text)).toThrow(message);
  });
});

describe("the backup's migration against the code's", () => {
  const code = [
    { idx: 0, tag: "0000_init" },
    { idx: 1, tag: "0001_more" },
  ];
  it("accepts the code's last migration or an earlier one", () => {
    expect(migrationRefusal({ idx: 1, tag: "0001_more" }, code)).toBeUndefined();
    expect(migrationRefusal({ idx: 0, tag: "0000_init" }, code)).toBeUndefined();
  });
  it("refuses a newer migration, and one of another line of the application", () => {
    expect(migrationRefusal({ idx: 2, tag: "0002_future" }, code)).toMatch(
      /migration 2 \(0002_future\), newer than this code's last, 1 \(0001_more\)/,
    );
    expect(migrationRefusal({ idx: 1, tag: "0001_other" }, code)).toMatch(
      /migration 1 is 0001_other, but this code's is 0001_more/,
    );
  });
});

it("names a backup file by its UTC time, without colons", () => {
  expect(backupFileName(new Date("2026-12-08T02:00:05.123Z"))).toBe("backup-2026-12-08T02-00-05Z.tar.gz");
});
