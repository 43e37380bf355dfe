import { asc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { seedId } from "~/db/seed/ids";
import {
  creditNotes,
  customerPayments,
  customers,
  invoices,
  quotationRevisions,
  quotations,
  taxRecords,
} from "~/db/schema";
import { customerCreditPaisa } from "~/domain/sales/customer-credit.server";
import { fromPaisa, toPaisa } from "~/lib/money";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { DEMO_BOOKS_MESSAGES, DemoBooksRefused, seedDemoBooks } from "./demo-books.server";

// The demo books (issue 21; sales and VAT since issue 22): three months posted through the screens' use cases,
// something for every accounting screen, the same figures every run, the book balanced and agreeing with the
// documents; a second run refused with its message and nothing written.

const TODAY = "2026-11-25";
const AIT_CODE = "1400";
const EXPECTED_INVOICES = [
  ["INV-2026-27-000001", "advance", "2026-09-04", "228850.00", "228850.00", "0.00", "issued"],
  ["INV-2026-27-000002", "final", "2026-09-19", "228850.00", "114425.00", "0.00", "issued"],
  ["INV-2026-27-000003", "full", "2026-09-29", "74060.00", "74060.00", "0.00", "issued"],
  ["INV-2026-27-000004", "full", "2026-11-05", "207000.00", "0.00", "11500.00", "issued"],
];
// The withholding customer pays the advance net of VDS (its VAT) and AIT (5% of its value before VAT); a wedding
// paid ৳10,000 over its invoice; the final invoice half paid by cheque.
const EXPECTED_PAYMENTS = [
  ["2026-09-11", "bank_transfer", "189050.00", "29850.00", "9950.00", "228850.00"],
  ["2026-10-01", "bkash", "84060.00", "0.00", "0.00", "84060.00"],
  ["2026-10-24", "cheque", "114425.00", "0.00", "0.00", "114425.00"],
];
const EXPECTED_TAX_ROWS = [
  ["output_vat", "invoice"],
  ["ait", "customer_payment"],
  ["vat_withheld", "customer_payment"],
  ["output_vat", "invoice"],
  ["output_vat", "invoice"],
  ["input_vat", "manual"],
  ["output_vat", "invoice"],
  ["output_vat", "credit_note"],
];

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("npm run db:seed:demo", () => {
  it("posts three months of every kind of document, balanced, ending today", async () => {
    const result = await seedDemoBooks(getDb(), { today: TODAY });
    expect(result).toMatchObject({ from: "2026-08-27", to: TODAY, reversals: 1 });
    expect(result.transactions).toBeGreaterThan(40);
    expect(result.settlements).toBeGreaterThan(4);

    const [book] = await queryRows<Record<string, string | number>>(
      getDb(),
      sql`select (select sum(debit) from journal_lines)::text as debits,
                 (select sum(credit) from journal_lines)::text as credits,
                 (select min(entry_date)::text from journal_entries) as first,
                 (select max(entry_date)::text from journal_entries) as last,
                 (select count(distinct source_type)::int from journal_entries) as sources,
                 (select count(*)::int from transactions where status = 'pending' and settled_amount > 0) as part_paid,
                 (select count(*)::int from transactions where status = 'pending' and settled_amount = 0) as open,
                 (select count(*)::int from journal_entries where reverses_id is not null) as reversals`,
    );
    expect(book!.debits).toBe(book!.credits);
    // transaction, settlement, journal, reversal... and since issue 22 invoice, customer_payment, credit_note, tax_record.
    expect(book).toMatchObject({ first: "2026-08-27", reversals: 1, sources: 10 });
    expect(String(book!.last) <= TODAY).toBe(true);
    expect(Number(book!.part_paid)).toBeGreaterThan(0);
    expect(Number(book!.open)).toBeGreaterThan(0);
  });

  it("has customers, approved quotations, tax invoices, payments, a credit note and a tax record, agreeing with the book", async () => {
    const db = getDb();
    const list = await db.select().from(customers).orderBy(asc(customers.name));
    // The three of the sales documents, and two more named only on receivables (issue 36: a receivable's typed name
    // is a customer, the same record where one has that name).
    expect(list.map((c) => [c.name, c.vatWithholding, c.bin])).toEqual([
      ["Dhaka Fashion Week", false, "0009876540203"],
      ["Grameenphone Ltd.", true, "0003456780101"],
      ["Nadia Rahman", false, null],
      ["Radisson Blu Dhaka", false, null],
      ["Unilever Bangladesh", false, null],
    ]);
    const byName = Object.fromEntries(list.map((c) => [c.name, c.id]));

    // Each quotation went through the storefront's request, the panel's send (a revision) and the approval.
    const q = await db.select().from(quotations).orderBy(asc(quotations.eventDate));
    expect(q.map((r) => [r.eventName, r.status, r.revision, r.customerId])).toEqual([
      ["GP Annual Partners Conference", "approved", 1, byName["Grameenphone Ltd."]],
      ["Nadia & Arif Wedding Reception", "approved", 1, byName["Nadia Rahman"]],
      ["Dhaka Fashion Week Finale", "approved", 1, byName["Dhaka Fashion Week"]],
    ]);
    expect(await db.select().from(quotationRevisions)).toHaveLength(3);

    // The same figures every run (the catalogue's prices, the fixed dates).
    const inv = await db.select().from(invoices).orderBy(asc(invoices.issueDate));
    // Signed by the demo's accountant, not the seeder's audit label.
    expect(new Set(inv.map((i) => `${i.signatoryName}, ${i.signatoryDesignation}`))).toEqual(
      new Set(["Farhana Akter, Head of Accounts"]),
    );
    expect(inv.map((i) => [i.number, i.kind, i.issueDate, i.total, i.paidAmount, i.creditedAmount, i.status])).toEqual(
      EXPECTED_INVOICES,
    );
    for (const i of inv) expect(i.issueDate >= "2026-08-27" && i.issueDate <= TODAY).toBe(true);

    const payments = await db.select().from(customerPayments).orderBy(asc(customerPayments.date));
    expect(payments.map((p) => [p.date, p.method, p.received, p.vdsAmount, p.aitAmount, p.total])).toEqual(
      EXPECTED_PAYMENTS,
    );
    const withheld = payments.find((p) => p.vdsAmount !== "0.00")!;
    expect(withheld).toMatchObject({ customerId: byName["Grameenphone Ltd."], vdsCertificateNo: "GP/VDS/2291" });
    expect(withheld.vdsCertificateDate! > withheld.date).toBe(true);

    const notes = await db.select().from(creditNotes);
    expect(notes.map((n) => [n.issueDate, n.netAmount, n.vatAmount, n.total])).toEqual([
      ["2026-11-09", "10000.00", "1500.00", "11500.00"],
    ]);

    // Nadia's overpayment is her credit; the customer advances account holds exactly it.
    expect(await customerCreditPaisa(db, byName["Nadia Rahman"]!)).toBe(1_000_000n);
    const balance = async (code: string) => {
      const [row] = await queryRows<{ b: string }>(
        db,
        sql`select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_id = ${seedId(`account:${code}`)}`,
      );
      return row!.b;
    };
    expect(await balance("2300")).toBe("-10000.00");
    // VDS and AIT withheld: the payment's; VAT payable: the invoices' VAT less the credit note's.
    expect(await balance("1420")).toBe(withheld.vdsAmount);
    expect(await balance(AIT_CODE)).toBe(withheld.aitAmount);
    const vat = inv.reduce((sum, i) => sum + toPaisa(i.vatAmount), 0n) - toPaisa(notes[0]!.vatAmount);
    expect(await balance("2100")).toBe(fromPaisa(-vat));

    // The tax register: an output VAT row per invoice and the credit note (negative), the payment's VDS and AIT,
    // and the hand-typed input VAT.
    const tax = await db
      .select({ kind: taxRecords.kind, source: taxRecords.sourceType, taxAmount: taxRecords.taxAmount })
      .from(taxRecords)
      .orderBy(asc(taxRecords.transactionDate), asc(taxRecords.kind));
    expect(tax.map((t) => [t.kind, t.source])).toEqual(EXPECTED_TAX_ROWS);
    expect(tax.find((t) => t.kind === "input_vat")!.taxAmount).toBe("12000.00");
  });

  it("refuses to run again on the same books, writing nothing", async () => {
    const tables = [
      "journal_entries",
      "journal_lines",
      "transactions",
      "settlements",
      "account_month_balances",
      "customers",
      "quotations",
      "invoices",
      "customer_payments",
      "credit_notes",
      "tax_records",
    ];
    const before = await tableFingerprint(tables);
    const again = seedDemoBooks(getDb(), { today: TODAY });
    await expect(again).rejects.toBeInstanceOf(DemoBooksRefused);
    await expect(again).rejects.toThrow(
      /^The books already have \d+ journal entries: the demo data goes only into empty books/,
    );
    expect(await tableFingerprint(tables)).toEqual(before);
    expect(DEMO_BOOKS_MESSAGES.notEmpty(1)).toMatch(/^The books already have 1 journal entry:/);
  });
});
