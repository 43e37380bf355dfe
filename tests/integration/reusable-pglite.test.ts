// The worker's one PGlite (tests/setup/reusable-pglite.ts) must hand each integration file exactly the template a
// fresh copy would: rows, sequences and session state put back, and a fresh copy when a file changed the schema.
import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, inject, it } from "vitest";
import { templatePglite } from "../setup/reusable-pglite";

const config = inject("testDatabase");
const dumpFile = config.kind === "pglite" ? config.dumpFile : "";
const readDump = () => new Blob([readFileSync(dumpFile)]);

/** Every user table's rows (as one md5 each) and every sequence's position: what a file can leave behind. */
async function contents(pglite: PGlite): Promise<Record<string, string>> {
  const tables = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const sequences = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await pglite.query<{ md5: string }>(
      `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5 from ${name} t`,
    );
    result[name] = rows[0]!.md5;
  }
  for (const { name } of sequences.rows) {
    const { rows } = await pglite.query<{ state: string }>(
      `select last_value || ':' || is_called as state from ${name}`,
    );
    result[name] = rows[0]!.state;
  }
  return result;
}

describe.skipIf(config.kind !== "pglite")("the worker's PGlite between integration files", () => {
  it("comes back as the template: rows, sequences, settings, temporary tables, locks and an open transaction", async () => {
    const first = await templatePglite(dumpFile, readDump);
    const pglite = first.pglite!;
    const template = await contents(pglite);
    expect(Object.keys(template).length).toBeGreaterThan(50);

    // What a file might leave: rows in many tables (through the app's own seed), a changed template row, a moved
    // sequence, a session setting, a temporary table, an advisory lock, and a transaction never ended.
    const { seedDatabase } = await import("~/db/seed/seed.server");
    await seedDatabase(first.db, { adminEmail: "left@example.com", adminPassword: "left-behind-1" });
    await pglite.exec(`update accounting_settings set invoice_due_days = invoice_due_days + 3`);
    const sequence = Object.keys(template).find((name) => !name.startsWith("drizzle") && template[name]!.includes(":"));
    if (sequence) await pglite.query(`select nextval('${sequence}')`);
    await pglite.exec(`set statement_timeout = '1234ms'; create temporary table left_behind (n int)`);
    await pglite.exec(`select pg_advisory_lock(42); begin; insert into left_behind values (1)`);
    expect(await contents(pglite)).not.toEqual(template);

    const second = await templatePglite(dumpFile, readDump);
    expect(second).toBe(first);
    expect(await contents(pglite)).toEqual(template);
    const { rows } = await pglite.query<{ timeout: string; temp: string | null; locks: number }>(
      `select current_setting('statement_timeout') as timeout, to_regclass('pg_temp.left_behind')::text as temp,
              (select count(*)::int from pg_locks where locktype = 'advisory') as locks`,
    );
    expect(rows[0]).toEqual({ timeout: "0", temp: null, locks: 0 });
  });

  it("is opened afresh from the template when a file changed the schema, and the changed one is closed", async () => {
    const first = await templatePglite(dumpFile, readDump);
    await first.pglite!.exec(`create table made_by_a_test (n int); alter table customers add column extra text`);

    const second = await templatePglite(dumpFile, readDump);
    expect(second).not.toBe(first);
    expect(first.pglite!.closed).toBe(true);
    const { rows } = await second.pglite!.query<{ made: string | null; extra: number }>(
      `select to_regclass('made_by_a_test')::text as made,
              (select count(*)::int from information_schema.columns where table_name = 'customers' and column_name = 'extra') as extra`,
    );
    expect(rows[0]).toEqual({ made: null, extra: 0 });
  });
});
