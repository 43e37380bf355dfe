import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createFreshDatabase } from "../support/postgres";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";

// Starts its own production servers (build/server.js, built by scripts/e2e.mjs) to prove that the first
// start migrates and seeds, that a restart keeps the data and does not seed again, that what the home page
// shows is read from the database, and that SIGTERM stops the server cleanly. Once on PGlite, once on
// PostgreSQL.

async function homeHeading(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "";
}

test.describe.configure({ mode: "serial" });

test("on PGlite: first start seeds, a restart keeps the data, SIGTERM stops cleanly", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-restart-"));
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toContain("Administrator account created");
    expect(await homeHeading(first.url)).toBe("Utsab Event Technologies");
    expect(await stopServer(first)).toBe(0);

    // Change the data while no server runs; the next start must show it and must not seed again.
    await withStoppedDatabase(dataDir, (db) => db.query("update company_settings set name = 'Renamed Rentals Ltd'"));

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await homeHeading(second.url)).toBe("Renamed Rentals Ltd");
    expect(second.output()).not.toContain("Administrator account created");
    expect(await stopServer(second)).toBe(0);
  } finally {
    removeDataDir(dataDir);
  }
});

test("on PostgreSQL: the same product runs with DATABASE_URL", async () => {
  test.setTimeout(120_000);
  const database = await createFreshDatabase(
    process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    "e2e",
  );
  test.skip(!database && !process.env.CI, "no PostgreSQL at 127.0.0.1:5432");
  expect(database).not.toBeNull();
  const databaseUrl = database!.url;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-restart-pg-"));
  try {
    const first = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    expect(first.output()).toContain("Administrator account created");
    expect(await homeHeading(first.url)).toBe("Utsab Event Technologies");
    const health = await (await fetch(`${first.url}/healthz`)).json();
    expect(health).toEqual({ status: "ok", database: "postgres" });
    expect(await stopServer(first)).toBe(0);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("update company_settings set name = 'Renamed on PostgreSQL'");
    await client.end();

    const second = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    expect(await homeHeading(second.url)).toBe("Renamed on PostgreSQL");
    expect(second.output()).not.toContain("Administrator account created");
    expect(await stopServer(second)).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database!.drop();
  }
});
