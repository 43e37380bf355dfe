import { readFileSync } from "node:fs";
import path from "node:path";
import { appRoot } from "../../lib/app-root.server";
import type { MigrationMark } from "./manifest";

/** The application's name and version, from package.json. */
export function appRelease(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(path.join(appRoot(), "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

/** A migration of drizzle's journal; `when` is what the database records of it once applied. */
export interface CodeMigration extends MigrationMark {
  when: number;
}

/** The migrations this code carries, in order, from drizzle's journal (what runMigrations applies). */
export function codeMigrations(): CodeMigration[] {
  const journal = JSON.parse(readFileSync(path.join(appRoot(), "drizzle", "meta", "_journal.json"), "utf8")) as {
    entries: CodeMigration[];
  };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}
