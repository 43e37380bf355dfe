import { writeFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { ACTOR, seedBooks } from "../../../tests/support/invoice-fixtures";
import {
  BANK_CURRENT,
  bankTransaction,
  matchLine,
  RECONCILIATION_TABLES,
  statementWith,
} from "../../../tests/support/reconciliation-fixtures";
import { getDatabase, getDb } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { auditLog, bankReconciliations } from "~/db/schema";
import { finishReconciliation } from "./finish-reconciliation.server";
import { FINISH_MESSAGES, REOPEN_MESSAGES } from "./finish-reconciliation-form";
import { finishedThrough, reconciliationFigures } from "./reconciliation-figures.server";
import {
  ledgerLessOutstanding,
  reconciliationReport,
  renderReconciliationReportPdf,
} from "./reconciliation-report-pdf";
import { reopenReconciliation } from "./reopen-reconciliation.server";

// Finishing and reopening a bank reconciliation (issue 23) on a real database: refused, naming why, while lines up to
// the statement's last day are unmatched or the difference is not zero; kept with its figures once both hold; refused
// a second time; reopened only with a reason (audited), then finished again as a new row. Two finishes of one
// statement at once keep exactly one row (PostgreSQL: the account's statements are locked, the second waits and is
// refused).

const finish = (statementId: string) => finishReconciliation(getDb(), ACTOR, { statementId });
const reopen = (reconciliationId: string, reason: string) =>
  reopenReconciliation(getDb(), ACTOR, { reconciliationId, reason });
const rowsOf = (statementId: string) =>
  getDb()
    .select()
    .from(bankReconciliations)
    .where(eq(bankReconciliations.statementId, statementId))
    .orderBy(bankReconciliations.finishedAt);

let april: { id: string; lineIds: string[] };
let deposit: { bankLineId: string };
let charge: { bankLineId: string };

beforeAll(async () => {
  await seedBooks();
  // Before the first statement: the opening balance's deposit (inside the statement's opening balance, issue 37).
  await bankTransaction(BANK_CURRENT, "deposit", "10000.00", "2026-03-15");
  deposit = await bankTransaction(BANK_CURRENT, "deposit", "5000.00", "2026-04-05");
  charge = await bankTransaction(BANK_CURRENT, "charge", "200.00", "2026-04-10");
  // Not on the statement yet: a cheque written on the 20th.
  await bankTransaction(BANK_CURRENT, "withdrawal", "300.00", "2026-04-20");
  april = await statementWith(
    BANK_CURRENT,
    [
      { date: "2026-04-05", amount: "5000.00", description: "Cash deposit" },
      { date: "2026-04-10", amount: "-200.00", description: "Service charge" },
    ],
    { opening: "10000.00", periodStart: "2026-04-01", periodEnd: "2026-04-30" },
  );
});

describe("finishing a reconciliation", () => {
  it("is refused while lines are unmatched and the difference is not zero, naming how many, writing nothing", async () => {
    const before = await tableFingerprint(RECONCILIATION_TABLES);
    const unmatched = FINISH_MESSAGES.unmatched(2, "2026-04-30");
    const difference = FINISH_MESSAGES.difference("4800.00");
    expect(unmatched).toBe("2 statement lines up to Apr 30, 2026 are not matched yet: match them first");
    expect(await finish(april.id)).toEqual({
      ok: false,
      refusal: "invalid",
      message: FINISH_MESSAGES.failed(`${unmatched}; ${difference}`),
      errors: { form: `${unmatched}; ${difference}` },
    });

    await matchLine(april.lineIds[0]!, [deposit.bankLineId]);
    const one = FINISH_MESSAGES.unmatched(1, "2026-04-30");
    expect(await finish(april.id)).toMatchObject({
      ok: false,
      errors: { form: `${one}; ${FINISH_MESSAGES.difference("-200.00")}` },
    });
    expect(await tableFingerprint(RECONCILIATION_TABLES)).toEqual(before);
  });

  it("keeps the figures once every line is matched and the difference is zero", async () => {
    await matchLine(april.lineIds[1]!, [charge.bankLineId]);
    const result = await finish(april.id);
    expect(result).toMatchObject({ ok: true, message: FINISH_MESSAGES.finished("2026-04-30"), asOfDate: "2026-04-30" });
    expect(await rowsOf(april.id)).toMatchObject([
      {
        accountId: BANK_CURRENT,
        asOfDate: "2026-04-30",
        statementBalance: "14800.00",
        reconciledBalance: "14800.00",
        // 10,000 + 5,000 − 200 − 300: the cheque of the 20th is outstanding.
        ledgerBalance: "14500.00",
        status: "finished",
        reopenReason: null,
      },
    ]);
    expect(await finishedThrough(getDb(), BANK_CURRENT)).toBe("2026-04-30");
    if (!result.ok) return;
    // Outstanding: the cheque alone, not the deposit before the first statement (its opening balance holds it), and
    // the report proves the statement balance from the ledger (issue 37, money error 4).
    expect(await reconciliationFigures(getDb(), april.id)).toMatchObject({
      outstandingCount: 1,
      outstandingSum: -30_000n,
      ledgerBalance: 1_450_000n,
      statementBalance: 1_480_000n,
    });
    const report = (await reconciliationReport(getDb(), result.id))!;
    expect(report.outstanding).toEqual([{ date: "2026-04-20", description: expect.any(String), amount: "-300.00" }]);
    expect(ledgerLessOutstanding(report)).toBe(report.statementBalance);
    if (process.env.RECONCILIATION_PDF_SAMPLE)
      writeFileSync(process.env.RECONCILIATION_PDF_SAMPLE, await renderReconciliationReportPdf(getDb(), report));
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit).toMatchObject([{ action: "bank_reconciliation.finished", actorLabel: ACTOR.label }]);
  });

  it("is refused a second time", async () => {
    const before = await tableFingerprint(RECONCILIATION_TABLES);
    const message = FINISH_MESSAGES.alreadyFinished("2026-04-30");
    expect(await finish(april.id)).toEqual({
      ok: false,
      refusal: "conflict",
      message: FINISH_MESSAGES.failed(message),
      errors: { form: message },
    });
    expect(await tableFingerprint(RECONCILIATION_TABLES)).toEqual(before);
  });

  it("the database itself keeps one finished row per statement", async () => {
    const [kept] = await rowsOf(april.id);
    const error = await getDb()
      .insert(bankReconciliations)
      .values({ ...kept!, id: undefined, finishedAt: undefined })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(violatedConstraint(error)).toBe("bank_reconciliations_statement_finished_unique");
  });

  it("is refused with a difference even when every line is matched", async () => {
    const may = await bankTransaction(BANK_CURRENT, "deposit", "1000.00", "2026-05-03");
    // The bank says 15,900 where its lines make 15,800.
    const statement = await statementWith(BANK_CURRENT, [{ date: "2026-05-03", amount: "1000.00" }], {
      opening: "14800.00",
      closing: "15900.00",
      periodStart: "2026-05-01",
      periodEnd: "2026-05-31",
    });
    await matchLine(statement.lineIds[0]!, [may.bankLineId]);
    const message = FINISH_MESSAGES.difference("100.00");
    expect(await finish(statement.id)).toMatchObject({ ok: false, refusal: "invalid", errors: { form: message } });
    expect(await rowsOf(statement.id)).toEqual([]);
  });

  it("refuses a statement that is not there, or no statement at all", async () => {
    expect(await finish(crypto.randomUUID())).toMatchObject({
      ok: false,
      refusal: "not-found",
      errors: { statementId: FINISH_MESSAGES.notFound },
    });
    expect(await finish("")).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { statementId: FINISH_MESSAGES.statementRequired },
    });
  });
});

describe("reopening a reconciliation", () => {
  it.each([
    ["no reason", "", REOPEN_MESSAGES.reasonRequired],
    ["only spaces", "   \n  ", REOPEN_MESSAGES.reasonRequired],
    ["two characters", " ab ", REOPEN_MESSAGES.reasonShort],
    ["501 characters", "x".repeat(501), REOPEN_MESSAGES.reasonLong],
    ["a control character", "bank\u0007 error", REOPEN_MESSAGES.reasonControl],
  ])("is refused with %s, writing nothing", async (_name, reason, message) => {
    const [row] = await rowsOf(april.id);
    const before = await tableFingerprint(RECONCILIATION_TABLES);
    expect(await reopen(row!.id, reason)).toEqual({
      ok: false,
      refusal: "invalid",
      message: REOPEN_MESSAGES.failed(message),
      errors: { reason: message },
    });
    expect(await tableFingerprint(RECONCILIATION_TABLES)).toEqual(before);
  });

  it("keeps the figures and says who, when and why; only once; then finishing again writes a new row", async () => {
    const [row] = await rowsOf(april.id);
    const reason = "The bank corrected the service charge of April 10";
    expect(await reopen(row!.id, `  ${reason}  `)).toMatchObject({
      ok: true,
      message: REOPEN_MESSAGES.reopened("2026-04-30"),
    });
    const [reopened] = await rowsOf(april.id);
    expect(reopened).toMatchObject({ status: "reopened", reopenReason: reason, statementBalance: "14800.00" });
    expect(reopened!.reopenedAt).toBeInstanceOf(Date);
    expect(await finishedThrough(getDb(), BANK_CURRENT)).toBeNull();
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["bank_reconciliation.finished", "bank_reconciliation.reopened"]);

    expect(await reopen(row!.id, reason)).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: REOPEN_MESSAGES.notFinished },
    });
    expect(await reopen(crypto.randomUUID(), reason)).toMatchObject({ ok: false, refusal: "not-found" });

    expect(await finish(april.id)).toMatchObject({ ok: true });
    expect((await rowsOf(april.id)).map((r) => r.status)).toEqual(["reopened", "finished"]);
  });
});

describe("two finishes of one statement at once", () => {
  it("keep exactly one row", async () => {
    const june = await bankTransaction(BANK_CURRENT, "deposit", "700.00", "2026-06-02");
    const statement = await statementWith(BANK_CURRENT, [{ date: "2026-06-02", amount: "700.00" }], {
      opening: "15900.00",
      closing: "16500.00",
      periodStart: "2026-06-01",
      periodEnd: "2026-06-30",
    });
    await matchLine(statement.lineIds[0]!, [june.bankLineId]);
    // The bank's correction of May's 100 comes on a second June statement: a deposit typed and matched.
    const fix = await bankTransaction(BANK_CURRENT, "deposit", "100.00", "2026-06-03");
    const correction = await statementWith(BANK_CURRENT, [{ date: "2026-06-03", amount: "100.00" }], {
      opening: "16500.00",
      periodStart: "2026-06-01",
      periodEnd: "2026-06-30",
    });
    await matchLine(correction.lineIds[0]!, [fix.bankLineId]);

    const database = getDatabase();
    const blocker = database.kind === "postgres" ? await database.pool!.connect() : null;
    try {
      if (blocker) {
        // A third connection holds the account's statements so both finishes reach the lock before either reads.
        await blocker.query("begin");
        await blocker.query("select id from bank_statements where account_id = $1 for update", [BANK_CURRENT]);
      }
      const both = Promise.all([finish(correction.id), finish(correction.id)]);
      if (blocker) {
        for (;;) {
          const { rows } = await database.pool!.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n >= 2) break;
          await new Promise((r) => setImmediate(r));
        }
        await blocker.query("commit");
      }
      const results = await both;
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toMatchObject([
        { refusal: "conflict", errors: { form: FINISH_MESSAGES.alreadyFinished("2026-06-30") } },
      ]);
    } finally {
      blocker?.release();
    }
    expect(await rowsOf(correction.id)).toHaveLength(1);
    const [count] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(bankReconciliations)
      .where(eq(bankReconciliations.status, "finished"));
    expect(count!.n).toBe(2);
  });
});
