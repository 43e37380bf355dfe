// Reverse a hand-typed tax record (issue 36): the mirror of its entry (each line keeping its party), linked both ways
// and sourced from the record, the record marked with who, when and why, an audit line; it no longer counts in the
// cards, the registers, the VAT return or the VAT close's VDS (the return's figures shown before and after). A record
// that posted nothing (tax 0) is only marked. A VAT record is refused while its period is closed and when the reversal
// is dated in a closed period; an income tax record is not; every reversal is refused on or before the lock date, a
// second time, and for a document's row. Each refusal names its field and writes nothing.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb, queryRows } from "~/db/client.server";
import { accountingSettings, auditLog, customers, journalEntries, taxRecords, users } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { balanceAt } from "~/domain/accounting/balances.server";
import { CORRECTED_BY_ITS_DOCUMENT } from "~/domain/accounting/ledger-list";
import { LEDGER_MESSAGES } from "~/domain/accounting/ledger.server";
import { reverseEntry } from "~/domain/accounting/reverse-entry.server";
import { VOID_FORM_MESSAGES } from "~/domain/accounting/void-form";
import { parseList } from "~/lib/list-params";
import type { AuditActor } from "~/domain/audit/audit.server";
import { closeVatPeriod } from "./close-vat-period.server";
import { createTaxRecord } from "./create-tax-record.server";
import { reverseTaxRecord } from "./reverse-tax-record.server";
import { TAX_LIST } from "./tax-list";
import type { TaxRecordFormValues } from "./tax-record-form";
import { listTaxRecords, taxTypeTotals } from "./tax-register-list.server";
import { writeTaxRecords } from "./tax-register.server";
import { TAX_RECORD_REVERSAL_MESSAGES as M } from "./tax-reversal-form";
import { VAT_PERIOD_MESSAGES } from "./vat-period-lock.server";
import {
  purchaseRegister,
  salesRegister,
  vatReturnFigures,
  vdsCertificates,
  vdsCreditByCustomer,
} from "./vat-return.server";

const A = (code: string) => seedId(`account:${code}`);
const RECEIVABLE = A("1300");
const VAT_INPUT = A("1410");
const VDS = A("1420");
const PAYABLE = A("2000");
const VAT_PAYABLE = A("2100");
const TABLES = ["tax_records", "journal_entries", "journal_lines", "audit_log", "account_month_balances"] as const;
const fingerprint = () => tableFingerprint(TABLES);
const balance = (account: string) => balanceAt(getDb(), account, null);
const APRIL = { start: "2025-04-01", end: "2025-04-30" };

let actor: AuditActor;
let customerId: string;

function record(change: Partial<TaxRecordFormValues>): TaxRecordFormValues {
  return {
    taxType: "vat",
    kind: "output_vat",
    date: "2025-04-10",
    accountId: RECEIVABLE,
    taxableAmount: "10000",
    taxRate: "15",
    reference: "",
    description: "",
    party: "Grameen Events Ltd",
    partyBin: "",
    ...change,
  };
}

async function typed(values: TaxRecordFormValues) {
  const result = await createTaxRecord(getDb(), actor, values);
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** An entry's lines as (account, debit, credit, party) in their order. */
async function linesOf(entryId: string) {
  return queryRows<{ account_id: string; debit: string; credit: string; party: string | null }>(
    getDb(),
    sql`select account_id, debit::text, credit::text, coalesce(customer_id, supplier_id, employee_id)::text as party
          from journal_lines where journal_entry_id = ${entryId} order by line_no, id`,
  );
}

const mirrored = (lines: Awaited<ReturnType<typeof linesOf>>) =>
  lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));

beforeAll(async () => {
  await seedDatabase(getDb());
  const [user] = await getDb()
    .insert(users)
    .values({ name: "Nasrin Accountant", email: "nasrin.records@example.com", role: "accountant" })
    .returning({ id: users.id });
  actor = { userId: user!.id, label: "nasrin.records@example.com", ipAddress: null, userAgent: null };
  const [customer] = await getDb()
    .insert(customers)
    .values({ name: "Grameen Events Ltd", bin: "001234567-0202", vatWithholding: true })
    .returning({ id: customers.id });
  customerId = customer!.id;
});

describe("reversing an output VAT record", () => {
  it("posts its mirror, links both ways, and takes it out of the return, the register and the cards", async () => {
    // Another sale of April that stays: the figures after are its alone.
    await typed(record({ taxableAmount: "2000", reference: "INV-STAYS" }));
    const made = await typed(record({ reference: "INV-WRONG" }));
    const before = {
      figures: await vatReturnFigures(getDb(), APRIL),
      cards: await taxTypeTotals(getDb(), APRIL),
      payable: await balance(VAT_PAYABLE),
      receivable: await balance(RECEIVABLE),
    };
    expect(before.figures).toMatchObject({ outputVat: "1800.00", netPayable: "1800.00" });
    expect((await salesRegister(getDb(), APRIL)).map((r) => r.reference)).toEqual(["INV-STAYS", "INV-WRONG"]);
    expect(before.cards.vat).toMatchObject({ headline: "1800.00", count: 2 });

    const result = await reverseTaxRecord(getDb(), actor, {
      id: made.id,
      date: "2025-04-12",
      reason: "Typed against the wrong customer",
    });
    expect(result).toMatchObject({ ok: true, message: M.reversed });
    if (!result.ok || !result.reversalEntryId) throw new Error("no reversal");

    // The return, the register and the cards: as if it had never been typed.
    expect(await vatReturnFigures(getDb(), APRIL)).toEqual({
      outputVat: "300.00",
      inputVat: "0.00",
      vdsCredit: "0.00",
      carriedIn: "0.00",
      netPayable: "300.00",
    });
    expect((await salesRegister(getDb(), APRIL)).map((r) => r.reference)).toEqual(["INV-STAYS"]);
    expect((await taxTypeTotals(getDb(), APRIL)).vat).toMatchObject({ headline: "300.00", count: 1 });
    // The books: VAT payable and the customer's receivable back where they were before it.
    expect((await balance(VAT_PAYABLE)) - before.payable).toBe(150_000n);
    expect((await balance(RECEIVABLE)) - before.receivable).toBe(-150_000n);

    // The mirror keeps the receivable's line on its customer.
    const original = await linesOf(made.entryId!);
    expect(original.find((l) => l.account_id === RECEIVABLE)?.party).toBe(customerId);
    expect(await linesOf(result.reversalEntryId)).toEqual(mirrored(original));
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.reversalEntryId));
    expect(entry).toMatchObject({
      sourceType: "tax_record",
      sourceId: made.id,
      reversesId: made.entryId,
      entryDate: "2025-04-12",
    });
    const [row] = await getDb().select().from(taxRecords).where(eq(taxRecords.id, made.id));
    expect(row).toMatchObject({
      reversalEntryId: result.reversalEntryId,
      reversalReason: "Typed against the wrong customer",
      reversedBy: actor.userId,
    });
    // The list keeps it, marked; the General Ledger still refuses its entry.
    const listed = (await listTaxRecords(getDb(), parseList(TAX_LIST, ""), APRIL)).rows.find((r) => r.id === made.id);
    expect(listed?.reversal).toEqual({
      entryId: result.reversalEntryId,
      date: "2025-04-12",
      reason: "Typed against the wrong customer",
    });
    expect(await reverseEntry(getDb(), actor, { entryId: made.entryId!, date: "2025-04-12" })).toMatchObject({
      ok: false,
      message: CORRECTED_BY_ITS_DOCUMENT.tax_record,
    });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made.id), eq(auditLog.action, "tax_record.reversed")));
    expect(audit).toMatchObject({ entityType: "tax_record", actorUserId: actor.userId });
    expect(audit!.summary).toContain("Typed against the wrong customer");
  });

  it("is refused a second time, writing nothing", async () => {
    const made = await typed(record({ reference: "INV-TWICE", date: "2025-04-15" }));
    expect(
      await reverseTaxRecord(getDb(), actor, { id: made.id, date: "2025-04-15", reason: "Duplicate" }),
    ).toMatchObject({ ok: true });
    const before = await fingerprint();
    const again = await reverseTaxRecord(getDb(), actor, { id: made.id, date: "2025-04-16", reason: "Duplicate" });
    expect(again).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: M.alreadyReversed("2025-04-15") },
    });
    expect(await fingerprint()).toEqual(before);
  });
});

describe("reversing input VAT and VDS records", () => {
  it("takes input VAT out of the purchase register and keeps the supplier on the mirror", async () => {
    const made = await typed(
      record({
        kind: "input_vat",
        accountId: PAYABLE,
        party: "Sound House Ltd",
        partyBin: "000123456-0101",
        reference: "BILL-9",
        date: "2025-04-18",
      }),
    );
    expect((await vatReturnFigures(getDb(), APRIL)).inputVat).toBe("1500.00");
    expect((await purchaseRegister(getDb(), APRIL)).map((r) => r.reference)).toContain("BILL-9");
    const inputBefore = await balance(VAT_INPUT);
    const result = await reverseTaxRecord(getDb(), actor, { id: made.id, date: "2025-04-19", reason: "Not our bill" });
    if (!result.ok || !result.reversalEntryId) throw new Error("not reversed");
    expect((await vatReturnFigures(getDb(), APRIL)).inputVat).toBe("0.00");
    expect((await purchaseRegister(getDb(), APRIL)).map((r) => r.reference)).not.toContain("BILL-9");
    expect((await balance(VAT_INPUT)) - inputBefore).toBe(-150_000n);
    const original = await linesOf(made.entryId!);
    expect(original.find((l) => l.account_id === PAYABLE)?.party).toBeTruthy();
    expect(await linesOf(result.reversalEntryId)).toEqual(mirrored(original));
  });

  it("takes a typed VDS record out of the return's VDS and the close's share of its customer", async () => {
    const made = await typed(
      record({
        kind: "vat_withheld",
        accountId: RECEIVABLE,
        reference: "VDS-CERT-7",
        date: "2025-04-20",
        taxableAmount: "4000",
      }),
    );
    expect((await vatReturnFigures(getDb(), APRIL)).vdsCredit).toBe("600.00");
    expect(await vdsCreditByCustomer(getDb(), APRIL, VDS)).toEqual([{ customerId, amount: 60_000n }]);
    expect((await vdsCertificates(getDb(), APRIL)).map((r) => r.certificateNo)).toEqual(["VDS-CERT-7"]);
    const result = await reverseTaxRecord(getDb(), actor, {
      id: made.id,
      date: "2025-04-21",
      reason: "No certificate",
    });
    expect(result.ok).toBe(true);
    expect((await vatReturnFigures(getDb(), APRIL)).vdsCredit).toBe("0.00");
    expect(await vdsCreditByCustomer(getDb(), APRIL, VDS)).toEqual([]);
    expect(await vdsCertificates(getDb(), APRIL)).toEqual([]);
    // The VDS receivable of the customer is back at nothing.
    const [vds] = await queryRows<{ balance: string }>(
      getDb(),
      sql`select coalesce(sum(debit - credit), 0)::text as balance from journal_lines
          where posted and account_id = ${VDS} and customer_id = ${customerId}`,
    );
    expect(vds!.balance).toBe("0.00");
  });
});

describe("a record that posted nothing (tax 0)", () => {
  it("is only marked reversed, and leaves the register", async () => {
    const made = await typed(record({ taxRate: "0", reference: "ZERO-1", date: "2025-04-22" }));
    expect(made.entryId).toBeNull();
    const entries = await getDb().$count(journalEntries);
    const result = await reverseTaxRecord(getDb(), actor, { id: made.id, date: "2025-04-22", reason: "Not a sale" });
    expect(result).toMatchObject({ ok: true, message: M.reversedUnposted, reversalEntryId: null });
    expect(await getDb().$count(journalEntries)).toBe(entries);
    const [row] = await getDb().select().from(taxRecords).where(eq(taxRecords.id, made.id));
    expect(row).toMatchObject({ reversalEntryId: null, reversalReason: "Not a sale", reversedBy: actor.userId });
    expect((await salesRegister(getDb(), APRIL)).map((r) => r.reference)).not.toContain("ZERO-1");
  });
});

describe("closed VAT periods and the lock date", () => {
  let march: { id: string };
  let mayClosed = false;
  beforeAll(async () => {
    march = await typed(record({ reference: "INV-MARCH", date: "2025-03-05" }));
  });

  it("refuses a VAT record whose period is closed, naming why, and writes nothing", async () => {
    expect((await closeVatPeriod(getDb(), actor, { period: "2025-03" }, "2025-04-02")).ok).toBe(true);
    const before = await fingerprint();
    const result = await reverseTaxRecord(getDb(), actor, { id: march.id, date: "2025-04-25", reason: "Wrong month" });
    const message = M.recordPeriodClosed("2025-03-05", "2025-03-01", "2025-03-31");
    expect(result).toEqual({ ok: false, refusal: "conflict", message: M.failed(message), errors: { form: message } });
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses a VAT record's reversal dated inside a closed period, on the date, and takes a later one", async () => {
    const april = await typed(record({ reference: "INV-APRIL-LATE", date: "2025-04-28" }));
    expect((await closeVatPeriod(getDb(), actor, { period: "2025-05" }, "2025-06-02")).ok).toBe(true);
    mayClosed = true;
    const before = await fingerprint();
    const refused = await reverseTaxRecord(getDb(), actor, { id: april.id, date: "2025-05-15", reason: "Late" });
    expect(refused).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { date: VAT_PERIOD_MESSAGES.closed("2025-05-01", "2025-05-31") },
    });
    expect(await fingerprint()).toEqual(before);
    expect(await reverseTaxRecord(getDb(), actor, { id: april.id, date: "2025-06-03", reason: "Late" })).toMatchObject({
      ok: true,
    });
  });

  it("reverses an income tax record with a date in a closed VAT period: it is no VAT record", async () => {
    expect(mayClosed).toBe(true);
    const ait = await typed(
      record({ taxType: "income_tax", kind: "ait", taxRate: "5", reference: "AIT-1", date: "2025-05-03" }),
    );
    expect(
      await reverseTaxRecord(getDb(), actor, { id: ait.id, date: "2025-05-20", reason: "Customer did not withhold" }),
    ).toMatchObject({ ok: true });
  });

  it("refuses a date on or before the lock date, for a record with an entry and one without", async () => {
    const posted = await typed(record({ reference: "INV-LOCK", date: "2025-06-05" }));
    const zero = await typed(record({ reference: "ZERO-LOCK", date: "2025-06-05", taxRate: "0" }));
    await getDb().update(accountingSettings).set({ lockDate: "2025-06-30" });
    try {
      const before = await fingerprint();
      for (const id of [posted.id, zero.id]) {
        const result = await reverseTaxRecord(getDb(), actor, { id, date: "2025-06-20", reason: "Locked" });
        expect(result).toMatchObject({
          ok: false,
          refusal: "invalid",
          errors: { date: LEDGER_MESSAGES.locked("2025-06-30") },
        });
      }
      expect(await fingerprint()).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });
});

describe("other refusals: the field named, nothing written", () => {
  let id: string;
  let documentRow: string;
  beforeAll(async () => {
    id = (await typed(record({ reference: "INV-REFUSE", date: "2025-07-10" }))).id;
    [documentRow] = (await writeTaxRecords(getDb(), [
      {
        date: "2025-07-10",
        kind: "output_vat",
        accountId: VAT_PAYABLE,
        rate: "15.00",
        taxableAmount: "100.00",
        taxAmount: "15.00",
        reference: "INV-2025-26-000001",
        description: null,
        source: { type: "invoice", id: "00000000-0000-4000-8000-0000000000aa" },
        journalEntryId: null,
        createdBy: null,
      },
    ])) as [string];
  });

  it.each([
    ["no reason", () => ({ reason: "" }), "invalid", { reason: VOID_FORM_MESSAGES.reasonRequired }],
    ["no date", () => ({ date: " " }), "invalid", { date: VOID_FORM_MESSAGES.dateRequired }],
    ["a date before the record", () => ({ date: "2025-07-09" }), "invalid", { date: M.beforeRecord("2025-07-10") }],
    ["an unknown record", () => ({ id: "00000000-0000-4000-8000-00000000beef" }), "not-found", { form: M.notFound }],
    ["a document's row", () => ({ id: documentRow }), "conflict", { form: M.notTyped }],
  ] as const)("refuses %s", async (_, change, refusal, errors) => {
    const before = await fingerprint();
    const result = await reverseTaxRecord(getDb(), actor, {
      id,
      date: "2025-07-11",
      reason: "Typed by mistake",
      ...change(),
    });
    expect(result).toMatchObject({ ok: false, refusal, errors });
    expect(await fingerprint()).toEqual(before);
  });
});
