// Bank rules (issue 23), on both databases: add, edit and delete (audited; a deleted rule's bank transactions stay,
// their rule_id set null), malformed input answered with a message per field and nothing written, "Create with rule"
// on one line (the first covering rule by creation; a rule whose kind does not fit the line's sign is skipped) and
// "Apply rules to all" on a statement (every unmatched line a rule covers, in one transaction; a refusal of the book
// on one line refuses the whole, naming the row).
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { bankRules, bankTransactions, chartOfAccounts } from "~/db/schema";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { seedBooks } from "../../../tests/support/invoice-fixtures";
import {
  BANK,
  BANK_ACTOR as actor,
  BANK_TABLES,
  BKASH,
  CAPITAL,
  CHARGES,
  INTEREST,
  RECEIVABLE,
  RENT,
  SAVINGS,
  account,
  insertStatement,
  matchesOf,
  postOnBank,
} from "../../../tests/support/bank-fixtures";
import { APPLY_RULES_MESSAGES, applyRuleToLine, applyRulesToStatement } from "./apply-bank-rules.server";
import {
  BANK_RULE_MESSAGES as M,
  emptyBankRuleForm,
  firstRuleFor,
  kindFits,
  type BankRuleFormValues,
} from "./bank-rule-form";
import { createBankRule, deleteBankRule, listBankRules, updateBankRule } from "./bank-rules.server";
import { matchStatementLine } from "./match-statement-line.server";

beforeAll(async () => {
  await seedBooks();
});

const rule = (values: Partial<BankRuleFormValues>) => emptyBankRuleForm(values);

describe("bank rules: add, edit, delete", () => {
  it("refuses malformed input with a message per field and writes nothing", async () => {
    await getDb()
      .insert(chartOfAccounts)
      .values({ code: "6991", name: "Old charges", type: "expense", isActive: false });
    const [inactive] = await getDb().select().from(chartOfAccounts).where(eq(chartOfAccounts.code, "6991"));
    await createBankRule(
      getDb(),
      actor,
      rule({ accountId: BANK, contains: "Excise duty", kind: "charge", counterAccountId: CHARGES }),
    );
    const good = { accountId: BANK, contains: "SMS charge", kind: "charge", counterAccountId: CHARGES };
    const cases: [Partial<BankRuleFormValues>, string, string][] = [
      [{ contains: "" }, "contains", M.containsRequired],
      [{ contains: "   " }, "contains", M.containsRequired],
      [{ contains: "x" }, "contains", M.containsShort],
      [{ contains: "x".repeat(101) }, "contains", M.containsLong],
      [{ contains: "SMS\u202Echarge" }, "contains", "direction control"],
      [{ contains: "SMS\ncharge" }, "contains", "not allowed"],
      [{ contains: "excise DUTY" }, "contains", M.containsTaken("excise DUTY")],
      [{ kind: "" }, "kind", M.kindRequired],
      [{ kind: "refund" }, "kind", M.kindRequired],
      [{ counterAccountId: "" }, "counterAccountId", M.counterRequired.charge],
      [{ counterAccountId: "6700" }, "counterAccountId", M.counterRequired.charge],
      [{ counterAccountId: crypto.randomUUID() }, "counterAccountId", M.counterUnknown],
      [{ counterAccountId: inactive!.id }, "counterAccountId", M.counterInactive("6991", "Old charges")],
      [{ counterAccountId: INTEREST }, "counterAccountId", M.counterWrongKind.charge],
      [{ kind: "interest", counterAccountId: CHARGES }, "counterAccountId", M.counterWrongKind.interest],
      [{ kind: "transfer", counterAccountId: RENT }, "counterAccountId", M.counterWrongKind.transfer],
      [{ kind: "deposit", counterAccountId: SAVINGS }, "counterAccountId", M.counterWrongKind.deposit],
      [{ kind: "transfer", counterAccountId: BANK }, "counterAccountId", M.counterSame],
      [{ accountId: "bank" }, "accountId", M.accountInvalid],
      [{ accountId: RECEIVABLE }, "accountId", "is not a bank or wallet account"],
      [{ accountId: crypto.randomUUID() }, "accountId", "Choose a bank or wallet account"],
    ];
    for (const [values, field, message] of cases) {
      const before = await tableFingerprint(BANK_TABLES);
      const result = await createBankRule(getDb(), actor, rule({ ...good, ...values }));
      expect(result, JSON.stringify(values)).toMatchObject({ ok: false, refusal: "invalid" });
      const errors = (result as { errors: Record<string, string> }).errors;
      expect(errors[field], JSON.stringify(values)).toContain(message);
      expect((result as { message: string }).message).toBe(M.failed(Object.values(errors)[0]!));
      expect(await tableFingerprint(BANK_TABLES), JSON.stringify(values)).toEqual(before);
    }
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it("adds, edits and deletes a rule (audited); its bank transactions stay with rule_id null", async () => {
    const created = await createBankRule(
      getDb(),
      actor,
      rule({ accountId: "", contains: "  Card   fee ", kind: "charge", counterAccountId: CHARGES }),
    );
    expect(created).toMatchObject({ ok: true, message: M.created("Card fee") });
    const id = (created as { id: string }).id;
    const [row] = await getDb().select().from(bankRules).where(eq(bankRules.id, id));
    expect(row).toMatchObject({ accountId: null, contains: "Card fee", kind: "charge", counterAccountId: CHARGES });

    // The same text on one account is another rule; the same text for all accounts again is refused.
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: "", contains: "card FEE", kind: "charge", counterAccountId: CHARGES }),
      ),
    ).toMatchObject({
      ok: false,
      errors: { contains: M.containsTaken("card FEE") },
    });

    const updated = await updateBankRule(
      getDb(),
      actor,
      rule({ id, accountId: BKASH, contains: "Card fee", kind: "charge", counterAccountId: account("6990") }),
    );
    expect(updated).toEqual({ ok: true, message: M.updated("Card fee") });
    expect((await listBankRules(getDb())).find((r) => r.id === id)).toMatchObject({
      accountId: BKASH,
      account: "1200 Mobile Banking - bKash",
      counterAccount: "6990 Miscellaneous Expenses",
      used: 0,
    });
    expect(
      await updateBankRule(
        getDb(),
        actor,
        rule({ id: "", contains: "Card fee", kind: "charge", counterAccountId: CHARGES }),
      ),
    ).toMatchObject({
      ok: false,
      errors: { id: M.idRequired },
    });
    expect(
      await updateBankRule(
        getDb(),
        actor,
        rule({ id: crypto.randomUUID(), contains: "Card fee", kind: "charge", counterAccountId: CHARGES }),
      ),
    ).toMatchObject({
      ok: false,
      refusal: "not-found",
    });

    // Used once, then deleted: the transaction stays, without its rule.
    const statement = await insertStatement(BKASH, [
      { date: "2025-10-03", amount: "-25.00", description: "CARD FEE Oct" },
    ]);
    expect(await applyRuleToLine(getDb(), actor, { statementLineId: statement.lineIds[0]! })).toMatchObject({
      ok: true,
    });
    expect((await listBankRules(getDb())).find((r) => r.id === id)!.used).toBe(1);
    expect(await deleteBankRule(getDb(), actor, { id })).toEqual({ ok: true, message: M.deleted("Card fee") });
    const [made] = await getDb()
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.statementLineId, statement.lineIds[0]!));
    expect(made).toMatchObject({ ruleId: null, kind: "charge" });
    expect(await deleteBankRule(getDb(), actor, { id })).toMatchObject({ ok: false, refusal: "not-found" });
    expect(await deleteBankRule(getDb(), actor, { id: "1 or 1=1" })).toMatchObject({ ok: false, refusal: "invalid" });

    const audits = await queryRows<{ action: string }>(
      getDb(),
      sql`select action from audit_log where entity_id = ${id} order by created_at, action`,
    );
    expect(audits.map((a) => a.action)).toEqual(["bank_rule.created", "bank_rule.updated", "bank_rule.deleted"]);
  });
});

describe("applying rules", () => {
  it("creates one line's entry with its first fitting rule, skipping a rule of the wrong sign", async () => {
    // Created first but of the wrong sign for money out: skipped for the charge line. Each is checked to be kept.
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: SAVINGS, contains: "MAINTENANCE FEE", kind: "interest", counterAccountId: INTEREST }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: SAVINGS, contains: "maintenance", kind: "charge", counterAccountId: CHARGES }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: "", contains: "Maintenance fee", kind: "withdrawal", counterAccountId: RENT }),
      ),
    ).toMatchObject({ ok: true });
    const statement = await insertStatement(SAVINGS, [
      { date: "2025-11-01", amount: "-575.00", description: "ACCOUNT MAINTENANCE FEE" },
      { date: "2025-11-02", amount: "12.00", description: "Nothing covers this" },
    ]);
    const [fee, other] = statement.lineIds as [string, string];
    const result = await applyRuleToLine(getDb(), actor, { statementLineId: fee });
    expect(result).toMatchObject({ ok: true, message: APPLY_RULES_MESSAGES.applied("Bank charge", "maintenance") });
    const [made] = await getDb().select().from(bankTransactions).where(eq(bankTransactions.statementLineId, fee));
    expect(made).toMatchObject({ kind: "charge", direction: "out", counterAccountId: CHARGES, amount: "575.00" });
    expect((await matchesOf([fee]))[fee]).toHaveLength(1);

    const before = await tableFingerprint(BANK_TABLES);
    expect(await applyRuleToLine(getDb(), actor, { statementLineId: other })).toMatchObject({
      ok: false,
      message: APPLY_RULES_MESSAGES.noRule,
    });
    expect(await applyRuleToLine(getDb(), actor, { statementLineId: fee })).toMatchObject({
      ok: false,
      refusal: "conflict",
    });
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
  });

  it("applies the rules to every unmatched line of a statement they cover, in one transaction", async () => {
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: BANK, contains: "VAT on charge", kind: "charge", counterAccountId: CHARGES }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: BANK, contains: "Profit paid", kind: "interest", counterAccountId: INTEREST }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: BANK, contains: "Sweep", kind: "transfer", counterAccountId: SAVINGS }),
      ),
    ).toMatchObject({ ok: true });
    const matchedAlready = await postOnBank(BANK, "-15.00", "2025-12-01");
    const statement = await insertStatement(BANK, [
      { date: "2025-12-01", amount: "-15.00", description: "VAT on charge" },
      { date: "2025-12-02", amount: "-15.00", description: "VAT ON CHARGE" },
      { date: "2025-12-31", amount: "88.40", description: "Profit paid" },
      { date: "2025-12-31", amount: "-88.40", description: "Profit paid reversal" }, // interest cannot go out: skipped
      { date: "2025-12-15", amount: "5000.00", description: "Sweep in from savings" },
      { date: "2025-12-20", amount: "-3000.00", description: "Cheque 1234" }, // no rule
    ]);
    const ids = statement.lineIds;
    await matchStatementLine(getDb(), actor, { statementLineId: ids[0]!, journalLineIds: [matchedAlready.bankLineId] });

    const result = await applyRulesToStatement(getDb(), actor, { statementId: statement.id });
    expect(result).toEqual({ ok: true, message: APPLY_RULES_MESSAGES.appliedAll(3), count: 3 });
    const matches = await matchesOf(ids);
    expect(ids.map((id) => matches[id]!.length)).toEqual([1, 1, 1, 0, 1, 0]);
    const made = await queryRows<{ kind: string; direction: string; amount: string }>(
      getDb(),
      sql`select kind, direction, amount::text as amount from bank_transactions
          where statement_line_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by bank_transactions.amount`,
    );
    expect(made).toEqual([
      { kind: "charge", direction: "out", amount: "15.00" },
      { kind: "interest", direction: "in", amount: "88.40" },
      { kind: "transfer", direction: "in", amount: "5000.00" },
    ]);
    // Again: nothing left to do.
    expect(await applyRulesToStatement(getDb(), actor, { statementId: statement.id })).toEqual({
      ok: true,
      message: APPLY_RULES_MESSAGES.noneApplies,
      count: 0,
    });
  });

  it("refuses the whole when the book refuses one line, naming its row; nothing written", async () => {
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: BKASH, contains: "Cashout charge", kind: "charge", counterAccountId: CHARGES }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await createBankRule(
        getDb(),
        actor,
        rule({ accountId: BKASH, contains: "Owner top-up", kind: "deposit", counterAccountId: CAPITAL }),
      ),
    ).toMatchObject({ ok: true });
    const statement = await insertStatement(BKASH, [
      { date: "2026-01-05", amount: "-18.50", description: "Cashout charge" },
      { date: "2026-01-06", amount: "1000.00", description: "Owner top-up" },
    ]);
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, CAPITAL));
    try {
      const before = await tableFingerprint(BANK_TABLES);
      const result = await applyRulesToStatement(getDb(), actor, { statementId: statement.id });
      expect(result).toMatchObject({ ok: false, refusal: "invalid" });
      expect((result as { message: string }).message).toBe(
        APPLY_RULES_MESSAGES.rowRefused(
          "row 2 (Jan 06, 2026, Owner top-up, ৳1,000.00)",
          "Account 3000 Owner's Capital is deactivated: choose another",
        ),
      );
      expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
    } finally {
      await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, CAPITAL));
    }
    expect(await applyRulesToStatement(getDb(), actor, { statementId: crypto.randomUUID() })).toMatchObject({
      refusal: "not-found",
    });
    expect(await applyRulesToStatement(getDb(), actor, { statementId: "" })).toMatchObject({ refusal: "invalid" });
  });

  it("a rule for all accounts never makes a transfer to the line's own account", () => {
    const rules = [{ id: "r", accountId: null, contains: "sweep", kind: "transfer" as const, counterAccountId: BANK }];
    expect(firstRuleFor(rules, { accountId: BANK, description: "Sweep", amount: 100n })).toBeNull();
    expect(firstRuleFor(rules, { accountId: SAVINGS, description: "Sweep", amount: -100n })).toEqual(rules[0]);
    expect(kindFits("transfer", -1n) && kindFits("charge", -1n) && !kindFits("charge", 1n)).toBe(true);
  });
});
