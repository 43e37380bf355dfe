// Migrations 0023 to 0025 (issue 37) on books kept before them: an invoice, its line and its credit note charged no
// supplementary duty and carried no charges as service income (0 each, the line's SD rate 0 and its unit of supply
// unknown), and still add up; a chart seeded before gets 2130 Supplementary Duty Payable and the role sd.payable on
// it. Then an invoice of damage and loss charges alone (kind charges) is on no quotation, and every other kind still
// needs its quotation (invoices_quotation_check); a final invoice's SD may be a paisa below 0 (0025). The migrations
// after them run too, as on an upgrade.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { appRoot } from "~/lib/app-root.server";

const FIRST = "0023_supplementary_duty.sql";
const folder = path.join(appRoot(), "drizzle");
const ids = {
  receivable: "00000000-0000-4000-8000-000000000a01",
  income: "00000000-0000-4000-8000-000000000a02",
  customer: "00000000-0000-4000-8000-000000000c01",
  quotation: "00000000-0000-4000-8000-000000000d01",
  invoice: "00000000-0000-4000-8000-000000000e01",
};
const SELLER = JSON.stringify({ name: "Utsab", address: "Dhaka", phones: [], emails: [], vatRegistrationNumber: "1" });

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;

/** A posted entry Dr receivable / Cr income of `amount`; its id. */
async function posted(amount: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into journal_entries (entry_date, description, status, source_type, total, posted_at)
       values ('2026-11-05', 'raw', 'posted', 'invoice', $1, now()) returning id`,
      [amount],
    );
    await tx.query(
      `insert into journal_lines (journal_entry_id, account_id, debit, credit, line_no)
       values ($1, $2, $4, 0, 0), ($1, $3, 0, $4, 1)`,
      [rows[0]!.id, ids.receivable, ids.income, amount],
    );
    return rows[0]!.id;
  });
}

/** An invoice row of `kind` on `quotationId` (null: none), numbered `sequence`. */
function insertInvoice(kind: string, quotationId: string | null, sequence: number, entryId: string) {
  return db.query(
    `insert into invoices (number, seller, fiscal_year, sequence, kind, quotation_id, quotation_revision, customer_id,
       issued_at, issue_date, buyer_name, net_amount, vat_amount, total, vat_rate_percent, signatory_name,
       signatory_designation, journal_entry_id ${kind === "charges" ? ", charges_net" : ""})
     values ($1, $2, 2026, $3, $4, $5, $6, $7, now(), '2026-11-05', 'Buyer', 1000, 150, 1150, 15, 'A', 'B', $8
       ${kind === "charges" ? ", 1000" : ""})`,
    [
      `INV-2026-27-${String(sequence).padStart(6, "0")}`,
      SELLER,
      sequence,
      kind,
      quotationId,
      quotationId ? 1 : null,
      ids.customer,
      entryId,
    ],
  );
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files.filter((f) => f < FIRST)) await apply(db, file);
  // Books kept before: a seeded chart, a customer, an approved quotation, its invoice with a line and a credit note.
  await db.query(
    `insert into chart_of_accounts (id, code, name, type) values
       ($1, '1300', 'Accounts Receivable', 'asset'), ($2, '4000', 'Equipment Rental Income', 'income')`,
    [ids.receivable, ids.income],
  );
  await db.query("insert into customers (id, name) values ($1, 'Old Buyer')", [ids.customer]);
  await db.query(
    `insert into quotations (id, customer_name, email, phone, event_name, event_date, event_time, event_location,
       status, revision, customer_id)
     values ($1, 'Old Buyer', 'old@example.com', '017', 'Gala', '2026-11-20', '18:00', 'Dhaka', 'approved', 1, $2)`,
    [ids.quotation, ids.customer],
  );
  await db.query(
    `insert into invoices (id, number, seller, fiscal_year, sequence, kind, quotation_id, quotation_revision,
       customer_id, issued_at, issue_date, buyer_name, net_amount, vat_amount, total, vat_rate_percent, signatory_name,
       signatory_designation, journal_entry_id)
     values ($1, 'INV-2026-27-000001', $2, 2026, 1, 'full', $3, 1, $4, now(), '2026-11-05', 'Old Buyer', 1000, 150,
       1150, 15, 'A', 'B', $5)`,
    [ids.invoice, SELLER, ids.quotation, ids.customer, await posted("1150")],
  );
  await db.query(
    `insert into invoice_lines (invoice_id, line_no, description, quantity, unit_price, value, vat_rate_percent,
       vat_amount) values ($1, 1, 'LED wall', 1, 1000, 1000, 15, 150)`,
    [ids.invoice],
  );
  await db.query(
    `insert into credit_notes (number, seller, fiscal_year, sequence, invoice_id, customer_id, issued_at, issue_date,
       reason, net_amount, vat_amount, total, applied_to_invoice, to_credit, signatory_name, signatory_designation,
       journal_entry_id)
     values ('CN-2026-27-000001', $1, 2026, 1, $2, $3, now(), '2026-11-06', 'Returned', 100, 15, 115, 115, 0, 'A',
       'B', $4)`,
    [SELLER, ids.invoice, ids.customer, await posted("115")],
  );
  for (const file of files.filter((f) => f >= FIRST)) await apply(db, file);
}, 120_000);
afterAll(() => db?.close());

describe("migrations 0023 to 0025 on books kept before them", () => {
  it("give the invoice, its line and its credit note no SD and no charges, still adding up", async () => {
    const { rows: invoice } = await db.query("select sd_amount, charges_net, total from invoices where id = $1", [
      ids.invoice,
    ]);
    expect(invoice).toEqual([{ sd_amount: "0.00", charges_net: "0.00", total: "1150.00" }]);
    const { rows: line } = await db.query(
      "select unit_of_supply, sd_rate_percent, sd_amount from invoice_lines where invoice_id = $1",
      [ids.invoice],
    );
    expect(line).toEqual([{ unit_of_supply: null, sd_rate_percent: "0.00", sd_amount: "0.00" }]);
    const { rows: note } = await db.query("select sd_amount, charges_net from credit_notes");
    expect(note).toEqual([{ sd_amount: "0.00", charges_net: "0.00" }]);
  });

  it("add 2130 Supplementary Duty Payable and the role sd.payable on it to a chart seeded before", async () => {
    const { rows } = await db.query(
      "select a.code, a.type from account_roles r join chart_of_accounts a on a.id = r.account_id where r.role = 'sd.payable'",
    );
    expect(rows).toEqual([{ code: "2130", type: "liability" }]);
  });

  it("take an invoice of charges alone on no quotation, and refuse any other kind without its quotation", async () => {
    await insertInvoice("charges", null, 2, await posted("1150"));
    const refusal = (kind: string, quotationId: string | null, sequence: number) =>
      posted("1150").then((entry) =>
        insertInvoice(kind, quotationId, sequence, entry).then(
          () => null,
          (error: unknown) => violatedConstraint(error),
        ),
      );
    expect(await refusal("full", null, 3)).toBe("invoices_quotation_check");
    expect(await refusal("final", null, 4)).toBe("invoices_quotation_check");
    expect(await refusal("charges", ids.quotation, 5)).toBe("invoices_quotation_check");
  });

  it("take a final invoice a paisa of SD below 0 (0025), its total still the sum", async () => {
    await insertInvoice("final", ids.quotation, 6, await posted("1150"));
    const { rows } = await db.query<{ id: string }>("select id from invoices where sequence = 6");
    await db.query("update invoices set sd_amount = -0.01, vat_amount = 150.01 where id = $1", [rows[0]!.id]);
    const { rows: after } = await db.query("select sd_amount, total from invoices where id = $1", [rows[0]!.id]);
    expect(after).toEqual([{ sd_amount: "-0.01", total: "1150.00" }]);
  });
});
