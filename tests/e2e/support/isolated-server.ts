import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
// The extension migration 0003 creates; a PGlite must load it to open the data directory (PGLITE_EXTENSIONS).
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { freePort } from "../../../scripts/lib/free-port.mjs";
import { copyMigratedTemplate, TEMPLATE_DIR_ENV } from "../../../scripts/lib/pglite-template.mjs";

// A production server of a spec's own (build/server.js, built by scripts/e2e.mjs), on its own port and data
// directory, for tests that must arrange the database before the start or read it after the stop. PGlite
// allows one process per data directory, so the database is touched only while the server is stopped.

export interface IsolatedServer {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
}

/** How long a fresh server may take to answer /healthz (migrating and seeding a new database on a busy machine). */
const START_TIMEOUT_MS = 120_000;

/**
 * Starts build/server.js. Without a DATA_DIR of the caller's, in a new data directory holding a copy of the run's
 * migrated database (scripts/e2e.mjs), which the server seeds as a new install; with one, on exactly what it holds
 * (an empty directory: the real first start, initdb and migrations included; restart.spec.ts).
 */
export async function startServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? newDataDir(!env.DATABASE_URL);
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      PATH: process.env.PATH!,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      FORM_RATE_LIMIT: "1000/60",
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      // Not left running (and holding its data directory) when the test gives up on it.
      if (!env.DATA_DIR) child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
      child.kill("SIGKILL");
      throw new Error(`server not healthy:\n${output}`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, dataDir, output: () => output };
}

/** A new data directory; with the run's migrated PGlite database in it when the server is to use PGlite. */
function newDataDir(pglite: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsab-isolated-"));
  const template = process.env[TEMPLATE_DIR_ENV];
  if (template && pglite) copyMigratedTemplate(template, dir);
  return dir;
}

/** SIGTERM, then the exit code. */
export function stopServer(server: IsolatedServer): Promise<number | null> {
  if (server.child.exitCode !== null) return Promise.resolve(server.child.exitCode);
  return new Promise((resolve) => {
    server.child.once("exit", (code) => resolve(code));
    process.kill(server.child.pid!, "SIGTERM");
  });
}

/** Runs `work` on the stopped server's PGlite database. */
export async function withStoppedDatabase<T>(dataDir: string, work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
