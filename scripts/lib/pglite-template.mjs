// A migrated PGlite data directory made once per e2e run (tests/e2e/support/migrated-template.ts) and copied into
// each server's new data directory before it starts: the servers of a run then skip initdb and the migrations.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The environment variable that hands the template's directory to Playwright's workers. */
export const TEMPLATE_DIR_ENV = "E2E_TEMPLATE_DIR";

/** Makes the migrated template in a new temporary directory and returns it (the caller removes it). */
export function makeMigratedTemplate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsab-template-"));
  const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["tests/e2e/support/migrated-template.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" },
  });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error("could not make the migrated database template");
  }
  return dir;
}

/** Puts a copy of the template's database into `dataDir` (a new data directory no server has opened yet). */
export function copyMigratedTemplate(templateDir, dataDir) {
  cpSync(path.join(templateDir, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}
