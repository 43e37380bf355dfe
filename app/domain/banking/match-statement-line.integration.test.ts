// Matching statement lines to the ledger (issue 23), on both databases: one to one, one to many, the refusals (sums
// unequal, another account's line, a draft's, a line matched already, unknown ids, bad input) with nothing written,
// undo (refused while a finished reconciliation holds the line), an entry made from a line (charge, interest,
// transfer) and matched in the same transaction, the suggestions of a whole statement, and, on PostgreSQL, two people
// matching the same ledger line to two statement lines at once (30 rounds): one wins, the other is told, no ledger
// line is matched twice.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import { bankMatches, bankTransactions } from "~/db/schema";
import { fromPaisa } from "~/lib/money";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { seedBooks } from "../../../tests/support/invoice-fixtures";
import {
  BANK,
  BANK_ACTOR as actor,
  BANK_TABLES,
  BKASH,
  CHARGES,
  INTEREST,
  RENT,
  SAVINGS,
  finishedReconciliation,
  insertStatement,
  manualOnBank,
  matchesOf,
  postOnBank,
} from "../../../tests/support/bank-fixtures";
import { CREATE_FROM_LINE_MESSAGES } from "./create-from-statement-line-form";
import { createFromStatementLine } from "./create-from-statement-line.server";
import { MATCH_LIMITS, MATCH_MESSAGES, matchStatementLine } from "./match-statement-line.server";
import { statementSuggestions } from "./match-suggestions.server";
import { UNMATCH_MESSAGES, unmatchStatementLine } from "./unmatch-statement-line.server";

beforeAll(async () => {
  await seedBooks();
});

const unchanged = async (run: () => Promise<unknown>) => {
  const before = await tableFingerprint(BANK_TABLES);
  const result = await run();
  expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
  return result;
};

describe("matchStatementLine", () => {
  it("matches one to one and one to many, audited", async () => {
    const a = await postOnBank(BANK, "1500.00", "2025-01-10", "Receipt from Acme");
    const r1 = await postOnBank(BANK, "2500.00", "2025-01-08");
    const r2 = await postOnBank(BANK, "4000.00", "2025-01-09");
    const r3 = await manualOnBank(BANK, "3500.00", "2025-01-09");
    const statement = await insertStatement(BANK, [
      { date: "2025-01-10", amount: "1500.00", description: "NPSB IN ACME" },
      { date: "2025-01-11", amount: "10000.00", description: "Cash deposit" },
    ]);
    const [one, many] = statement.lineIds as [string, string];

    expect(await matchStatementLine(getDb(), actor, { statementLineId: one, journalLineIds: [a.bankLineId] })).toEqual({
      ok: true,
      message: MATCH_MESSAGES.done(1),
    });
    const result = await matchStatementLine(getDb(), actor, {
      statementLineId: many,
      journalLineIds: [r1.bankLineId, r2.bankLineId, r3.bankLineId, r3.bankLineId.toUpperCase()],
    });
    expect(result).toEqual({ ok: true, message: MATCH_MESSAGES.done(3) });
    const matches = await matchesOf([one, many]);
    expect(matches[one]).toEqual([a.bankLineId]);
    expect(matches[many]!.sort()).toEqual([r1.bankLineId, r2.bankLineId, r3.bankLineId].sort());
    const audits = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from audit_log where action = 'bank_statement_line.matched' and entity_id in (${one}, ${many})`,
    );
    expect(audits[0]!.n).toBe(2);
  });

  it("refuses what does not fit, naming it, and writes nothing", async () => {
    const ok = await postOnBank(BANK, "-57.50", "2025-02-05", "SMS charges", "CHG-1");
    const other = await postOnBank(SAVINGS, "-57.50", "2025-02-05", "Savings charge");
    const draft = await manualOnBank(BANK, "-57.50", "2025-02-05", { status: "draft" });
    const taken = await postOnBank(BANK, "-57.50", "2025-02-06");
    const statement = await insertStatement(BANK, [
      { date: "2025-02-05", amount: "-57.50", description: "SMS CHARGE" },
      { date: "2025-02-06", amount: "-57.50", description: "SMS CHARGE" },
    ]);
    const [line, second] = statement.lineIds as [string, string];
    await matchStatementLine(getDb(), actor, { statementLineId: second, journalLineIds: [taken.bankLineId] });
    const bigger = await postOnBank(BANK, "-100.00", "2025-02-05");

    const cases: [string, { statementLineId: string; journalLineIds: string[] }, string, string][] = [
      [
        "sum unequal",
        { statementLineId: line, journalLineIds: [bigger.bankLineId] },
        "invalid",
        MATCH_MESSAGES.sumUnequal("-100.00", "-57.50"),
      ],
      [
        "two lines summing to more",
        { statementLineId: line, journalLineIds: [ok.bankLineId, bigger.bankLineId] },
        "invalid",
        MATCH_MESSAGES.sumUnequal("-157.50", "-57.50"),
      ],
      [
        "another account",
        { statementLineId: line, journalLineIds: [other.bankLineId] },
        "invalid",
        "is on another account (1110 Bank - Savings Account)",
      ],
      [
        "a draft",
        { statementLineId: line, journalLineIds: [draft.bankLineId] },
        "invalid",
        "is a line of a draft entry: post the entry first",
      ],
      [
        "a ledger line matched already",
        { statementLineId: line, journalLineIds: [taken.bankLineId] },
        "conflict",
        "is already matched to another statement line: choose another",
      ],
      [
        "the statement line matched already",
        { statementLineId: second, journalLineIds: [ok.bankLineId] },
        "conflict",
        "is already matched: undo its match to match it again",
      ],
      [
        "an unknown statement line",
        { statementLineId: crypto.randomUUID(), journalLineIds: [ok.bankLineId] },
        "not-found",
        MATCH_MESSAGES.lineUnknown,
      ],
      [
        "an unknown ledger line",
        { statementLineId: line, journalLineIds: [crypto.randomUUID()] },
        "not-found",
        MATCH_MESSAGES.ledgerUnknown,
      ],
      [
        "a statement line id that is not one",
        { statementLineId: "row-1", journalLineIds: [ok.bankLineId] },
        "invalid",
        MATCH_MESSAGES.lineRequired,
      ],
      ["no ledger line", { statementLineId: line, journalLineIds: [] }, "invalid", MATCH_MESSAGES.ledgerRequired],
      [
        "a ledger line id that is not one",
        { statementLineId: line, journalLineIds: ["1; drop table x"] },
        "invalid",
        MATCH_MESSAGES.ledgerRequired,
      ],
      [
        "too many",
        {
          statementLineId: line,
          journalLineIds: Array.from({ length: MATCH_LIMITS.journalLines + 1 }, () => crypto.randomUUID()),
        },
        "invalid",
        MATCH_MESSAGES.tooMany,
      ],
    ];
    for (const [what, input, refusal, message] of cases) {
      const result = await unchanged(() => matchStatementLine(getDb(), actor, input));
      expect(result, what).toMatchObject({ ok: false, refusal });
      expect((result as { message: string }).message, what).toContain(message);
    }
    // Refusals that concern the ledger lines name the field.
    const refused = await matchStatementLine(getDb(), actor, {
      statementLineId: line,
      journalLineIds: [draft.bankLineId],
    });
    expect(refused).toMatchObject({ errors: { journalLineIds: expect.stringContaining("draft") } });
    // The database refuses a match past the use case too: another account's line, a draft's.
    for (const journalLineId of [other.bankLineId, draft.bankLineId])
      await expect(getDb().insert(bankMatches).values({ statementLineId: line, journalLineId })).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: "bank_matches_same_account" }),
      });
    // And a ledger line twice.
    await expect(
      getDb().insert(bankMatches).values({ statementLineId: line, journalLineId: taken.bankLineId }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "bank_matches_journal_line_unique" }) });
    // Still matchable with the right line.
    expect(
      await matchStatementLine(getDb(), actor, { statementLineId: line, journalLineIds: [ok.bankLineId] }),
    ).toMatchObject({ ok: true });
  });
});

describe("unmatchStatementLine", () => {
  it("undoes a match (audited), and is refused while a finished reconciliation holds the line", async () => {
    const posted = await postOnBank(BKASH, "800.00", "2025-03-03");
    const late = await postOnBank(BKASH, "200.00", "2025-03-20");
    const statement = await insertStatement(BKASH, [
      { date: "2025-03-03", amount: "800.00", description: "bKash receive" },
      { date: "2025-03-20", amount: "200.00", description: "bKash receive" },
    ]);
    const [held, free] = statement.lineIds as [string, string];
    await matchStatementLine(getDb(), actor, { statementLineId: held, journalLineIds: [posted.bankLineId] });
    await matchStatementLine(getDb(), actor, { statementLineId: free, journalLineIds: [late.bankLineId] });
    await finishedReconciliation(BKASH, statement.id, "2025-03-10");

    const refused = await unchanged(() => unmatchStatementLine(getDb(), actor, { statementLineId: held }));
    expect(refused).toEqual({
      ok: false,
      refusal: "conflict",
      message: UNMATCH_MESSAGES.held("2025-03-10"),
      errors: {},
    });
    expect(UNMATCH_MESSAGES.held("2025-03-10")).toContain("reopen the reconciliation");

    expect(await unmatchStatementLine(getDb(), actor, { statementLineId: free })).toEqual({
      ok: true,
      message: UNMATCH_MESSAGES.done,
    });
    expect((await matchesOf([free]))[free]).toEqual([]);
    expect(await unmatchStatementLine(getDb(), actor, { statementLineId: free })).toMatchObject({
      refusal: "conflict",
      message: UNMATCH_MESSAGES.notMatched,
    });
    expect(await unmatchStatementLine(getDb(), actor, { statementLineId: crypto.randomUUID() })).toMatchObject({
      refusal: "not-found",
    });
    expect(await unmatchStatementLine(getDb(), actor, { statementLineId: "x" })).toMatchObject({
      refusal: "invalid",
      errors: { statementLineId: UNMATCH_MESSAGES.lineRequired },
    });
    // Reopened, the line can be unmatched.
    await getDb().execute(
      sql`update bank_reconciliations set status = 'reopened', reopened_at = now(), reopen_reason = 'fix' where statement_id = ${statement.id}`,
    );
    expect(await unmatchStatementLine(getDb(), actor, { statementLineId: held })).toMatchObject({ ok: true });
    // The ledger line is suggested again.
    const suggestions = await statementSuggestions(getDb(), statement.id);
    expect(suggestions.get(held)!.singles[0]!.candidate.journalLineId).toBe(posted.bankLineId);
  });
});

describe("createFromStatementLine", () => {
  it("posts a charge, interest and a transfer from lines and matches each in the same transaction", async () => {
    const statement = await insertStatement(BANK, [
      { date: "2025-04-30", amount: "-115.00", description: "SMS Banking Charge Q1", reference: "CHG/0425" },
      { date: "2025-04-30", amount: "342.18", description: "Interest credit" },
      { date: "2025-04-28", amount: "-20000.00", description: "Transfer to savings", reference: "TRF-88" },
    ]);
    const [charge, interest, transfer] = statement.lineIds as [string, string, string];
    const made = [
      await createFromStatementLine(getDb(), actor, { statementLineId: charge, kind: "charge", counterAccountId: "" }),
      await createFromStatementLine(getDb(), actor, {
        statementLineId: interest,
        kind: "interest",
        counterAccountId: INTEREST,
      }),
      await createFromStatementLine(getDb(), actor, {
        statementLineId: transfer,
        kind: "transfer",
        counterAccountId: SAVINGS,
      }),
    ];
    expect(made.map((m) => m.ok)).toEqual([true, true, true]);
    const rows = await queryRows<{
      kind: string;
      direction: string;
      counter: string;
      amount: string;
      date: string;
      reference: string | null;
      statement_line_id: string;
      matched: string;
      bank_amount: string;
    }>(
      getDb(),
      sql`select bt.kind, bt.direction, bt.counter_account_id as counter, bt.amount::text as amount, bt.date::text as date,
            bt.reference, bt.statement_line_id, m.statement_line_id as matched, (jl.debit - jl.credit)::text as bank_amount
          from bank_transactions bt
          join journal_lines jl on jl.journal_entry_id = bt.journal_entry_id and jl.account_id = bt.account_id
          join bank_matches m on m.journal_line_id = jl.id
          where bt.statement_line_id in (${charge}, ${interest}, ${transfer}) order by bt.amount`,
    );
    expect(rows).toEqual([
      {
        kind: "charge",
        direction: "out",
        counter: CHARGES,
        amount: "115.00",
        date: "2025-04-30",
        reference: "CHG/0425",
        statement_line_id: charge,
        matched: charge,
        bank_amount: "-115.00",
      },
      {
        kind: "interest",
        direction: "in",
        counter: INTEREST,
        amount: "342.18",
        date: "2025-04-30",
        reference: null,
        statement_line_id: interest,
        matched: interest,
        bank_amount: "342.18",
      },
      {
        kind: "transfer",
        direction: "out",
        counter: SAVINGS,
        amount: "20000.00",
        date: "2025-04-28",
        reference: "TRF-88",
        statement_line_id: transfer,
        matched: transfer,
        bank_amount: "-20000.00",
      },
    ]);
    // Matched already: refused, nothing written.
    const again = await unchanged(() =>
      createFromStatementLine(getDb(), actor, { statementLineId: charge, kind: "charge", counterAccountId: "" }),
    );
    expect(again).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: expect.stringContaining("already matched"),
    });
  });

  it("refuses a kind against the line's sign, a wrong account, bad input; nothing written", async () => {
    const statement = await insertStatement(BANK, [{ date: "2025-05-02", amount: "-40.00", description: "ATM fee" }]);
    const [line] = statement.lineIds as [string];
    const cases: [Record<string, string>, string, string][] = [
      [{ kind: "interest", counterAccountId: INTEREST }, "kind", "takes money out"],
      [{ kind: "charge", counterAccountId: crypto.randomUUID() }, "counterAccountId", "does not exist"],
      [{ kind: "charge", counterAccountId: INTEREST }, "counterAccountId", "expense account"],
      [{ kind: "transfer", counterAccountId: RENT }, "counterAccountId", "cash, bank or wallet"],
      [{ kind: "transfer", counterAccountId: BANK }, "counterAccountId", "other than the bank account"],
      [
        { kind: "withdrawal", counterAccountId: "" },
        "counterAccountId",
        CREATE_FROM_LINE_MESSAGES.counterRequired.withdrawal,
      ],
      [{ kind: "gift", counterAccountId: "" }, "kind", CREATE_FROM_LINE_MESSAGES.kindRequired],
      [
        { kind: "charge", counterAccountId: "", statementLineId: "nope" },
        "statementLineId",
        CREATE_FROM_LINE_MESSAGES.lineRequired,
      ],
    ];
    for (const [values, field, message] of cases) {
      const result = await unchanged(() =>
        createFromStatementLine(getDb(), actor, { statementLineId: line, kind: "", counterAccountId: "", ...values }),
      );
      expect(result, JSON.stringify(values)).toMatchObject({ ok: false });
      expect((result as { errors: Record<string, string> }).errors[field], JSON.stringify(values)).toContain(message);
    }
    expect(
      await createFromStatementLine(getDb(), actor, {
        statementLineId: crypto.randomUUID(),
        kind: "charge",
        counterAccountId: "",
      }),
    ).toMatchObject({ ok: false, refusal: "not-found" });
    expect(await getDb().select().from(bankTransactions).where(eq(bankTransactions.statementLineId, line))).toEqual([]);
  });
});

describe("statementSuggestions", () => {
  it("suggests, for every unmatched line, the account's unmatched posted lines by amount, date and reference", async () => {
    const exact = await postOnBank(SAVINGS, "5000.00", "2025-06-10", "Deposit", "DEP-778");
    const exactFar = await postOnBank(SAVINGS, "5000.00", "2025-06-16");
    const beyond = await postOnBank(SAVINGS, "5000.00", "2025-06-30"); // beyond the window
    const draft = await manualOnBank(SAVINGS, "5000.00", "2025-06-10", { status: "draft" }); // never suggested
    const g1 = await postOnBank(SAVINGS, "700.00", "2025-06-11");
    const g2 = await postOnBank(SAVINGS, "300.00", "2025-06-12");
    const statement = await insertStatement(SAVINGS, [
      { date: "2025-06-12", amount: "5000.00", description: "CASH DEP", reference: "DEP778" },
      { date: "2025-06-12", amount: "1000.00", description: "Two receipts" },
    ]);
    const [line, group] = statement.lineIds as [string, string];
    const suggestions = await statementSuggestions(getDb(), statement.id);
    const singles = suggestions.get(line)!.singles;
    // The exact amounts first, the nearer (and the one whose reference the line names) before; then the others.
    expect(singles.map((s) => s.candidate.journalLineId)).toEqual([
      exact.bankLineId,
      exactFar.bankLineId,
      g2.bankLineId,
      g1.bankLineId,
    ]);
    expect(singles.map((s) => s.candidate.journalLineId)).not.toContain(beyond.bankLineId);
    expect(singles.map((s) => s.candidate.journalLineId)).not.toContain(draft.bankLineId);
    expect(suggestions.get(line)!.singles[0]).toMatchObject({ exactAmount: true, referenceHit: true, days: 2 });
    expect(
      suggestions
        .get(group)!
        .groups[0]!.candidates.map((c) => c.journalLineId)
        .sort(),
    ).toEqual([g1.bankLineId, g2.bankLineId].sort());
    // Matched, a line is suggested no more (and the matched statement line has none).
    await matchStatementLine(getDb(), actor, { statementLineId: line, journalLineIds: [exact.bankLineId] });
    const after = await statementSuggestions(getDb(), statement.id);
    expect(after.has(line)).toBe(false);
    expect(after.get(group)!.singles.map((s) => s.candidate.journalLineId)).not.toContain(exact.bankLineId);
  });
});

describe("two people matching one ledger line at once", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "exactly one wins, the other is told which line is taken; no ledger line matched twice (30 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 30; round++) {
        const amount = fromPaisa(BigInt(10_000 + round));
        const ledger = await postOnBank(BANK, amount, "2025-07-15", `Round ${round}`);
        const statement = await insertStatement(BANK, [
          { date: "2025-07-15", amount, description: `Round ${round} A` },
          { date: "2025-07-15", amount, description: `Round ${round} B` },
        ]);
        const [a, b] = statement.lineIds as [string, string];
        // A third connection holds the entry, so both matches pass their checks and meet at the unique index.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from journal_entries where id = $1 for update", [ledger.entryId]);
          const both = Promise.all([
            matchStatementLine(getDb(), actor, { statementLineId: a, journalLineIds: [ledger.bankLineId] }),
            matchStatementLine(getDb(), actor, { statementLineId: b, journalLineIds: [ledger.bankLineId] }),
          ]);
          for (;;) {
            const { rows } = await pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (rows[0]!.n >= 2) break;
            await new Promise((r) => setImmediate(r));
          }
          await blocker.query("commit");
          const results = await both;
          expect(results.filter((r) => r.ok)).toHaveLength(1);
          const lost = results.find((r) => !r.ok) as {
            refusal: string;
            message: string;
            errors: Record<string, string>;
          };
          expect(lost.refusal).toBe("conflict");
          expect(lost.message).toContain("is already matched to another statement line: choose another");
          expect(lost.message).toContain(`Round ${round}`);
        } finally {
          blocker.release();
        }
        const matched = await getDb()
          .select()
          .from(bankMatches)
          .where(eq(bankMatches.journalLineId, ledger.bankLineId));
        expect(matched).toHaveLength(1);
      }
      const [twice] = await queryRows<{ n: number }>(
        getDb(),
        sql`select count(*)::int as n from (select journal_line_id from bank_matches group by 1 having count(*) > 1) d`,
      );
      expect(twice!.n).toBe(0);
    },
    180_000,
  );
});
