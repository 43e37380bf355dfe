// Year-end close through its route (issue 24): the screen lists the fiscal years with postings and the current one,
// with income, expenses, result and state; Close year (?close=<year>) and Reopen (?reopen=<close id>) open their
// dialogs; the intents close and reopen answer with the spec's toasts, refusals on the form with nothing written. Who
// may: an accountant closes and reopens (accounts.manage); one who only sees the books looks, without buttons, and is
// refused both intents; staff may not even look.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { auditLog, yearEndCloses } from "~/db/schema";
import { twoLines } from "~/domain/accounting/journal";
import { postEntry } from "~/domain/accounting/ledger.server";
import { YEAR_END_MESSAGES as M, type FiscalYearRow } from "~/domain/accounting/year-end-close-form";
import { ROLE_PERMISSIONS, type Permission } from "~/domain/auth/permissions";
import { action, loader } from "./year-end";

const PATH = "/admin/accounts/reports/year-end";
const TABLES = ["journal_entries", "journal_lines", "year_end_closes", "audit_log"] as const;
const CASH = seedId("account:1000");
const RENTAL = seedId("account:4000");
const REPAIRS = seedId("account:5100");

let accountant: TestUser;
let staff: TestUser;
let viewer: TestUser;

interface Screen {
  years: FiscalYearRow[];
  retainedEarnings: string | null;
  canManage: boolean;
  currentYear: number;
  dialog: { kind: string; year: FiscalYearRow; closeId?: string } | null;
}

const load = async (query = "", as: TestUser = accountant) =>
  answerOf<Screen>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string>, as: TestUser = accountant) => callRoute(action, PATH, { as, form });
const yearOf = async (fiscalYear: number) => (await load()).years.find((y) => y.fiscalYear === fiscalYear)!;

const accountantPermissions = ROLE_PERMISSIONS.accountant as Set<Permission>;
function viewOnly<T>(run: () => Promise<T>): Promise<T> {
  accountantPermissions.delete("accounts.manage");
  return run().finally(() => accountantPermissions.add("accounts.manage"));
}

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff, viewer] = await Promise.all([
    signedInUser("accountant", { name: "Rahima Accountant" }),
    signedInUser("staff"),
    signedInUser("accountant", { name: "Viewing Only" }),
  ]);
  // FY 2024-25: 80,000.10 of rental, 12,500.05 of repairs.
  for (const [date, lines] of [
    ["2024-09-01", twoLines(CASH, RENTAL, 8_000_010n)],
    ["2025-04-30", twoLines(REPAIRS, CASH, 1_250_005n)],
  ] as const)
    await getDb().transaction((tx) =>
      postEntry(tx, { date, description: "test", source: { type: "manual" }, lines, createdBy: null }),
    );
});

afterEach(() => {
  accountantPermissions.add("accounts.manage");
});

describe(PATH, () => {
  it("lists the fiscal years with postings and the current one, newest first, with their figures", async () => {
    const screen = await load();
    expect(screen.canManage).toBe(true);
    expect(screen.retainedEarnings).toBe("3100 Retained Earnings");
    expect(screen.years[0]!.fiscalYear).toBe(screen.currentYear);
    expect(screen.years.map((y) => y.fiscalYear)).toEqual([...screen.years.map((y) => y.fiscalYear)].sort().reverse());
    expect(await yearOf(2024)).toMatchObject({
      name: "2024-25",
      from: "2024-07-01",
      to: "2025-06-30",
      income: "80000.10",
      expenses: "12500.05",
      result: "67500.05",
      accountsMoved: 2,
      ended: true,
      close: null,
      closeBlocker: null,
    });
    // The current year has not ended: Close year says so.
    expect(screen.years[0]!.closeBlocker).toMatch(/^FY .* ends on /);
  });

  it("opens the Close year dialog for an ended year, and refuses it for the current one with a toast", async () => {
    const screen = await load("?close=2024");
    expect(screen.dialog).toMatchObject({ kind: "close", year: { fiscalYear: 2024, result: "67500.05" } });
    const current = (await load()).currentYear;
    const thrown = await thrownBy(callRoute(loader, `${PATH}?close=${current}`, { as: accountant }));
    expect(thrown).toMatchObject({ status: 302, location: PATH });
  });

  it("closes a year: the toast, the state with who closed it, the closing entry; then reopens it with a reason", async () => {
    const closed = await post({ intent: "close", fiscalYear: "2024", result: "67500.05" });
    expect(closed).toBeInstanceOf(Response);
    expect((closed as Response).headers.get("location")).toBe(PATH);
    expect(flashToast(closed as Response)).toEqual({ type: "success", message: "Year closed successfully" });
    const year = await yearOf(2024);
    expect(year.close).toMatchObject({ closedBy: "Rahima Accountant", result: "67500.05", reopenedAt: null });
    expect(year.close!.closingEntryId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await getDb().select().from(yearEndCloses).where(eq(yearEndCloses.id, year.close!.id));
    expect(row!.closedBy).toBe(accountant.id);
    expect((await load(`?reopen=${year.close!.id}`)).dialog).toMatchObject({ kind: "reopen", closeId: year.close!.id });

    // Closing it again is refused on the form, naming why, with nothing written.
    const before = await tableFingerprint(TABLES);
    const again = answerOf<{ errors: Record<string, string>; toast: { type: string; message: string } }>(
      await post({ intent: "close", fiscalYear: "2024", result: "67500.05" }),
    );
    expect(again.status).toBe(409);
    expect(again.body.errors.fiscalYear).toBe(M.alreadyClosed("2024-25"));
    expect(again.body.toast).toEqual({ type: "error", message: `Failed to close year: ${M.alreadyClosed("2024-25")}` });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    // Reopen without a reason: refused, the field named.
    const noReason = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post({ intent: "reopen", closeId: year.close!.id, reason: "" }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe(M.reasonRequired);
    expect(noReason.body.toast.message).toBe(`Failed to reopen year: ${M.reasonRequired}`);
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const reopened = await post({ intent: "reopen", closeId: year.close!.id, reason: "Late supplier invoice" });
    expect(flashToast(reopened as Response)).toEqual({ type: "success", message: "Year reopened successfully" });
    expect((await yearOf(2024)).close).toMatchObject({
      reopenedBy: "Rahima Accountant",
      reopenReason: "Late supplier invoice",
    });
    expect((await yearOf(2024)).closeBlocker).toBeNull();
    const actions = await getDb().select({ action: auditLog.action, actor: auditLog.actorUserId }).from(auditLog);
    expect(actions.filter((a) => a.action.startsWith("year_end."))).toEqual([
      { action: "year_end.closed", actor: accountant.id },
      { action: "year_end.reopened", actor: accountant.id },
    ]);
  });

  it.each([
    ["no fiscal year", { intent: "close", fiscalYear: "" }, 400, "fiscalYear", M.fiscalYearRequired],
    [
      "a year with nothing posted",
      { intent: "close", fiscalYear: "2015" },
      400,
      "fiscalYear",
      M.nothingToClose("2015-16"),
    ],
    [
      "a confirmed result that moved",
      { intent: "close", fiscalYear: "2024", result: "1.00" },
      409,
      "fiscalYear",
      M.resultChanged("2024-25"),
    ],
    [
      "a reopen of no close",
      { intent: "reopen", closeId: crypto.randomUUID(), reason: "Because" },
      404,
      "closeId",
      M.closeNotFound,
    ],
    [
      "a reopen with a short reason",
      { intent: "reopen", closeId: crypto.randomUUID(), reason: "no" },
      400,
      "reason",
      M.reasonShort,
    ],
  ])("refuses %s, naming the field, writing nothing", async (_name, form, status, field, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string> }>(await post(form));
    expect(answer.status).toBe(status);
    expect(answer.body.errors[field]).toBe(message);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("lets one who only sees the books look, without dialogs, and refuses both intents", async () => {
    await viewOnly(async () => {
      const screen = await load("?close=2024", viewer);
      expect(screen.canManage).toBe(false);
      expect(screen.dialog).toBeNull();
      const before = await tableFingerprint(TABLES);
      expect((await thrownBy(post({ intent: "close", fiscalYear: "2024" }, viewer))).status).toBe(403);
      expect(
        (await thrownBy(post({ intent: "reopen", closeId: crypto.randomUUID(), reason: "Because" }, viewer))).status,
      ).toBe(403);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });
  });

  it("keeps staff and visitors out, and refuses an unknown intent", async () => {
    expect((await thrownBy(load("", staff))).status).toBe(403);
    expect((await thrownBy(post({ intent: "close", fiscalYear: "2024" }, staff))).status).toBe(403);
    expect((await thrownBy(post({ intent: "close", fiscalYear: "2024" }, ANONYMOUS))).status).toBe(401);
    expect((await thrownBy(post({ intent: "delete", fiscalYear: "2024" }))).status).toBe(400);
  });
});
