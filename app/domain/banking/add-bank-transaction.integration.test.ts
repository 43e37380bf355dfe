import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { ACTOR, seedBooks } from "../../../tests/support/invoice-fixtures";
import {
  BANK_CURRENT,
  BANK_SAVINGS,
  BKASH,
  bookBalances,
  CAPITAL,
  CHARGES,
  DRAWINGS,
  INTEREST,
  RECONCILIATION_TABLES,
} from "../../../tests/support/reconciliation-fixtures";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { auditLog, bankTransactions, chartOfAccounts, journalEntries, journalLines } from "~/db/schema";
import { BANK_ACCOUNT_MESSAGES } from "./bank-accounts.server";
import { addBankTransaction } from "./add-bank-transaction.server";
import { BANK_TRANSACTION_FORM_MESSAGES as M, emptyBankTransactionForm } from "./bank-transaction-form";
import { BANK_TRANSACTION_MESSAGES } from "./post-bank-transaction.server";

// Add Transaction (issue 23) on a real database: each kind posts Dr bank / Cr the other side (money in) or the
// reverse, writes its bank_transactions row and an audit line; the book stays balanced. Bad input of every kind is
// answered with the field's message and writes nothing.

const CASH = seedId("account:1000");
const RENTAL_INCOME = seedId("account:4000");
const valid = { ...emptyBankTransactionForm("2026-05-10", { accountId: BANK_CURRENT }), counterAccountId: CAPITAL };

beforeAll(async () => {
  await seedBooks();
});

async function linesOf(entryId: string) {
  return getDb()
    .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(journalLines.lineNo);
}

describe("Add Transaction", () => {
  it.each([
    ["a deposit from the owner's capital", "deposit", { counterAccountId: CAPITAL }, "in", CAPITAL],
    ["a withdrawal to the owner's drawings", "withdrawal", { counterAccountId: DRAWINGS }, "out", DRAWINGS],
    ["a bank charge on the Bank charges role", "charge", { counterAccountId: "" }, "out", CHARGES],
    ["interest on the Interest income role", "interest", { counterAccountId: "" }, "in", INTEREST],
    [
      "a transfer to the savings account",
      "transfer",
      { counterAccountId: BANK_SAVINGS, direction: "out" },
      "out",
      BANK_SAVINGS,
    ],
    ["a transfer from bKash", "transfer", { counterAccountId: BKASH, direction: "in" }, "in", BKASH],
  ] as const)("%s posts its entry and writes its row", async (_name, kind, change, direction, counter) => {
    const result = await addBankTransaction(getDb(), ACTOR, {
      ...valid,
      kind,
      ...change,
      amount: "1,250.50",
      description: `A ${kind}`,
      reference: "REF-1",
    });
    expect(result).toMatchObject({ ok: true, message: M.added(kind, "1250.50") });
    if (!result.ok) return;
    const lines = await linesOf(result.entryId);
    expect(lines).toEqual(
      direction === "in"
        ? [
            { accountId: BANK_CURRENT, debit: "1250.50", credit: "0.00" },
            { accountId: counter, debit: "0.00", credit: "1250.50" },
          ]
        : [
            { accountId: counter, debit: "1250.50", credit: "0.00" },
            { accountId: BANK_CURRENT, debit: "0.00", credit: "1250.50" },
          ],
    );
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.entryId));
    expect(entry).toMatchObject({ status: "posted", sourceType: "bank_transaction", sourceId: result.id });
    const [row] = await getDb().select().from(bankTransactions).where(eq(bankTransactions.id, result.id));
    expect(row).toMatchObject({
      kind,
      direction,
      counterAccountId: counter,
      amount: "1250.50",
      reference: "REF-1",
      description: `A ${kind}`,
      journalEntryId: result.entryId,
    });
    const audit = await getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "bank_transaction"), eq(auditLog.entityId, result.id)));
    expect(audit).toEqual([{ action: "bank_transaction.created" }]);
    expect(await bookBalances()).toBe(true);
  });

  describe("refuses bad input with the field's message and writes nothing", () => {
    const cases: [string, Partial<typeof valid>, string, string][] = [
      ["no account", { accountId: "" }, "accountId", M.accountRequired],
      ["an unknown account", { accountId: seedId("account:nope") }, "accountId", BANK_ACCOUNT_MESSAGES.unknown],
      [
        "cash, not a bank or wallet",
        { accountId: CASH },
        "accountId",
        BANK_ACCOUNT_MESSAGES.notBank("1000", "Cash in Hand"),
      ],
      ["an unknown kind", { kind: "refund" }, "kind", M.kindRequired],
      [
        "a transfer without direction",
        { kind: "transfer", counterAccountId: BANK_SAVINGS },
        "direction",
        M.directionRequired,
      ],
      ["a deposit without its other side", { counterAccountId: "" }, "counterAccountId", M.counterRequired.deposit],
      ["the bank on both sides", { counterAccountId: BANK_CURRENT }, "counterAccountId", M.counterSame],
      [
        "a deposit from another bank account",
        { counterAccountId: BANK_SAVINGS },
        "counterAccountId",
        BANK_TRANSACTION_MESSAGES.asTransfer("1110", "Bank - Savings Account"),
      ],
      [
        "a transfer to an account that holds no money",
        { kind: "transfer", direction: "out", counterAccountId: CAPITAL },
        "counterAccountId",
        BANK_TRANSACTION_MESSAGES.transferNeedsMoneyAccount,
      ],
      [
        "a charge booked to an income",
        { kind: "charge", counterAccountId: RENTAL_INCOME },
        "counterAccountId",
        BANK_TRANSACTION_MESSAGES.chargeNeedsExpense,
      ],
      [
        "interest booked to an expense",
        { kind: "interest", counterAccountId: CHARGES },
        "counterAccountId",
        BANK_TRANSACTION_MESSAGES.interestNeedsIncome,
      ],
      [
        "an other side that does not exist",
        { counterAccountId: seedId("account:gone") },
        "counterAccountId",
        BANK_TRANSACTION_MESSAGES.counterUnknown,
      ],
      ["no date", { date: "" }, "date", M.dateRequired],
      ["a date that is no date", { date: "2026-13-01" }, "date", M.dateInvalid],
      ["a zero amount", { amount: "0.00" }, "amount", M.amountPositive],
      ["a negative amount", { amount: "-10" }, "amount", "Amount must be 0 or more"],
      ["an amount past the limit", { amount: "100000000.00" }, "amount", "Amount must be at most ৳99,999,999.99"],
      ["three decimals", { amount: "10.001" }, "amount", "Amount can have at most 2 decimals"],
      [
        "a description too long",
        { description: "d".repeat(201) },
        "description",
        "Description must be at most 200 characters",
      ],
      ["a reference too long", { reference: "r".repeat(61) }, "reference", "Reference must be at most 60 characters"],
    ];
    it.each(cases)("%s", async (_name, change, field, message) => {
      const before = await tableFingerprint(RECONCILIATION_TABLES);
      const result = await addBankTransaction(getDb(), ACTOR, { ...valid, amount: "100", ...change });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.refusal).toBe("invalid");
      expect(result.errors[field]).toBe(message);
      expect(result.message).toBe(M.failed(Object.values(result.errors)[0]!));
      expect(await tableFingerprint(RECONCILIATION_TABLES)).toEqual(before);
    });

    it("a deactivated other side", async () => {
      const [acct] = await getDb()
        .insert(chartOfAccounts)
        .values({ code: "3990", name: "Old Capital", type: "equity", isActive: false })
        .returning({ id: chartOfAccounts.id });
      const before = await tableFingerprint(RECONCILIATION_TABLES);
      const result = await addBankTransaction(getDb(), ACTOR, { ...valid, amount: "100", counterAccountId: acct!.id });
      expect(result).toMatchObject({
        ok: false,
        errors: { counterAccountId: BANK_TRANSACTION_MESSAGES.counterInactive("3990", "Old Capital") },
      });
      expect(await tableFingerprint(RECONCILIATION_TABLES)).toEqual(before);
    });
  });
});
