import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../app/db/client.server";
import { runMigrations } from "../../app/db/migrate.server";
import { withDatabaseName } from "./database-config";

/**
 * Builds one migrated template database for the whole run; every test file then gets its own copy
 * (test-database.ts). On PGlite the template is a dump of the data directory; on PostgreSQL a database
 * used with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `test_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    await admin.end();
    const database = await openPostgres(withDatabaseName(url, template), { max: 2 });
    await runMigrations(database);
    await database.close();
    project.provide("testDatabase", { kind: "postgres", url, template });
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${template}" with (force)`);
      await client.end();
    };
  }

  const database = await openPglite(undefined);
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = path.resolve(".tmp");
  mkdirSync(dir, { recursive: true });
  const dumpFile = path.join(dir, `test-template-${process.pid}.tar`);
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { kind: "pglite", dumpFile });
  return () => rmSync(dumpFile, { force: true });
}
