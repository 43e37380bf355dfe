// One PGlite per test worker, brought back to the migrated template between integration files instead of opened
// again from the template's dump for each file (1.2 s of CPU a file, 170 CPU-seconds a run; the reset takes 0.2 s).
//
// "Back to the template" means: no transaction open, the session's state discarded (settings, temporary tables,
// prepared statements, advisory locks), every table emptied and the template's own rows put back, every sequence
// where the template left it, and no planner statistics. A file may also change the schema (a test that drops a
// trigger to prove what it guarded, say): a fingerprint of the catalog is compared with the template's before each
// reuse, and when it differs the PGlite is closed and a fresh copy opened from the dump, as before.
import type { PGlite } from "@electric-sql/pglite";
import { openPglite, type Database } from "../../app/db/client.server";

/** What the template holds, read once from a fresh copy. */
interface TemplateState {
  catalog: string;
  tables: { name: string; columns: string }[];
  rows: { name: string; columns: string; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

interface Kept {
  dumpFile: string;
  database: Database;
  template: TemplateState;
}

// On globalThis, not in a module variable: the worker keeps it from one file to the next whatever vitest does with
// the module graph between files (docs/testing.md).
const KEPT = Symbol.for("utsab.tests.keptPglite");
const holder = globalThis as { [KEPT]?: Kept };

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** One part of the catalog's fingerprint: the rows' texts, sorted, joined. */
const part = (text: string, from: string) =>
  `(select string_agg(v, ',' order by v) from (select (${text})::text as v ${from}) s)`;

const RELATION = `join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}`;

/**
 * Everything a test could change in the schema, as one md5: relations, columns with their types and defaults,
 * constraints, indexes, triggers (and whether each is enabled), functions, views, types and enum labels, policies,
 * extensions, roles and per-database settings.
 */
const CATALOG_FINGERPRINT = `
select md5(concat_ws('|',
  ${part(`format('%s.%s:%s:%s', n.nspname, c.relname, c.relkind, c.relrowsecurity)`, `from pg_class c ${RELATION}`)},
  ${part(
    `format('%s.%s.%s:%s:%s:%s:%s', n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
            a.attnotnull, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))`,
    `from pg_attribute a join pg_class c on c.oid = a.attrelid
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     ${RELATION} and a.attnum > 0 and not a.attisdropped`,
  )},
  ${part(
    `format('%s.%s:%s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))`,
    `from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_SCHEMAS}`,
  )},
  ${part(`pg_get_indexdef(i.indexrelid)`, `from pg_index i join pg_class c on c.oid = i.indexrelid ${RELATION}`)},
  ${part(
    `format('%s:%s:%s:%s', t.tgrelid::regclass, t.tgname, t.tgenabled, pg_get_triggerdef(t.oid))`,
    `from pg_trigger t join pg_class c on c.oid = t.tgrelid ${RELATION}`,
  )},
  ${part(
    `format('%s.%s(%s):%s:%s', n.nspname, p.proname, pg_get_function_arguments(p.oid), md5(p.prosrc), p.proconfig)`,
    `from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}`,
  )},
  ${part(`format('%s:%s', c.oid::regclass, md5(pg_get_viewdef(c.oid)))`, `from pg_class c ${RELATION} and c.relkind in ('v', 'm')`)},
  ${part(`format('%s.%s:%s', n.nspname, t.typname, t.typtype)`, `from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMAS}`)},
  ${part(`format('%s:%s:%s', e.enumtypid::regtype, e.enumsortorder, e.enumlabel)`, `from pg_enum e`)},
  ${part(`format('%s:%s:%s', p.polrelid::regclass, p.polname, pg_get_expr(p.polqual, p.polrelid))`, `from pg_policy p`)},
  ${part(`format('%s:%s', extname, extversion)`, `from pg_extension`)},
  ${part(`format('%s:%s', rolname, rolsuper)`, `from pg_roles`)},
  ${part(`array_to_string(setconfig, ';')`, `from pg_db_role_setting`)},
  (select count(*) from pg_largeobject_metadata)
)) as catalog`;

const TABLES = `
select format('%I.%I', n.nspname, c.relname) as name,
       (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where ${USER_SCHEMAS} and c.relkind in ('r', 'p')
 order by 1`;

const SEQUENCES = `
select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where ${USER_SCHEMAS} and c.relkind = 'S' order by 1`;

async function readTemplate(pglite: PGlite): Promise<TemplateState> {
  const catalog = await catalogOf(pglite);
  const tables = (await pglite.query<{ name: string; columns: string }>(TABLES)).rows;
  const rows: TemplateState["rows"] = [];
  for (const table of tables) {
    const { json } = (
      await pglite.query<{ json: string | null }>(
        `select json_agg(t)::text as json from (select ${table.columns} from ${table.name}) t`,
      )
    ).rows[0]!;
    if (json) rows.push({ ...table, json });
  }
  const sequences: TemplateState["sequences"] = [];
  for (const { name } of (await pglite.query<{ name: string }>(SEQUENCES)).rows) {
    const state = (
      await pglite.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`)
    ).rows[0]!;
    sequences.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return { catalog, tables, rows, sequences };
}

/**
 * Puts the kept PGlite back to the template's rows and session state (no transaction open, its schema checked
 * beforehand).
 */
async function resetToTemplate(pglite: PGlite, template: TemplateState): Promise<void> {
  // Settings, temporary tables, prepared statements, cursors, LISTENs and advisory locks of the previous file.
  await pglite.exec("discard all");
  await pglite.transaction(async (tx) => {
    // Triggers (the ledger's append-only guards among them) do not fire while the template's rows are put back.
    await tx.exec("set local session_replication_role = replica");
    await tx.exec(`truncate table ${template.tables.map((t) => t.name).join(", ")} restart identity cascade`);
    for (const { name, columns, json } of template.rows) {
      await tx.query(
        `insert into ${name} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
        [json],
      );
    }
    for (const { name, lastValue, isCalled } of template.sequences) {
      await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [name, lastValue, isCalled]);
    }
    // Statistics from the previous file's rows would steer the planner differently from a fresh copy.
    await tx.exec("delete from pg_statistic");
  });
}

async function catalogOf(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ catalog: string }>(CATALOG_FINGERPRINT)).rows[0]!.catalog;
}

/**
 * The worker's PGlite, as the migrated template: the one the previous file used, reset, when its schema is still
 * the template's; otherwise a fresh copy opened from the dump.
 */
export async function templatePglite(dumpFile: string, readDump: () => Blob): Promise<Database> {
  const kept = holder[KEPT];
  if (kept && kept.dumpFile === dumpFile && !kept.database.pglite!.closed) {
    const pglite = kept.database.pglite!;
    // A test that failed half way may have left a transaction open; outside one, ROLLBACK only warns.
    await pglite.exec("rollback");
    if ((await catalogOf(pglite)) === kept.template.catalog) {
      await resetToTemplate(pglite, kept.template);
      return kept.database;
    }
  }
  if (kept) await kept.database.close().catch(() => {});
  holder[KEPT] = undefined;
  const database = await openPglite(undefined, readDump());
  holder[KEPT] = { dumpFile, database, template: await readTemplate(database.pglite!) };
  return database;
}

/** Whether this database is the worker's kept one (not closed at the end of a file: the next file resets it). */
export function isKeptPglite(database: Database | undefined): boolean {
  return database !== undefined && holder[KEPT]?.database === database;
}
