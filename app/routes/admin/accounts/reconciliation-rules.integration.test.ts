// The bank rules screen through its route (issue 23): the list in the order rules are tried, Add / Edit / Delete by
// the URL's dialogs and the action's intents create, update and delete; a refused rule answered with its fields and
// what was typed, nothing written; staff neither see nor write.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { BANK_RULE_MESSAGES as M } from "~/domain/banking/bank-rule-form";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { BANK, BANK_TABLES, CHARGES, INTEREST } from "../../../../tests/support/bank-fixtures";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { action, loader } from "./reconciliation-rules";

const PATH = "/admin/accounts/reconciliation/rules";

let accountant: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff] = await Promise.all([signedInUser("accountant"), signedInUser("staff")]);
});

type Screen = Awaited<ReturnType<typeof loader>>;
const load = async (query = "", as: TestUser = accountant) =>
  answerOf<Screen>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string>, query = "", as: TestUser = accountant) =>
  callRoute(action, `${PATH}${query}`, { as, form });

const RULE = { accountId: BANK, contains: "SMS Banking charge", kind: "charge", counterAccountId: CHARGES, id: "" };

describe(PATH, () => {
  it("adds, edits and deletes a rule through its dialogs", async () => {
    const opened = await load("?account=1100&new=1");
    expect(opened.dialog).toMatchObject({ kind: "create", values: { accountId: BANK, kind: "charge" } });
    expect(opened.counters.length).toBeGreaterThan(10);

    const created = await post({ intent: "create", ...RULE }, "?account=1100&new=1");
    expect((created as Response).headers.get("location")).toBe(`${PATH}?account=1100`);
    expect(flashToast(created as Response)).toEqual({ type: "success", message: M.created("SMS Banking charge") });
    const listed = await load();
    const rule = listed.rules.find((r) => r.contains === "SMS Banking charge")!;
    expect(rule).toMatchObject({ account: "1100 Bank - Current Account", kind: "charge", used: 0 });

    const edit = await load(`?edit=${rule.id}`);
    expect(edit.dialog).toMatchObject({ kind: "update", values: { id: rule.id, contains: "SMS Banking charge" } });
    const updated = await post({ intent: "update", ...RULE, id: rule.id, contains: "SMS charge", accountId: "" });
    expect(flashToast(updated as Response)).toEqual({ type: "success", message: M.updated("SMS charge") });
    expect((await load()).rules.find((r) => r.id === rule.id)).toMatchObject({ account: null, contains: "SMS charge" });

    expect((await load(`?delete=${rule.id}`)).dialog).toMatchObject({ kind: "delete", id: rule.id });
    const deleted = await post({ intent: "delete", id: rule.id });
    expect(flashToast(deleted as Response)).toEqual({ type: "success", message: M.deleted("SMS charge") });
    expect((await load()).rules.find((r) => r.id === rule.id)).toBeUndefined();
    // Gone: its dialog is not opened, and deleting again is answered.
    expect(await thrownBy(callRoute(loader, `${PATH}?edit=${rule.id}`, { as: accountant }))).toMatchObject({
      status: 302,
      location: PATH,
    });
    expect(flashToast((await post({ intent: "delete", id: rule.id })) as Response)).toMatchObject({ type: "error" });
  });

  it("answers a refused rule with its fields and what was typed, writing nothing", async () => {
    const before = await tableFingerprint(BANK_TABLES);
    const cases: [Record<string, string>, string][] = [
      [{ contains: "" }, M.containsRequired],
      [{ contains: "a" }, M.containsShort],
      [{ kind: "gift" }, M.kindRequired],
      [{ counterAccountId: "" }, M.counterRequired.charge],
      [{ counterAccountId: INTEREST }, M.counterWrongKind.charge],
      [{ accountId: "not-an-id" }, M.accountInvalid],
    ];
    for (const [values, message] of cases) {
      const answer = answerOf<{
        errors: Record<string, string>;
        values: Record<string, string>;
        toast: { message: string };
      }>(await post({ intent: "create", ...RULE, ...values }));
      expect(answer.status, JSON.stringify(values)).toBe(400);
      expect(Object.values(answer.body.errors), JSON.stringify(values)).toContain(message);
      expect(answer.body.values).toMatchObject(values);
      expect(answer.body.toast.message).toBe(M.failed(Object.values(answer.body.errors)[0]!));
    }
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
  });

  it("lets staff neither see nor write, nobody signed in neither", async () => {
    const before = await tableFingerprint(BANK_TABLES);
    expect(await thrownBy(callRoute(loader, PATH, { as: staff }))).toMatchObject({ status: 403 });
    for (const intent of ["create", "update", "delete"])
      expect(await thrownBy(post({ intent, ...RULE }, "", staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post({ intent: "create", ...RULE }, "", ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await tableFingerprint(BANK_TABLES)).toEqual(before);
  });
});
