import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCK_FILE_NAME } from "../lib/data-dir.server";
import { DatabaseConnectError, openPglite, PGLITE_MEMORY_SETTINGS, type Database } from "./client.server";

// PGlite on a real data directory: who may read its files, and that one process at a time opens it.
// Creating a PGlite database takes seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

// One folder for the file: the first open creates the database (slow), later opens reuse it.
let dataDir: string;
const open: Database[] = [];
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-data-dir-test-"));
});
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function openIn(dir: string): Promise<Database> {
  const database = await openPglite(dir);
  open.push(database);
  return database;
}

/** Every file and folder under `dir` whose mode lets group or others in, with that mode. */
function accessibleToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const stat = lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) found.push(`${path.relative(dataDir, entry)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) found.push(...accessibleToOthers(entry));
  }
  return found;
}

describe("PGlite in DATA_DIR", () => {
  it("keeps its folders 0700 and its files 0600, from the start to after the close", async () => {
    chmodSync(dataDir, 0o755);
    const database = await openIn(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
    expect(accessibleToOthers(dataDir)).toEqual([]);

    // New relations are files PostgreSQL creates while open; they must come out private too.
    await database.pglite!.exec("create table t (x int); insert into t values (1);");
    await database.close();
    expect(accessibleToOthers(dataDir)).toEqual([]);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it("is opened by one holder at a time: the second is told the folder is in use, and may open it later", async () => {
    const first = await openIn(dataDir);
    const second = openPglite(dataDir);
    await expect(second).rejects.toThrow(DatabaseConnectError);
    await expect(second).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another process (PID ${process.pid}). Stop it first, or point DATA_DIR elsewhere.`,
    );
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    await first.close();
    const again = await openIn(dataDir);
    await again.ping();
  });

  it("runs with the small machine's memory settings, not PGlite's 160 MB of shared buffers (issue 39)", async () => {
    const database = await openIn(dataDir);
    const { rows } = await database.pglite!.query<{ name: string; setting: string }>(
      "select name, current_setting(name) as setting from unnest(array['shared_buffers', 'work_mem']) as name",
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual(PGLITE_MEMORY_SETTINGS);
  });
});
