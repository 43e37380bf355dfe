// Migration 0010 (issue 22) on an install that approved quotations and typed tax records before customers and
// invoices existed: each e-mail address with an approved quotation becomes one customer (any case), every quotation
// of that address hangs off it, the rest stay without one, and the old tax records get a kind from their type.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { appRoot } from "~/lib/app-root.server";

const MIGRATION = "0010_sales_and_tax.sql";
const folder = path.join(appRoot(), "drizzle");

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;

async function quotation(email: string, name: string, status: string, createdAt: string) {
  await db.query(
    `insert into quotations (customer_name, email, phone, event_name, event_date, event_time, event_location, status, created_at)
     values ($1, $2, '01711000000', 'Wedding', '2026-12-01', '18:00', 'Dhaka', $3, $4)`,
    [name, email, status, createdAt],
  );
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const earlier = readdirSync(folder)
    .filter((f) => f.endsWith(".sql") && f < MIGRATION)
    .sort();
  for (const file of earlier) await apply(db, file);
  await quotation("Rahim@Example.com", "Rahim Uddin", "approved", "2026-01-01T00:00:00Z");
  await quotation("rahim@example.com", "Rahim U.", "approved", "2026-02-01T00:00:00Z");
  await quotation("rahim@example.com", "Rahim", "pending", "2026-03-01T00:00:00Z");
  await quotation("karim@example.com", "Karim", "rejected", "2026-03-01T00:00:00Z");
  const { rows } = await db.query<{ id: string }>("select id from chart_of_accounts limit 1");
  const accountId =
    rows[0]?.id ??
    (
      await db.query<{ id: string }>(
        "insert into chart_of_accounts (code, name, type) values ('9999', 'Test', 'expense') returning id",
      )
    ).rows[0]!.id;
  for (const type of ["vat", "income_tax", "other"])
    await db.query(
      `insert into tax_records (transaction_date, account_id, tax_type, tax_rate, taxable_amount, tax_amount)
       values ('2026-01-10', $1, $2, 15, 100, 15)`,
      [accountId, type],
    );
  await apply(db, MIGRATION);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION} on an install from before customers`, () => {
  it("makes one customer per e-mail with an approved quotation, named as the latest approved one", async () => {
    const { rows } = await db.query<{ name: string; email: string; quotations: number }>(
      `select c.name, c.email, (select count(*)::int from quotations q where q.customer_id = c.id) as quotations
       from customers c order by c.name`,
    );
    expect(rows).toEqual([{ name: "Rahim U.", email: "rahim@example.com", quotations: 3 }]);
    const unlinked = await db.query<{ email: string }>("select email from quotations where customer_id is null");
    expect(unlinked.rows).toEqual([{ email: "karim@example.com" }]);
  });

  it("gives the tax records typed before it a kind from their type", async () => {
    const { rows } = await db.query<{ tax_type: string; kind: string; source_type: string }>(
      "select tax_type, kind, source_type from tax_records order by tax_type",
    );
    expect(rows).toEqual([
      { tax_type: "income_tax", kind: "income_tax_withheld", source_type: "manual" },
      { tax_type: "other", kind: "other", source_type: "manual" },
      { tax_type: "vat", kind: "output_vat", source_type: "manual" },
    ]);
  });
});
