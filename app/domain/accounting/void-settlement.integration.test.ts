// Void a payment of a payable or a receipt of a receivable (issue 36): the mirror of the settlement's entry (the
// supplier's or customer's line keeping its party), linked both ways and sourced from the settlement, the settlement
// marked with who, when and why, the document owing the amount again and pending, the balances back, an audit line;
// the details panel shows it. The General Ledger's Reverse of a settlement's entry marks it the same way, and refuses
// a void's entry. Refused a second time, on or before the lock date, before the settlement's date, and without a
// reason; each refusal names its field and writes nothing.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb, queryRows } from "~/db/client.server";
import { accountingSettings, auditLog, journalEntries, settlements, transactions, users } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "../audit/audit.server";
import { balanceAt } from "./balances.server";
import { createMoneyDocument } from "./create-money-document.server";
import { LEDGER_MESSAGES } from "./ledger.server";
import { REVERSE_MESSAGES, REVERSED_IN_LEDGER, reverseEntry } from "./reverse-entry.server";
import { settleOpenItem } from "./settle-open-item.server";
import { loadTransactionDetails } from "./transaction-details.server";
import { SETTLEMENT_VOID_MESSAGES as M, VOID_FORM_MESSAGES } from "./void-form";
import { voidSettlement } from "./void-settlement.server";

const BANK = seedId("account:1100");
const RECEIVABLE = seedId("account:1300");
const PAYABLE = seedId("account:2000");
const TABLES = [
  "settlements",
  "transactions",
  "journal_entries",
  "journal_lines",
  "audit_log",
  "account_month_balances",
] as const;
const fingerprint = () => tableFingerprint(TABLES);
const balance = (account: string) => balanceAt(getDb(), account, null);

let actor: AuditActor;

async function openItem(kind: "payable" | "receivable", party: string, amount: string, date = "2025-09-01") {
  const result = await createMoneyDocument(getDb(), actor, kind, {
    date,
    type: kind === "payable" ? "expense" : "income",
    category: kind === "payable" ? "Transportation" : "Equipment Rental",
    description: "",
    amount,
    paymentMethod: "bank",
    moneyAccountId: "",
    reference: "",
    status: "pending",
    party,
    dueDate: date,
  });
  if (!result.ok) throw new Error(result.message);
  return result.id;
}

async function settled(id: string, amount: string, date = "2025-09-05") {
  const result = await settleOpenItem(getDb(), actor, {
    id,
    date,
    paymentMethod: "bank",
    moneyAccountId: BANK,
    amount,
    reference: "CHQ-1",
  });
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function linesOf(entryId: string) {
  return queryRows<{ account_id: string; debit: string; credit: string; party: string | null }>(
    getDb(),
    sql`select account_id, debit::text, credit::text, coalesce(customer_id, supplier_id, employee_id)::text as party
          from journal_lines where journal_entry_id = ${entryId} order by line_no, id`,
  );
}

const documentOf = async (id: string) => (await getDb().select().from(transactions).where(eq(transactions.id, id)))[0]!;

beforeAll(async () => {
  await seedDatabase(getDb());
  const [user] = await getDb()
    .insert(users)
    .values({ name: "Nasrin Accountant", email: "nasrin.settlements@example.com", role: "accountant" })
    .returning({ id: users.id });
  actor = { userId: user!.id, label: "nasrin.settlements@example.com", ipAddress: null, userAgent: null };
});

describe("voiding a supplier payment", () => {
  it("mirrors its entry on the supplier, owes the payable again and links both ways", async () => {
    const payable = await openItem("payable", "Banani Trucks", "12000.00");
    const paid = await settled(payable, "12000.00");
    expect((await documentOf(payable)).status).toBe("completed");
    const before = { payable: await balance(PAYABLE), bank: await balance(BANK) };

    const result = await voidSettlement(getDb(), actor, {
      id: paid.settlementId,
      date: "2025-09-07",
      reason: "Paid the wrong supplier",
    });
    expect(result).toMatchObject({ ok: true, message: M.voided("payable", "12000.00"), transactionId: payable });
    if (!result.ok) return;

    // The payable owes it all again, pending, back in Payables & Receivables.
    expect(await documentOf(payable)).toMatchObject({ status: "pending", settledAmount: "0.00" });
    expect((await balance(PAYABLE)) - before.payable).toBe(-1_200_000n);
    expect((await balance(BANK)) - before.bank).toBe(1_200_000n);
    // The mirror, line for line, the payable's line still the supplier's.
    const original = await linesOf(paid.entryId);
    expect(original.find((l) => l.account_id === PAYABLE)?.party).toBeTruthy();
    expect(await linesOf(result.voidEntryId)).toEqual(
      original.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
    );

    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.voidEntryId));
    expect(entry).toMatchObject({
      sourceType: "settlement",
      sourceId: paid.settlementId,
      reversesId: paid.entryId,
      entryDate: "2025-09-07",
    });
    expect(entry!.description).toContain("Void of the payment to Banani Trucks");
    const [row] = await getDb().select().from(settlements).where(eq(settlements.id, paid.settlementId));
    expect(row).toMatchObject({
      voidEntryId: result.voidEntryId,
      voidReason: "Paid the wrong supplier",
      voidedBy: actor.userId,
    });
    expect(row!.reversedAt).toEqual(row!.voidedAt);

    // The details panel: struck, with its reversing entry and why.
    const details = await loadTransactionDetails(getDb(), payable);
    expect(details?.settlements).toEqual([
      expect.objectContaining({
        id: paid.settlementId,
        reversed: true,
        void: { entryId: result.voidEntryId, date: "2025-09-07", reason: "Paid the wrong supplier" },
      }),
    ]);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payable), eq(auditLog.action, "payable.settlement_voided")));
    expect(audit).toMatchObject({ entityType: "transaction", actorUserId: actor.userId });
    expect(audit!.summary).toContain("Paid the wrong supplier");
    expect(audit!.changes).toMatchObject({ settlementId: paid.settlementId, voidEntryId: result.voidEntryId });

    // The General Ledger reverses neither entry now.
    expect(await reverseEntry(getDb(), actor, { entryId: paid.entryId, date: "2025-09-08" })).toMatchObject({
      ok: false,
      message: REVERSE_MESSAGES.alreadyReversed,
    });
    expect(await reverseEntry(getDb(), actor, { entryId: result.voidEntryId, date: "2025-09-08" })).toMatchObject({
      ok: false,
      message: REVERSE_MESSAGES.isReversal,
    });
    // And it may be paid again.
    expect((await settled(payable, "12000.00", "2025-09-09")).left).toBe("0.00");
  });

  it("takes back one part of several: the rest stays paid", async () => {
    const payable = await openItem("payable", "Sound House Ltd", "10000.00");
    const first = await settled(payable, "4000.00");
    await settled(payable, "6000.00", "2025-09-06");
    const result = await voidSettlement(getDb(), actor, {
      id: first.settlementId,
      date: "2025-09-06",
      reason: "Bounced",
    });
    expect(result.ok).toBe(true);
    expect(await documentOf(payable)).toMatchObject({ status: "pending", settledAmount: "6000.00" });
  });
});

describe("voiding a receipt of a receivable", () => {
  it("mirrors its entry on the customer: the receivable owes it again", async () => {
    const receivable = await openItem("receivable", "Nadia Rahman", "5000.00");
    const received = await settled(receivable, "5000.00");
    const before = await balance(RECEIVABLE);
    const result = await voidSettlement(getDb(), actor, {
      id: received.settlementId,
      date: "2025-09-10",
      reason: "Cheque bounced",
    });
    expect(result).toMatchObject({ ok: true, message: M.voided("receivable", "5000.00") });
    if (!result.ok) return;
    expect((await balance(RECEIVABLE)) - before).toBe(500_000n);
    const original = await linesOf(received.entryId);
    expect(original.find((l) => l.account_id === RECEIVABLE)?.party).toBeTruthy();
    expect(await linesOf(result.voidEntryId)).toEqual(
      original.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
    );
    expect(await documentOf(receivable)).toMatchObject({ status: "pending", settledAmount: "0.00" });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, receivable), eq(auditLog.action, "receivable.settlement_voided")));
    expect(audit).toBeDefined();
  });
});

describe("the General Ledger's Reverse of a settlement's entry", () => {
  it("marks the settlement voided the same way, with the ledger's reason", async () => {
    const payable = await openItem("payable", "Banani Trucks", "800.00");
    const paid = await settled(payable, "800.00");
    const reversed = await reverseEntry(getDb(), actor, { entryId: paid.entryId, date: "2025-09-12" });
    if (!reversed.ok) throw new Error(reversed.message);
    const [row] = await getDb().select().from(settlements).where(eq(settlements.id, paid.settlementId));
    expect(row).toMatchObject({
      voidEntryId: reversed.reversalId,
      voidReason: REVERSED_IN_LEDGER,
      voidedBy: actor.userId,
    });
    expect(await documentOf(payable)).toMatchObject({ status: "pending", settledAmount: "0.00" });
    // Voiding it afterwards is refused: it already was.
    const again = await voidSettlement(getDb(), actor, { id: paid.settlementId, date: "2025-09-13", reason: "Again" });
    expect(again).toMatchObject({ ok: false, refusal: "conflict", errors: { form: M.alreadyVoided("2025-09-12") } });
  });
});

describe("refusals: the field named, nothing written", () => {
  let settlementId: string;
  beforeAll(async () => {
    const payable = await openItem("payable", "Banani Trucks", "300.00", "2025-10-01");
    settlementId = (await settled(payable, "300.00", "2025-10-03")).settlementId;
  });

  it.each([
    ["no reason", { reason: "" }, "invalid", { reason: VOID_FORM_MESSAGES.reasonRequired }],
    ["no date", { date: "" }, "invalid", { date: VOID_FORM_MESSAGES.dateRequired }],
    ["a date before the payment", { date: "2025-10-02" }, "invalid", { date: M.beforeSettlement("2025-10-03") }],
    ["an unknown payment", { id: "00000000-0000-4000-8000-00000000cafe" }, "not-found", { form: M.notFound }],
  ] as const)("refuses %s", async (_, change, refusal, errors) => {
    const before = await fingerprint();
    const result = await voidSettlement(getDb(), actor, {
      id: settlementId,
      date: "2025-10-04",
      reason: "Paid by mistake",
      ...change,
    });
    expect(result).toMatchObject({ ok: false, refusal, errors });
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses a date on or before the lock date, then a second void", async () => {
    await getDb().update(accountingSettings).set({ lockDate: "2025-10-31" });
    try {
      const before = await fingerprint();
      const locked = await voidSettlement(getDb(), actor, { id: settlementId, date: "2025-10-31", reason: "Locked" });
      expect(locked).toMatchObject({
        ok: false,
        refusal: "invalid",
        message: M.failed(LEDGER_MESSAGES.locked("2025-10-31")),
        errors: { date: LEDGER_MESSAGES.locked("2025-10-31") },
      });
      expect(await fingerprint()).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
    expect(
      await voidSettlement(getDb(), actor, { id: settlementId, date: "2025-11-01", reason: "Paid by mistake" }),
    ).toMatchObject({ ok: true });
    const before = await fingerprint();
    const twice = await voidSettlement(getDb(), actor, { id: settlementId, date: "2025-11-02", reason: "Again" });
    expect(twice).toEqual({
      ok: false,
      refusal: "conflict",
      message: M.failed(M.alreadyVoided("2025-11-01")),
      errors: { form: M.alreadyVoided("2025-11-01") },
    });
    expect(await fingerprint()).toEqual(before);
  });
});
