// Parties on bank transactions (issue 36), on a real database: Add Transaction and "Create entry" from a statement
// line whose other side is a control account name its customer, supplier or employee, stored on the entry's control
// line (journal_lines.customer_id, supplier_id, employee_id) and said in the description and the audit; refused on
// the field "party" when missing, malformed, of the wrong kind, gone or merged, or given for an account kept by no
// party, writing nothing. A bank rule may not post to a control account (refused on its account field), and a rule
// whose account became one since leaves its line unmatched: the run goes on and says so.
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, bankTransactions, chartOfAccounts, customers, journalEntries, journalLines } from "~/db/schema";
import { partyValue } from "~/domain/accounting/journal";
import { insertSupplier } from "~/domain/purchases/suppliers.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { seedBooks } from "../../../tests/support/invoice-fixtures";
import {
  account,
  BANK,
  BANK_ACTOR as actor,
  BANK_TABLES,
  BKASH,
  CAPITAL,
  CHARGES,
  insertStatement,
  matchesOf,
  RECEIVABLE,
  SAVINGS,
} from "../../../tests/support/bank-fixtures";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { customerFor } from "../../../tests/support/sales-document-fixtures";
import { addBankTransaction } from "./add-bank-transaction.server";
import { APPLY_RULES_MESSAGES, applyRulesToStatement, applyRuleToLine } from "./apply-bank-rules.server";
import { BANK_RULE_MESSAGES, emptyBankRuleForm } from "./bank-rule-form";
import { createBankRule, updateBankRule } from "./bank-rules.server";
import { BANK_TRANSACTION_FORM_MESSAGES, emptyBankTransactionForm } from "./bank-transaction-form";
import { createFromStatementLine } from "./create-from-statement-line.server";
import { matchScreen } from "./match-screen.server";
import { BANK_TRANSACTION_MESSAGES as M } from "./post-bank-transaction.server";

const PAYABLE = account("2000");
const WITHHOLDING_PAYABLE = account("2120");
const TABLES = [...BANK_TABLES, "account_month_balances"] as const;

let customer: string;
let supplier: string;
let employee: string;

beforeAll(async () => {
  await seedBooks();
  // The control accounts these tests post to, marked while they have no lines (the seed does not mark them yet).
  await getDb().update(chartOfAccounts).set({ partyKind: "customer" }).where(eq(chartOfAccounts.id, RECEIVABLE));
  await getDb().update(chartOfAccounts).set({ partyKind: "supplier" }).where(eq(chartOfAccounts.id, PAYABLE));
  await getDb().update(chartOfAccounts).set({ partyKind: "any" }).where(eq(chartOfAccounts.id, WITHHOLDING_PAYABLE));
  customer = await customerFor(getDb(), "nadia@example.com", "Nadia Rahman");
  supplier = await getDb().transaction((tx) => insertSupplier(tx, actor, { name: "Rahman Decor" }));
  employee = await insertEmployee("Karim Uddin");
});

/** The entry's lines with their parties, in order. */
async function linesOf(entryId: string) {
  return getDb()
    .select({
      accountId: journalLines.accountId,
      debit: journalLines.debit,
      credit: journalLines.credit,
      customerId: journalLines.customerId,
      supplierId: journalLines.supplierId,
      employeeId: journalLines.employeeId,
    })
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(journalLines.lineNo);
}

const noParty = { customerId: null, supplierId: null, employeeId: null };
const refund = {
  ...emptyBankTransactionForm("2026-05-10", { accountId: BANK, kind: "withdrawal" }),
  counterAccountId: RECEIVABLE,
  amount: "2,500",
  description: "Refund of overpayment",
};

describe("Add Transaction on a control account", () => {
  it("names the customer on the receivable's line, says whose adjustment it is, and audits it", async () => {
    const result = await addBankTransaction(getDb(), actor, {
      ...refund,
      party: partyValue({ kind: "customer", id: customer }),
    });
    expect(result).toMatchObject({ ok: true, message: BANK_TRANSACTION_FORM_MESSAGES.added("withdrawal", "2500.00") });
    if (!result.ok) return;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: RECEIVABLE, debit: "2500.00", credit: "0.00", ...noParty, customerId: customer },
      { accountId: BANK, debit: "0.00", credit: "2500.00", ...noParty },
    ]);
    const description = "Refund of overpayment (adjustment of customer Nadia Rahman)";
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.entryId));
    expect(entry).toMatchObject({ description, sourceType: "bank_transaction" });
    const [row] = await getDb().select().from(bankTransactions).where(eq(bankTransactions.id, result.id));
    expect(row).toMatchObject({ description, counterAccountId: RECEIVABLE });
    const [audit] = await getDb()
      .select({ summary: auditLog.summary, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "bank_transaction"), eq(auditLog.entityId, result.id)));
    expect(audit!.summary).toBe(
      "Added a withdrawal of ৳2,500.00 (Refund of overpayment), an adjustment of customer Nadia Rahman",
    );
    expect(audit!.changes).toMatchObject({ party: { kind: "customer", id: customer, name: "Nadia Rahman" } });
  });

  it("names a supplier on the payable's line; a blank description says the kind and the party", async () => {
    const result = await addBankTransaction(getDb(), actor, {
      ...refund,
      kind: "deposit",
      counterAccountId: PAYABLE,
      description: "",
      party: partyValue({ kind: "supplier", id: supplier }),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: BANK, debit: "2500.00", credit: "0.00", ...noParty },
      { accountId: PAYABLE, debit: "0.00", credit: "2500.00", ...noParty, supplierId: supplier },
    ]);
    const [row] = await getDb().select().from(bankTransactions).where(eq(bankTransactions.id, result.id));
    expect(row!.description).toBe("Deposit (adjustment of supplier Rahman Decor)");
  });

  it("names an employee on an account kept by any party", async () => {
    const result = await addBankTransaction(getDb(), actor, {
      ...refund,
      counterAccountId: WITHHOLDING_PAYABLE,
      description: "Tax withheld, paid back",
      party: partyValue({ kind: "employee", id: employee }),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await linesOf(result.entryId))[0]).toEqual({
      accountId: WITHHOLDING_PAYABLE,
      debit: "2500.00",
      credit: "0.00",
      ...noParty,
      employeeId: employee,
    });
  });

  it("refuses, on the field party and writing nothing: none, malformed, wrong kind, gone, merged, not kept", async () => {
    const [kept] = await getDb().insert(customers).values({ name: "Nadia R." }).returning({ id: customers.id });
    const [merged] = await getDb()
      .insert(customers)
      .values({ name: "Nadia (old)", mergedIntoId: kept!.id, mergedAt: new Date() })
      .returning({ id: customers.id });
    const cases: [string, Partial<typeof refund> & { party: string }, string][] = [
      ["no party", { party: "" }, M.partyMissing("1300", "Accounts Receivable", "customer")],
      [
        "no party on an account kept by any",
        { counterAccountId: WITHHOLDING_PAYABLE, party: "" },
        M.partyMissing("2120", "Withholding Tax Payable", "any"),
      ],
      ["a value no list gives", { party: "customer:42" }, BANK_TRANSACTION_FORM_MESSAGES.partyInvalid],
      ["a kind that is none", { party: `vendor:${customer}` }, BANK_TRANSACTION_FORM_MESSAGES.partyInvalid],
      [
        "a supplier on the receivable",
        { party: partyValue({ kind: "supplier", id: supplier }) },
        M.partyWrongKind("1300", "Accounts Receivable", "customer", "supplier"),
      ],
      [
        "a customer that does not exist",
        { party: partyValue({ kind: "customer", id: crypto.randomUUID() }) },
        M.partyUnknown("customer"),
      ],
      [
        "an employee that does not exist, on an account kept by any",
        { counterAccountId: WITHHOLDING_PAYABLE, party: partyValue({ kind: "employee", id: crypto.randomUUID() }) },
        M.partyUnknown("employee"),
      ],
      [
        "a customer merged away",
        { party: partyValue({ kind: "customer", id: merged!.id }) },
        M.partyMerged("customer"),
      ],
      [
        "a party on an account kept by none",
        { counterAccountId: CAPITAL, kind: "deposit", party: partyValue({ kind: "customer", id: customer }) },
        M.partyNotKept("3000", "Owner's Capital"),
      ],
    ];
    for (const [name, change, message] of cases) {
      const before = await tableFingerprint(TABLES);
      const result = await addBankTransaction(getDb(), actor, { ...refund, ...change });
      expect(result, name).toMatchObject({ ok: false, refusal: "invalid", errors: { party: message } });
      expect((result as { message: string }).message, name).toBe(BANK_TRANSACTION_FORM_MESSAGES.failed(message));
      expect(await tableFingerprint(TABLES), name).toEqual(before);
    }
  });
});

describe("an entry created from a statement line on a control account", () => {
  it("names the customer and is matched; without one it is refused on party and nothing is written", async () => {
    const statement = await insertStatement(SAVINGS, [
      { date: "2026-05-12", amount: "-1800.00", description: "Refund to N Rahman", reference: "RF-7" },
    ]);
    const lineId = statement.lineIds[0]!;
    const form = { statementLineId: lineId, kind: "withdrawal", counterAccountId: RECEIVABLE };

    const before = await tableFingerprint(TABLES);
    const missing = await createFromStatementLine(getDb(), actor, { ...form, party: "" });
    const message = M.partyMissing("1300", "Accounts Receivable", "customer");
    expect(missing).toMatchObject({ ok: false, errors: { party: message } });
    expect(await createFromStatementLine(getDb(), actor, { ...form, party: "nobody" })).toMatchObject({
      ok: false,
      errors: { party: BANK_TRANSACTION_FORM_MESSAGES.partyInvalid },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const made = await createFromStatementLine(getDb(), actor, {
      ...form,
      party: partyValue({ kind: "customer", id: customer }),
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(await linesOf(made.entryId)).toEqual([
      { accountId: RECEIVABLE, debit: "1800.00", credit: "0.00", ...noParty, customerId: customer },
      { accountId: SAVINGS, debit: "0.00", credit: "1800.00", ...noParty },
    ]);
    expect((await matchesOf([lineId]))[lineId]).toHaveLength(1);
    const [audit] = await getDb()
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, "bank_transaction.created"), eq(auditLog.entityId, made.id)));
    expect(audit!.summary).toContain("an adjustment of customer Nadia Rahman");
  });
});

describe("bank rules and control accounts", () => {
  it("refuses a rule posting to a control account on its account field, added or edited", async () => {
    const values = emptyBankRuleForm({
      accountId: BANK,
      contains: "Refund",
      kind: "withdrawal",
      counterAccountId: RECEIVABLE,
    });
    const message = BANK_RULE_MESSAGES.counterControl("1300", "Accounts Receivable", "customer");
    expect(message).toBe(
      "Account 1300 Accounts Receivable is kept by customer: match these lines to the customer's documents instead of a rule",
    );
    const before = await tableFingerprint(TABLES);
    expect(await createBankRule(getDb(), actor, values)).toEqual({
      ok: false,
      refusal: "invalid",
      message: BANK_RULE_MESSAGES.failed(message),
      errors: { counterAccountId: message },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const created = await createBankRule(getDb(), actor, { ...values, counterAccountId: CHARGES, kind: "charge" });
    expect(created.ok).toBe(true);
    const id = (created as { id: string }).id;
    expect(
      await updateBankRule(getDb(), actor, { ...values, id, counterAccountId: WITHHOLDING_PAYABLE }),
    ).toMatchObject({
      ok: false,
      errors: {
        counterAccountId: BANK_RULE_MESSAGES.counterControl("2120", "Withholding Tax Payable", "any"),
      },
    });
  });

  it("leaves a line whose rule's account became a control account unmatched; the others are made, and it says so", async () => {
    // An account a rule was saved on while it kept no party, made a control account afterwards.
    const [clearing] = await getDb()
      .insert(chartOfAccounts)
      .values({ code: "2390", name: "Customer Refunds Clearing", type: "liability" })
      .returning({ id: chartOfAccounts.id });
    for (const rule of [
      { contains: "Refund cheque", kind: "withdrawal", counterAccountId: clearing!.id },
      { contains: "SMS charge", kind: "charge", counterAccountId: CHARGES },
    ])
      expect(await createBankRule(getDb(), actor, emptyBankRuleForm({ accountId: BKASH, ...rule }))).toMatchObject({
        ok: true,
      });
    await getDb().update(chartOfAccounts).set({ partyKind: "customer" }).where(eq(chartOfAccounts.id, clearing!.id));

    const statement = await insertStatement(BKASH, [
      { date: "2026-05-20", amount: "-900.00", description: "Refund cheque 0012" },
      { date: "2026-05-21", amount: "-5.75", description: "SMS charge May" },
    ]);
    const [refundLine, smsLine] = statement.lineIds as [string, string];
    const held = { lines: 1, accounts: ["2390 Customer Refunds Clearing"], kinds: ["customer" as const] };

    // The match screen does not offer "Create with rule" for it, and says why.
    const screen = await matchScreen(getDb(), { code: "1200", statementId: statement.id, filter: "all", page: 1 });
    const heldBack = BANK_RULE_MESSAGES.heldBack("Refund cheque", "2390 Customer Refunds Clearing", "customer");
    expect(screen.lines.find((l) => l.id === refundLine)!.rule).toMatchObject({ heldBack });
    expect(screen.lines.find((l) => l.id === smsLine)!.rule).toMatchObject({ heldBack: null });

    // One line by its rule: refused with the reason, nothing written.
    const before = await tableFingerprint(TABLES);
    expect(await applyRuleToLine(getDb(), actor, { statementLineId: refundLine })).toEqual({
      ok: false,
      refusal: "invalid",
      message: heldBack,
      errors: { form: heldBack },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    // The whole statement: the charge is made, the refund left unmatched, and the message says so.
    const result = await applyRulesToStatement(getDb(), actor, { statementId: statement.id });
    expect(result).toEqual({ ok: true, message: APPLY_RULES_MESSAGES.appliedAll(1, held), count: 1 });
    expect((result as { message: string }).message).toBe(
      "Rules applied: 1 entry made and matched; 1 line left unmatched: its rule posts to 2390 Customer Refunds Clearing, kept by customer: match it to the customer's documents, or create its entry naming the customer",
    );
    const matches = await matchesOf([refundLine, smsLine]);
    expect([matches[refundLine]!.length, matches[smsLine]!.length]).toEqual([0, 1]);
    const onClearing = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from journal_lines where account_id = ${clearing!.id}`,
    );
    expect(onClearing[0]!.n).toBe(0);

    // Again: nothing to make, and the held line is still named.
    expect(await applyRulesToStatement(getDb(), actor, { statementId: statement.id })).toEqual({
      ok: true,
      message: APPLY_RULES_MESSAGES.noneMade(held),
      count: 0,
    });

    // By hand, naming the customer, the line is made and matched.
    const made = await createFromStatementLine(getDb(), actor, {
      statementLineId: refundLine,
      kind: "withdrawal",
      counterAccountId: clearing!.id,
      party: partyValue({ kind: "customer", id: customer }),
    });
    expect(made.ok).toBe(true);
    const parties = await getDb()
      .select({ customerId: journalLines.customerId })
      .from(journalLines)
      .where(inArray(journalLines.accountId, [clearing!.id]));
    expect(parties).toEqual([{ customerId: customer }]);
  });
});
