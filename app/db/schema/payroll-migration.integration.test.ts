// Migration 0013 (issue 25) on an install seeded before it: the spec's income-tax slab rows (seeded per fiscal year,
// as 2024's) keep their ids and values and belong to the spec's table, in force from the start; the three Finance
// Acts' tables are there as presets, not in force, with their slabs as the seed writes them; employees are paid by
// bank transfer until told otherwise, with no bank, wallet or leaving date. The constraints the new columns carry
// refuse what they must. The migrations after it run too, as on an upgrade. A fresh install gets the same from the
// seed (app/db/seed/accounting.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { appRoot } from "~/lib/app-root.server";
import { incomeTaxSlabSeed, incomeTaxSlabTableSeed, SLAB_TABLE_SEEDS } from "../seed/accounting";
import { seedId } from "../seed/ids";

const MIGRATION = "0013_payroll.sql";
const folder = path.join(appRoot(), "drizzle");
const SPEC_TABLE = seedId("tax-slab-table:spec");
/** The spec's slabs as the seed wrote them before this migration: fiscal year 2024, positions 0-5. */
const OLD_SLABS: [string | null, string][] = [
  ["300000", "0"],
  ["100000", "5"],
  ["300000", "10"],
  ["400000", "15"],
  ["500000", "20"],
  [null, "25"],
];
const OLD_SLAB_IDS = OLD_SLABS.map((_, position) => seedId(`tax-slab:2024:${position}`));

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;

const refusedBy = (query: string, params: unknown[] = []) =>
  db.query(query, params).then(
    () => null,
    (error: unknown) => violatedConstraint(error),
  );

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files.filter((f) => f < MIGRATION)) await apply(db, file);
  for (const [position, [band, rate]] of OLD_SLABS.entries())
    await db.query(
      "insert into income_tax_slabs (id, fiscal_year, position, band_amount, rate) values ($1, 2024, $2, $3, $4)",
      [OLD_SLAB_IDS[position], position, band, rate],
    );
  await db.query(
    `insert into employees (id, name, email, position, department, joining_date, salary, status) values
       ($1, 'Karim Ahmed', 'karim@utsab.test', 'Manager', 'Operations', '2021-03-01', 120000, 'active'),
       ($2, 'Nasrin Sultana', 'nasrin@utsab.test', 'Analyst', 'Finance', '2023-07-15', 40000, 'inactive')`,
    [seedId("employee:old-1"), seedId("employee:old-2")],
  );
  for (const file of files.filter((f) => f >= MIGRATION)) await apply(db, file);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION} on an install seeded before it`, () => {
  it("keeps the spec's slab rows, their ids and figures, in the spec's table, in force from the start", async () => {
    const { rows } = await db.query<{
      id: string;
      table_id: string;
      position: number;
      band_amount: string | null;
      rate: string;
    }>("select id, table_id, position, band_amount, rate from income_tax_slabs where table_id = $1 order by position", [
      SPEC_TABLE,
    ]);
    expect(rows).toEqual(
      OLD_SLABS.map(([band, rate], position) => ({
        id: OLD_SLAB_IDS[position],
        table_id: SPEC_TABLE,
        position,
        band_amount: band === null ? null : `${band}.00`,
        rate: `${rate}.00`,
      })),
    );
    // The fresh install's seed gives the spec's rows the same ids.
    expect(incomeTaxSlabSeed.filter((s) => s.tableId === SPEC_TABLE).map((s) => s.id)).toEqual(OLD_SLAB_IDS);
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'income_tax_slabs' and column_name = 'fiscal_year'",
    );
    expect(columns.rows).toEqual([]);
  });

  it("adds the Finance Acts' tables as presets not in force, with their sources and slabs as the seed has them", async () => {
    const tables = await db.query<{
      id: string;
      name: string;
      assessment_year: string | null;
      source: string;
      in_force_from: string | null;
    }>(
      "select id, name, assessment_year, source, in_force_from::text from income_tax_slab_tables order by in_force_from nulls last, name",
    );
    expect(tables.rows).toEqual(
      incomeTaxSlabTableSeed.map((t) => ({
        id: t.id,
        name: t.name,
        assessment_year: t.assessmentYear,
        source: t.source,
        in_force_from: t.inForceFrom,
      })),
    );
    // The one in force for any month is the spec's.
    const inForce = await db.query<{ id: string }>(
      "select id from income_tax_slab_tables where in_force_from <= '2026-11-01' order by in_force_from desc limit 1",
    );
    expect(inForce.rows).toEqual([{ id: SPEC_TABLE }]);
    for (const seed of SLAB_TABLE_SEEDS.filter((t) => t.key !== "spec")) {
      const { rows } = await db.query<{ id: string; band_amount: string | null; rate: string }>(
        "select id, band_amount, rate from income_tax_slabs where table_id = $1 order by position",
        [seedId(`tax-slab-table:${seed.key}`)],
      );
      expect(
        rows.map((r) => [r.band_amount === null ? null : Number(r.band_amount), Number(r.rate)]),
        seed.key,
      ).toEqual(seed.slabs.map(([band, rate]) => [band === null ? null : Number(band), Number(rate)]));
      expect(rows.map((r) => r.id)).toEqual(
        incomeTaxSlabSeed.filter((s) => s.tableId === seedId(`tax-slab-table:${seed.key}`)).map((s) => s.id),
      );
    }
  });

  it("pays every employee by bank transfer, with no bank, wallet or leaving date yet", async () => {
    const { rows } = await db.query(
      "select name, salary_payment_method, bank_name, bank_account_number, wallet_number, leaving_date from employees order by name",
    );
    expect(rows).toEqual([
      {
        name: "Karim Ahmed",
        salary_payment_method: "bank",
        bank_name: null,
        bank_account_number: null,
        wallet_number: null,
        leaving_date: null,
      },
      {
        name: "Nasrin Sultana",
        salary_payment_method: "bank",
        bank_name: null,
        bank_account_number: null,
        wallet_number: null,
        leaving_date: null,
      },
    ]);
  });

  it("refuses what the new constraints forbid, by name", async () => {
    const karim = seedId("employee:old-1");
    expect(await refusedBy("update employees set leaving_date = '2021-02-28' where id = $1", [karim])).toBe(
      "employees_leaving_date_check",
    );
    expect(await refusedBy("update employees set salary_payment_method = 'paypal' where id = $1", [karim])).toBe(
      "employees_salary_payment_method_check",
    );
    const preset = seedId("tax-slab-table:ay-2026-27");
    expect(
      await refusedBy("update income_tax_slab_tables set in_force_from = '2026-07-15' where id = $1", [preset]),
    ).toBe("income_tax_slab_tables_in_force_from_check");
    expect(
      await refusedBy("update income_tax_slab_tables set in_force_from = '2000-01-01' where id = $1", [preset]),
    ).toBe("income_tax_slab_tables_in_force_from_unique");
    expect(
      await refusedBy("insert into income_tax_slabs (table_id, position, band_amount, rate) values ($1, 0, 1, 5)", [
        SPEC_TABLE,
      ]),
    ).toBe("income_tax_slabs_table_position_unique");
    // A leaving date on or after joining is taken, and a preset put in force from a month's first day.
    expect(await refusedBy("update employees set leaving_date = '2021-03-01' where id = $1", [karim])).toBeNull();
    expect(
      await refusedBy("update income_tax_slab_tables set in_force_from = '2026-07-01' where id = $1", [preset]),
    ).toBeNull();
  });
});
