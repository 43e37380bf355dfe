import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openPostgres, setDatabase, type Database } from "../../app/db/client.server";
import { invalidatePublicData } from "../../app/lib/cache.server";
import { loadEnv, setEnv } from "../../app/lib/env.server";
import { withDatabaseName } from "./database-config";
import { isKeptPglite, templatePglite } from "./reusable-pglite";

// Each integration test file starts on the migrated template, with a configuration whose data directory is a
// fresh temporary folder. On PostgreSQL it gets its own copy (CREATE DATABASE ... TEMPLATE), dropped after its last
// test; on PGlite the worker's one PGlite is brought back to the template (reusable-pglite.ts).

let database: Database | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

async function createFromTemplate(url: string, template: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Copies made at the same moment from one template can collide; a short wait fixes it.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-test-"));
  setEnv(
    loadEnv({
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-".padEnd(40, "x"),
      LOG_LEVEL: "silent",
    }),
  );

  const config = inject("testDatabase");
  if (config.kind === "pglite") {
    database = await templatePglite(config.dumpFile, () => new Blob([readFileSync(config.dumpFile)]));
  } else {
    const name = `test_${randomUUID().replace(/-/g, "")}`;
    await createFromTemplate(config.url, config.template, name);
    database = await openPostgres(withDatabaseName(config.url, name), { max: 5 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: config.url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  setDatabase(database);
});

// Cached public data belongs to the previous test's rows.
beforeEach(() => invalidatePublicData());

afterAll(async () => {
  // The worker's kept PGlite stays open for the next file, which resets it.
  if (!isKeptPglite(database)) await database?.close();
  setDatabase(undefined);
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
