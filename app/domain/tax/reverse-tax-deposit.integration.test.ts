// Reverse a tax deposit (issue 36): the mirror of its entry (each withholding share back on the party it paid for),
// linked both ways and sourced from the deposit, the deposit marked with who, when and why, the balances back, the
// VAT period owing again, the challan number free again, an audit line. A deposit is no VAT document: a reversal
// dated inside a closed VAT period is taken; the lock date is not. Every refusal names its field and writes nothing;
// a second reversal is refused, and the General Ledger still refuses the deposit's entry.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertStatement } from "../../../tests/support/bank-fixtures";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb, queryRows } from "~/db/client.server";
import { accountingSettings, auditLog, journalEntries, suppliers, taxDeposits, users } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { balanceAt } from "~/domain/accounting/balances.server";
import { matchStatementLine } from "~/domain/banking/match-statement-line.server";
import { unmatchStatementLine } from "~/domain/banking/unmatch-statement-line.server";
import { CORRECTED_BY_ITS_DOCUMENT } from "~/domain/accounting/ledger-list";
import { LEDGER_MESSAGES } from "~/domain/accounting/ledger.server";
import { REVERSE_MESSAGES, reverseEntry } from "~/domain/accounting/reverse-entry.server";
import { VOID_FORM_MESSAGES } from "~/domain/accounting/void-form";
import type { AuditActor } from "~/domain/audit/audit.server";
import { closeVatPeriod } from "./close-vat-period.server";
import { createTaxRecord } from "./create-tax-record.server";
import { recordTaxDeposit } from "./record-tax-deposit.server";
import { reverseTaxDeposit } from "./reverse-tax-deposit.server";
import { TAX_DEPOSIT_MESSAGES, type TaxDepositFormValues } from "./tax-filing-form";
import { TAX_DEPOSIT_REVERSAL_MESSAGES as M } from "./tax-reversal-form";
import type { TaxRecordFormValues } from "./tax-record-form";
import { closedVatPeriods, recentTaxDeposits } from "./vat-return.server";

const A = (code: string) => seedId(`account:${code}`);
const BANK = A("1100");
const RECEIVABLE = A("1300");
const PAYABLE = A("2000");
const VAT_PAYABLE = A("2100");
const WITHHOLDING = A("2120");
const TABLES = ["tax_deposits", "journal_entries", "journal_lines", "audit_log", "account_month_balances"] as const;
const fingerprint = () => tableFingerprint(TABLES);
const balance = (account: string) => balanceAt(getDb(), account, null);

let actor: AuditActor;

function record(change: Partial<TaxRecordFormValues>): TaxRecordFormValues {
  return {
    taxType: "vat",
    kind: "output_vat",
    date: "2025-03-10",
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

function deposit(change: Partial<TaxDepositFormValues>): TaxDepositFormValues {
  return {
    kind: "vat",
    challanNo: "TR-1",
    date: "2025-04-10",
    amount: "1500",
    moneyAccountId: BANK,
    vatPeriodId: "",
    notes: "",
    ...change,
  };
}

async function recorded(values: TaxDepositFormValues) {
  const result = await recordTaxDeposit(getDb(), actor, values);
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

let marchId: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  const [user] = await getDb()
    .insert(users)
    .values({ name: "Nasrin Accountant", email: "nasrin.voids@example.com", role: "accountant" })
    .returning({ id: users.id });
  actor = { userId: user!.id, label: "nasrin.voids@example.com", ipAddress: null, userAgent: null };
  // March's output VAT (1,500), closed: the VAT deposits below pay it.
  expect((await createTaxRecord(getDb(), actor, record({}))).ok).toBe(true);
  const closed = await closeVatPeriod(getDb(), actor, { period: "2025-03" }, "2025-04-05");
  if (!closed.ok) throw new Error(closed.message);
  marchId = closed.id;
});

describe("reversing a VAT deposit", () => {
  it("posts its mirror linked both ways, owes the period again and frees the challan number", async () => {
    const paid = await recorded(deposit({ challanNo: "TR-VAT-1", vatPeriodId: marchId }));
    const march = async () => (await closedVatPeriods(getDb())).find((p) => p.id === marchId)!;
    expect((await march()).deposited).toBe("1500.00");
    const before = { payable: await balance(VAT_PAYABLE), bank: await balance(BANK) };

    // Dated inside the closed March: a deposit is not a VAT document, the closed period does not refuse it.
    const result = await reverseTaxDeposit(getDb(), actor, {
      id: paid.id,
      date: "2025-04-20",
      reason: "  The bank returned the challan  ",
    });
    expect(result).toMatchObject({ ok: true, message: M.reversed("vat", "TR-VAT-1") });
    if (!result.ok) return;

    // The mirror: each line's debit and credit swapped, in order.
    const original = await linesOf(paid.entryId);
    expect(await linesOf(result.reversalEntryId)).toEqual(
      original.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
    );
    expect((await balance(VAT_PAYABLE)) - before.payable).toBe(-150_000n);
    expect((await balance(BANK)) - before.bank).toBe(150_000n);

    // Linked both ways: the reversal reverses the deposit's entry and is sourced from the deposit, which names it.
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.reversalEntryId));
    expect(entry).toMatchObject({
      status: "posted",
      entryDate: "2025-04-20",
      sourceType: "tax_deposit",
      sourceId: paid.id,
      reversesId: paid.entryId,
    });
    expect(entry!.description).toContain("The bank returned the challan");
    const [row] = await getDb().select().from(taxDeposits).where(eq(taxDeposits.id, paid.id));
    expect(row).toMatchObject({
      reversalEntryId: result.reversalEntryId,
      reversalReason: "The bank returned the challan",
      reversedBy: actor.userId,
    });
    expect(row!.reversedAt).toBeInstanceOf(Date);

    // No longer paid: March owes its 1,500 again; the list shows the deposit reversed.
    expect((await march()).deposited).toBe("0.00");
    const listed = (await recentTaxDeposits(getDb())).find((d) => d.id === paid.id);
    expect(listed?.reversal).toEqual({
      entryId: result.reversalEntryId,
      date: "2025-04-20",
      reason: "The bank returned the challan",
    });

    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, paid.id), eq(auditLog.action, "tax_deposit.reversed")));
    expect(audit).toMatchObject({ entityType: "tax_deposit", actorUserId: actor.userId });
    expect(audit!.summary).toContain("VAT deposit, challan TR-VAT-1 of ৳1,500.00");
    expect(audit!.changes).toMatchObject({
      reversalEntryId: result.reversalEntryId,
      reason: "The bank returned the challan",
    });

    // The same challan, recorded again (corrected), stands; the period is paid again.
    const again = await recordTaxDeposit(getDb(), actor, deposit({ challanNo: "TR-VAT-1", vatPeriodId: marchId }));
    expect(again).toMatchObject({ ok: true, message: TAX_DEPOSIT_MESSAGES.added("vat", "TR-VAT-1") });
    expect((await march()).deposited).toBe("1500.00");
    // ...but not twice while it stands.
    const twice = await recordTaxDeposit(getDb(), actor, deposit({ challanNo: "TR-VAT-1" }));
    expect(twice).toMatchObject({
      ok: false,
      errors: { challanNo: TAX_DEPOSIT_MESSAGES.challanTaken("vat", "TR-VAT-1") },
    });
  });

  it("is refused a second time, and the General Ledger reverses neither entry; nothing is written", async () => {
    const paid = await recorded(deposit({ challanNo: "TR-TWICE" }));
    const first = await reverseTaxDeposit(getDb(), actor, { id: paid.id, date: "2025-04-11", reason: "Typed twice" });
    if (!first.ok) throw new Error(first.message);
    const before = await fingerprint();
    const second = await reverseTaxDeposit(getDb(), actor, { id: paid.id, date: "2025-04-12", reason: "Again" });
    expect(second).toEqual({
      ok: false,
      refusal: "conflict",
      message: M.failed(M.alreadyReversed("2025-04-11")),
      errors: { form: M.alreadyReversed("2025-04-11") },
    });
    expect(M.alreadyReversed("2025-04-11")).toBe("This deposit was already reversed on Apr 11, 2025");
    expect(await reverseEntry(getDb(), actor, { entryId: paid.entryId, date: "2025-04-12" })).toMatchObject({
      ok: false,
      message: CORRECTED_BY_ITS_DOCUMENT.tax_deposit,
    });
    expect(await reverseEntry(getDb(), actor, { entryId: first.reversalEntryId, date: "2025-04-12" })).toMatchObject({
      ok: false,
      message: REVERSE_MESSAGES.isReversal,
    });
    expect(await fingerprint()).toEqual(before);
  });
});

describe("reversing a withholding tax deposit", () => {
  it("gives each party back its share: the mirror keeps every line's party", async () => {
    // Tax withheld from two suppliers' bills, then one challan paying both.
    for (const [party, amount] of [
      ["Banani Trucks", "20000"],
      ["Sound House Ltd", "10000"],
    ] as const)
      expect(
        (
          await createTaxRecord(
            getDb(),
            actor,
            record({
              taxType: "income_tax",
              kind: "income_tax_withheld",
              accountId: PAYABLE,
              taxRate: "10",
              taxableAmount: amount,
              party,
              date: "2025-05-02",
            }),
          )
        ).ok,
      ).toBe(true);
    const supplierIds = Object.fromEntries(
      (await getDb().select({ id: suppliers.id, name: suppliers.name }).from(suppliers)).map((s) => [s.name, s.id]),
    );
    const owedBefore = await partyBalances(WITHHOLDING);
    const paid = await recorded(
      deposit({ kind: "withholding_tax", challanNo: "TDS-5", amount: "3000", date: "2025-05-10" }),
    );
    const paidLines = await linesOf(paid.entryId);
    expect(paidLines.filter((l) => l.account_id === WITHHOLDING).map((l) => [l.party, l.debit])).toEqual(
      expect.arrayContaining([
        [supplierIds["Banani Trucks"], "2000.00"],
        [supplierIds["Sound House Ltd"], "1000.00"],
      ]),
    );

    const result = await reverseTaxDeposit(getDb(), actor, { id: paid.id, date: "2025-05-11", reason: "Wrong bank" });
    if (!result.ok) throw new Error(result.message);
    expect(await linesOf(result.reversalEntryId)).toEqual(
      paidLines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
    );
    // Each supplier is owed for again what the deposit had paid.
    expect(await partyBalances(WITHHOLDING)).toEqual(owedBefore);
  });
});

describe("refusals: the field named, nothing written", () => {
  let paidId: string;
  beforeAll(async () => {
    paidId = (await recorded(deposit({ challanNo: "TR-REFUSE", date: "2025-06-10", kind: "income_tax" }))).id;
  });

  it.each([
    ["no reason", { reason: "  " }, "invalid", { reason: VOID_FORM_MESSAGES.reasonRequired }],
    ["a reason too short", { reason: "x" }, "invalid", { reason: VOID_FORM_MESSAGES.reasonShort }],
    ["no date", { date: "" }, "invalid", { date: VOID_FORM_MESSAGES.dateRequired }],
    ["no real date", { date: "2025-02-30" }, "invalid", { date: VOID_FORM_MESSAGES.dateInvalid }],
    ["a date before the deposit", { date: "2025-06-09" }, "invalid", { date: M.beforeDeposit("2025-06-10") }],
    ["no deposit's id", { id: "nope" }, "invalid", { form: M.idRequired }],
    ["an unknown deposit", { id: "00000000-0000-4000-8000-00000000dead" }, "not-found", { form: M.notFound }],
  ] as const)("refuses %s", async (_, change, refusal, errors) => {
    const before = await fingerprint();
    const result = await reverseTaxDeposit(getDb(), actor, {
      id: paidId,
      date: "2025-06-12",
      reason: "Recorded by mistake",
      ...change,
    });
    expect(result).toMatchObject({ ok: false, refusal, errors });
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses a date on or before the lock date, naming the date", async () => {
    await getDb().update(accountingSettings).set({ lockDate: "2025-06-30" });
    try {
      const before = await fingerprint();
      const result = await reverseTaxDeposit(getDb(), actor, { id: paidId, date: "2025-06-30", reason: "Too late" });
      expect(result).toMatchObject({
        ok: false,
        refusal: "invalid",
        errors: { date: LEDGER_MESSAGES.locked("2025-06-30") },
        message: M.failed(LEDGER_MESSAGES.locked("2025-06-30")),
      });
      expect(await fingerprint()).toEqual(before);
      // After the lock date it is taken, though the deposit itself is now before it.
      expect(
        await reverseTaxDeposit(getDb(), actor, { id: paidId, date: "2025-07-01", reason: "Paid twice" }),
      ).toMatchObject({ ok: true });
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });
});

describe("a deposit whose bank line is matched to a statement line", () => {
  it("is refused, naming the statement line, until the match is undone", async () => {
    const paid = await recorded(
      deposit({ challanNo: "TR-MATCHED", date: "2025-08-05", kind: "income_tax", amount: "700" }),
    );
    const [bankLine] = (await linesOf(paid.entryId)).filter((l) => l.account_id === BANK);
    const [lineId] = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from journal_lines where journal_entry_id = ${paid.entryId} and account_id = ${BANK}`,
    );
    expect(bankLine?.credit).toBe("700.00");
    const statement = await insertStatement(
      BANK,
      [{ date: "2025-08-06", amount: "-700.00", description: "CHALLAN TR" }],
      {
        fileName: "city-aug.csv",
      },
    );
    const [statementLineId] = statement.lineIds as [string];
    expect(await matchStatementLine(getDb(), actor, { statementLineId, journalLineIds: [lineId!.id] })).toMatchObject({
      ok: true,
    });
    const before = await fingerprint();
    const refused = await reverseTaxDeposit(getDb(), actor, { id: paid.id, date: "2025-08-10", reason: "Bounced" });
    const matched = REVERSE_MESSAGES.matched("1100 Bank - Current Account", "2025-08-06", "CHALLAN TR", "city-aug.csv");
    expect(refused).toEqual({ ok: false, refusal: "conflict", message: M.failed(matched), errors: { form: matched } });
    expect(await fingerprint()).toEqual(before);
    expect(await unmatchStatementLine(getDb(), actor, { statementLineId })).toMatchObject({ ok: true });
    expect(
      await reverseTaxDeposit(getDb(), actor, { id: paid.id, date: "2025-08-10", reason: "Bounced" }),
    ).toMatchObject({ ok: true });
  });
});

/** Each party's balance (debits less credits, paisa) on an account. */
async function partyBalances(accountId: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ party: string; balance: string }>(
    getDb(),
    sql`select coalesce(customer_id, supplier_id, employee_id)::text as party, sum(debit - credit)::text as balance
          from journal_lines where posted and account_id = ${accountId} group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.party, r.balance]));
}
