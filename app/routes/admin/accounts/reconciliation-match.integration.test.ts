// The match screen through its route (issue 23): the loader (account and statement by the URL, the latest by default,
// the header's figures from reconciliationFigures, the filters, suggestions, the rule covering a line, Undo held by a
// finished reconciliation), the action's intents match, unmatch, create and apply-rule (one line, and all), answers
// of refusals with the reason and nothing written, and who may: staff neither see nor write, nobody signed in is
// refused. (No role holds accounts.view without accounts.manage today: staff, without either, stands for it.)
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { createBankRule } from "~/domain/banking/bank-rules.server";
import { emptyBankRuleForm } from "~/domain/banking/bank-rule-form";
import { MATCH_MESSAGES } from "~/domain/banking/match-statement-line.server";
import { UNMATCH_MESSAGES } from "~/domain/banking/unmatch-statement-line.server";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import {
  BANK_ACTOR,
  BANK_TABLES,
  BKASH,
  CHARGES,
  finishedReconciliation,
  insertStatement,
  matchesOf,
  postOnBank,
} from "../../../../tests/support/bank-fixtures";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { action, loader } from "./reconciliation-match";

const PATH = "/admin/accounts/reconciliation/match";

let accountant: TestUser;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, admin, staff] = await Promise.all([
    signedInUser("accountant"),
    signedInUser("admin"),
    signedInUser("staff"),
  ]);
});

type Screen = Awaited<ReturnType<typeof loader>>;
const load = async (query: string, as: TestUser = accountant) =>
  answerOf<Screen>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string | string[]>, query = "?account=1200", as: TestUser = accountant) =>
  callRoute(action, `${PATH}${query}`, { as, form });

describe(PATH, () => {
  it("shows the account's latest statement with its figures, lines, suggestions and rule; matches and undoes", async () => {
    const receipt = await postOnBank(BKASH, "2300.00", "2027-02-03", "Receipt", "TXN9911");
    await insertStatement(BKASH, [{ date: "2027-01-15", amount: "100.00", description: "Older" }], {
      fileName: "bkash-jan.csv",
    });
    const statement = await insertStatement(
      BKASH,
      [
        { date: "2027-02-03", amount: "2300.00", description: "Cash in TXN9911" },
        { date: "2027-02-04", amount: "-9.20", description: "bKash cashout charge" },
      ],
      { fileName: "bkash-feb.csv", opening: "100.00" },
    );
    const [line, charge] = statement.lineIds as [string, string];
    await createBankRule(
      getDb(),
      BANK_ACTOR,
      emptyBankRuleForm({ accountId: BKASH, contains: "cashout charge", kind: "charge", counterAccountId: CHARGES }),
    );

    const screen = await load("?account=1200");
    expect(screen.screen.statement?.fileName).toBe("bkash-feb.csv");
    expect(screen.canManage).toBe(true);
    expect(screen.screen.figures).toMatchObject({ statementBalance: "2390.80", difference: expect.any(String) });
    expect(screen.screen.counts).toEqual({ all: 2, unmatched: 2, matched: 0 });
    const shown = screen.screen.lines.find((l) => l.id === line)!;
    expect(shown.suggestions[0]).toMatchObject({
      journalLineId: receipt.bankLineId,
      exactAmount: true,
      referenceHit: true,
    });
    expect(screen.screen.lines.find((l) => l.id === charge)!.rule).toMatchObject({ contains: "cashout charge" });

    const matched = await post(
      { intent: "match", statementLineId: line, journalLineId: receipt.bankLineId },
      `?account=1200&statement=${statement.id}&status=unmatched`,
    );
    expect((matched as Response).headers.get("location")).toBe(
      `${PATH}?account=1200&statement=${statement.id}&status=unmatched`,
    );
    expect(flashToast(matched as Response)).toEqual({ type: "success", message: MATCH_MESSAGES.done(1) });

    const after = await load(`?account=1200&statement=${statement.id}&status=matched`);
    expect(after.screen.lines.map((l) => l.id)).toEqual([line]);
    expect(after.screen.lines[0]!.matched.map((m) => m.journalLineId)).toEqual([receipt.bankLineId]);
    expect(after.screen.lines[0]!.held).toBeNull();

    // Create with rule, in one click.
    const ruled = await post({ intent: "apply-rule", statementLineId: charge });
    expect(flashToast(ruled as Response)).toMatchObject({ type: "success" });
    expect((await matchesOf([charge]))[charge]).toHaveLength(1);

    // Undo, then held by a finished reconciliation.
    expect(flashToast((await post({ intent: "unmatch", statementLineId: line })) as Response)).toEqual({
      type: "success",
      message: UNMATCH_MESSAGES.done,
    });
    await post({ intent: "match", statementLineId: line, journalLineId: receipt.bankLineId });
    await finishedReconciliation(BKASH, statement.id, "2027-02-28");
    const held = await load(`?account=1200&statement=${statement.id}`);
    expect(held.screen.lines.find((l) => l.id === line)!.held).toBe(UNMATCH_MESSAGES.held("2027-02-28"));
    const before = await tableFingerprint(BANK_TABLES);
    const refused = answerOf<{ toast: { message: string }; lineId: string }>(
      await post({ intent: "unmatch", statementLineId: line }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ lineId: line, toast: { message: UNMATCH_MESSAGES.held("2027-02-28") } });
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
  });

  it("creates an entry from a line through the dialog, and answers a refused one with its fields", async () => {
    const statement = await insertStatement(BKASH, [
      { date: "2027-03-05", amount: "-15.00", description: "Send money fee" },
    ]);
    const [line] = statement.lineIds as [string];
    const query = `?account=1200&statement=${statement.id}`;
    const opened = await load(`${query}&create=${line}`);
    expect(opened.dialog).toMatchObject({ line: { id: line }, values: { kind: "charge", counterAccountId: "" } });

    const before = await tableFingerprint(BANK_TABLES);
    const refused = answerOf<{ errors: Record<string, string>; values: { kind: string } }>(
      await post(
        { intent: "create", statementLineId: line, kind: "interest", counterAccountId: "" },
        `${query}&create=${line}`,
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.kind).toContain("takes money out");
    expect(refused.body.values.kind).toBe("interest");
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);

    const made = await post(
      { intent: "create", statementLineId: line, kind: "charge", counterAccountId: "" },
      `${query}&create=${line}`,
    );
    expect((made as Response).headers.get("location")).toBe(`${PATH}${query}`);
    expect((await matchesOf([line]))[line]).toHaveLength(1);
  });

  it("applies the rules to all lines of a statement, and refuses bad input with the reason", async () => {
    await createBankRule(
      getDb(),
      BANK_ACTOR,
      emptyBankRuleForm({ accountId: BKASH, contains: "merchant fee", kind: "charge", counterAccountId: CHARGES }),
    );
    const statement = await insertStatement(BKASH, [
      { date: "2027-04-01", amount: "-5.00", description: "Merchant fee" },
      { date: "2027-04-02", amount: "-6.00", description: "MERCHANT FEE" },
    ]);
    const all = await post({ intent: "apply-rule", statementId: statement.id });
    expect(flashToast(all as Response)).toEqual({
      type: "success",
      message: "Rules applied: 2 entries made and matched",
    });

    const before = await tableFingerprint(BANK_TABLES);
    for (const [form, status] of [
      [{ intent: "match", statementLineId: "x", journalLineId: "y" }, 400],
      [{ intent: "match", statementLineId: statement.lineIds[0]!, journalLineId: crypto.randomUUID() }, 409],
      [{ intent: "unmatch", statementLineId: crypto.randomUUID() }, 404],
      [{ intent: "apply-rule", statementLineId: "" }, 400],
      [{ intent: "create", statementLineId: statement.lineIds[0]!, kind: "charge", counterAccountId: "" }, 409],
    ] as const) {
      const answer = answerOf<{ toast: { message: string } }>(await post(form as Record<string, string>));
      expect(answer.status, JSON.stringify(form)).toBe(status);
      expect(answer.body.toast.message.length).toBeGreaterThan(0);
    }
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
  });

  it("lets staff neither see nor match, nobody signed in neither; an admin may", async () => {
    const statement = await insertStatement(BKASH, [{ date: "2027-05-01", amount: "70.00", description: "In" }]);
    const ledger = await postOnBank(BKASH, "70.00", "2027-05-01");
    const form = { intent: "match", statementLineId: statement.lineIds[0]!, journalLineId: ledger.bankLineId };
    const before = await tableFingerprint(BANK_TABLES);
    expect(await thrownBy(callRoute(loader, `${PATH}?account=1200`, { as: staff }))).toMatchObject({ status: 403 });
    for (const intent of ["match", "unmatch", "create", "apply-rule"])
      expect(await thrownBy(post({ ...form, intent }, "?account=1200", staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(form, "?account=1200", ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
    expect(flashToast((await post(form, "?account=1200", admin)) as Response)).toMatchObject({ type: "success" });
  });
});
