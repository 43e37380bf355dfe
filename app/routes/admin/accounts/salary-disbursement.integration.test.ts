// Salary Disbursement through its routes (issue 25): the screen lists the salary rows Payroll left, filtered by month
// and status; Process Disbursement (?disburse=YYYY-MM) lists the month's pending payslips with each employee's way of
// being paid; the intent disburse answers with the spec's toasts, a refusal on the form with nothing written; the
// bank advice downloads as one CSV. Who may: an accountant pays; one who only sees the books looks without the
// dialog and is refused the intent; staff may not even look.
import { asc, eq } from "drizzle-orm";
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
import { employees, payslips } from "~/db/schema";
import { ROLE_PERMISSIONS, type Permission } from "~/domain/auth/permissions";
import { DISBURSEMENT_MESSAGES as M, type DisbursementLine, type SalaryRow } from "~/domain/payroll/disbursement-form";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import type { ListPage } from "~/lib/list-params";
import { action, loader } from "./salary-disbursement";
import { loader as adviceLoader, SALARY_ADVICE_MESSAGES } from "./salary-advice";

const PATH = "/admin/accounts/salary-disbursement";
const TABLES = ["payroll_runs", "payslips", "transactions", "journal_entries", "journal_lines", "audit_log"] as const;
const BANK = seedId("account:1100");
const MONTH = "2026-10";

let accountant: TestUser;
let staff: TestUser;
let viewer: TestUser;
let payees: { name: string }[];

interface Screen {
  page: ListPage<SalaryRow>;
  months: { month: string; pending: number; payslips: number; status: string }[];
  canManage: boolean;
  showDetails: boolean;
  adviceMonth: string | null;
  payees: DisbursementLine[];
  dialog: {
    month: string;
    lines: DisbursementLine[];
    total: string;
    values: { moneyAccountId: string; date: string };
  } | null;
}

const load = async (query = "", as: TestUser = accountant) =>
  answerOf<Screen>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string | readonly string[]>, as: TestUser = accountant, query = "") =>
  callRoute(action, `${PATH}${query}`, { as, form });
const advice = (query: string, as: TestUser = accountant) =>
  callRoute(adviceLoader, `${PATH}/advice${query}`, { as }) as Promise<Response>;

const accountantPermissions = ROLE_PERMISSIONS.accountant as Set<Permission>;
function without<T>(permission: Permission, run: () => Promise<T>): Promise<T> {
  accountantPermissions.delete(permission);
  return run().finally(() => accountantPermissions.add(permission));
}

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff, viewer] = await Promise.all([
    signedInUser("accountant", { name: "Rahima Accountant" }),
    signedInUser("staff"),
    signedInUser("accountant", { name: "Viewing Only" }),
  ]);
  // The first five active employees, by name: each way of being paid, one bank payee without an account number.
  const active = await getDb()
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(eq(employees.status, "active"))
    .orderBy(asc(employees.name));
  const details = [
    {
      salaryPaymentMethod: "bank",
      bankName: "Dutch-Bangla Bank",
      bankAccountNumber: "1071100012345",
      walletNumber: null,
    },
    { salaryPaymentMethod: "bank", bankName: "BRAC Bank", bankAccountNumber: null, walletNumber: null },
    { salaryPaymentMethod: "bkash", bankName: null, bankAccountNumber: null, walletNumber: "01711000111" },
    { salaryPaymentMethod: "nagad", bankName: null, bankAccountNumber: null, walletNumber: "01811000222" },
    { salaryPaymentMethod: "cash", bankName: null, bankAccountNumber: null, walletNumber: null },
  ] as const;
  for (const [i, d] of details.entries()) await getDb().update(employees).set(d).where(eq(employees.id, active[i]!.id));
  payees = active;
  const actor = { userId: null, label: "test", ipAddress: null, userAgent: null };
  expect(await processPayroll(getDb(), actor, { month: MONTH })).toMatchObject({ ok: true });
});

afterEach(() => {
  accountantPermissions.add("accounts.manage");
  accountantPermissions.add("employees.salary");
});

describe(PATH, () => {
  it("lists the month's salary rows, pending, with the employees; filters by month and status", async () => {
    const screen = await load(`?month=${MONTH}`);
    expect(screen.canManage).toBe(true);
    expect(screen.page.total).toBe(payees.length);
    expect(screen.page.rows[0]).toMatchObject({
      date: `${MONTH}-01`,
      reference: `PAY-${MONTH}`,
      description: "Salary payment for October 2026",
      status: "pending",
    });
    expect(screen.page.rows.map((r) => r.employee)).toEqual(payees.map((p) => p.name).slice(0, 20));
    expect(screen.months).toEqual([
      { month: MONTH, status: "processed", pending: payees.length, payslips: payees.length },
    ]);
    expect(screen.adviceMonth).toBe(MONTH);
    // Beside the table: the month's payees with their wallet numbers, for one who may see salaries only.
    expect(screen.payees.find((p) => p.method === "bkash")).toMatchObject({ walletNumber: "01711000111" });
    expect(screen.payees).toHaveLength(payees.length);
    await without("employees.salary", async () => expect((await load(`?month=${MONTH}`)).payees).toEqual([]));
    expect((await load(`?month=${MONTH}&status=completed`)).page.total).toBe(0);
    expect((await load("?month=2026-09")).page.total).toBe(0);
    // A malformed filter is no filter.
    expect((await load("?month=October&status=paid")).page.total).toBe(payees.length);
  });

  it("opens Process Disbursement on a month: each employee's way of being paid, the bank account and today", async () => {
    const screen = await load(`?disburse=${MONTH}`);
    expect(screen.dialog).toMatchObject({ month: MONTH, values: { moneyAccountId: BANK, date: todayInDhaka() } });
    const lines = screen.dialog!.lines;
    expect(lines).toHaveLength(payees.length);
    const byName = new Map(lines.map((l) => [l.employee, l]));
    expect(byName.get(payees[0]!.name)).toMatchObject({
      method: "bank",
      bankName: "Dutch-Bangla Bank",
      accountNumber: "1071100012345",
    });
    expect(byName.get(payees[1]!.name)).toMatchObject({ method: "bank", accountNumber: null });
    expect(byName.get(payees[2]!.name)).toMatchObject({ method: "bkash", walletNumber: "01711000111" });
    expect(byName.get(payees[3]!.name)).toMatchObject({ method: "nagad", walletNumber: "01811000222" });
    expect(byName.get(payees[4]!.name)).toMatchObject({ method: "cash" });
    // Payment details only for one who may see salaries.
    await without("employees.salary", async () => {
      const hidden = await load(`?disburse=${MONTH}`);
      expect(hidden.showDetails).toBe(false);
      expect(hidden.dialog!.lines.every((l) => l.accountNumber === null && l.walletNumber === null)).toBe(true);
    });
    // A malformed month goes back to the list with the reason.
    const thrown = await thrownBy(callRoute(loader, `${PATH}?disburse=2026-13`, { as: accountant }));
    expect(thrown).toMatchObject({ status: 302, location: PATH });
    // A month never processed has nothing to pay: back to the list, saying to process it in Payroll first.
    const unprocessed = callRoute(loader, `${PATH}?disburse=2026-07`, { as: accountant });
    const answer = await unprocessed.then(
      () => null,
      (error: unknown) => error,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe(PATH);
    expect(flashToast(answer as Response)).toEqual({ type: "error", message: M.notProcessed("2026-07") });
  });

  it("downloads the bank advice: one header row, a row per payee, account or wallet numbers, empty when missing", async () => {
    const response = await advice(`?month=${MONTH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`salary-advice-${MONTH}.csv`);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Employee,Method,Bank,Account number,Wallet number,Amount");
    expect(lines).toHaveLength(payees.length + 1);
    const slips = await getDb().select().from(payslips);
    const net = (name: string) => slips.find((s) => s.employeeName === name)!.net;
    const [a, b, c, d, e] = payees.map((p) => p.name);
    expect(lines).toContain(`${a},Bank transfer,Dutch-Bangla Bank,1071100012345,,${net(a!)}`);
    expect(lines).toContain(`${b},Bank transfer,BRAC Bank,,,${net(b!)}`);
    expect(lines).toContain(`${c},bKash,,,01711000111,${net(c!)}`);
    expect(lines).toContain(`${d},Nagad,,,01811000222,${net(d!)}`);
    expect(lines).toContain(`${e},Cash,,,,${net(e!)}`);
  });

  it("refuses the bank advice of a malformed or unprocessed month, and to one who may not see salaries", async () => {
    expect((await thrownBy(advice(""))).status).toBe(400);
    expect((await thrownBy(advice("?month=2026-13"))).status).toBe(400);
    expect(await thrownBy(advice("?month=2026-09"))).toMatchObject({ status: 404 });
    await without("employees.salary", async () => {
      expect(await thrownBy(advice(`?month=${MONTH}`))).toMatchObject({
        status: 403,
        body: SALARY_ADVICE_MESSAGES.forbidden,
      });
    });
    expect((await thrownBy(advice(`?month=${MONTH}`, staff))).status).toBe(403);
    expect(await thrownBy(advice(`?month=${MONTH}`, ANONYMOUS))).toMatchObject({ status: 302 });
  });

  it("answers a refused disbursement on the form with the spec's failure toast, writing nothing", async () => {
    const screen = await load(`?disburse=${MONTH}`);
    const ids = screen.dialog!.lines.map((l) => l.payslipId);
    for (const [form, errors] of [
      [{ month: "", moneyAccountId: BANK, date: todayInDhaka() }, { month: "Month is required" }],
      [{ month: MONTH, moneyAccountId: "", date: todayInDhaka() }, { moneyAccountId: M.accountRequired }],
      [{ month: MONTH, moneyAccountId: BANK, date: "2026-02-30" }, { date: M.dateInvalid }],
      [{ month: MONTH, moneyAccountId: BANK, date: todayInDhaka(), chosen: "1" }, { payslipIds: M.noneChosen }],
      [
        { month: MONTH, moneyAccountId: BANK, date: todayInDhaka(), payslipId: ["x"] },
        { payslipIds: M.payslipInvalid },
      ],
    ] as const) {
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<{ errors: Record<string, string>; toast: { type: string; message: string } }>(
        await post({ intent: "disburse", ...form }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual(errors);
      expect(answer.body.toast).toEqual({ type: "error", message: M.failed(Object.values(errors)[0]!) });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    }
    expect(ids).toHaveLength(payees.length);
  });

  it("keeps one who only sees the books, staff and visitors from paying", async () => {
    const form = { intent: "disburse", month: MONTH, moneyAccountId: BANK, date: todayInDhaka() };
    const before = await tableFingerprint(TABLES);
    await without("accounts.manage", async () => {
      const screen = await load(`?disburse=${MONTH}`, viewer);
      expect(screen.canManage).toBe(false);
      expect(screen.dialog).toBeNull();
      expect((await thrownBy(post(form, viewer))).status).toBe(403);
    });
    expect((await thrownBy(load("", staff))).status).toBe(403);
    expect((await thrownBy(post(form, staff))).status).toBe(403);
    expect((await thrownBy(post(form, ANONYMOUS))).status).toBe(401);
    expect((await thrownBy(post({ ...form, intent: "settle" }))).status).toBe(400);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("pays two ticked employees, then the rest: the spec's toast, the rows completed, a second tab refused", async () => {
    const screen = await load(`?disburse=${MONTH}`);
    const [first, second, ...rest] = screen.dialog!.lines;
    const today = todayInDhaka();
    const paid = await post({
      intent: "disburse",
      month: MONTH,
      moneyAccountId: BANK,
      date: today,
      chosen: "1",
      payslipId: [first!.payslipId, second!.payslipId],
    });
    expect(paid).toBeInstanceOf(Response);
    expect((paid as Response).headers.get("location")).toBe(`${PATH}?month=${MONTH}`);
    expect(flashToast(paid as Response)).toEqual({ type: "success", message: M.processed });
    expect((await load(`?month=${MONTH}&status=completed`)).page.rows.map((r) => r.employee).sort()).toEqual(
      [first!.employee, second!.employee].sort(),
    );
    expect((await load(`?disburse=${MONTH}`)).dialog!.lines).toHaveLength(rest.length);
    // The bank advice now lists only those still to pay: uploading it again must not pay the two twice.
    const adviceText = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      await (await advice(`?month=${MONTH}`)).arrayBuffer(),
    );
    const adviceRows = adviceText.slice(1).trimEnd().split("\r\n").slice(1);
    expect(adviceRows.map((row) => row.split(",")[0]).sort()).toEqual(rest.map((l) => l.employee).sort());

    // The same employee again, from a tab opened before: refused by name.
    const before = await tableFingerprint(TABLES);
    const again = answerOf<{ errors: Record<string, string> }>(
      await post({
        intent: "disburse",
        month: MONTH,
        moneyAccountId: BANK,
        date: today,
        payslipId: [first!.payslipId],
      }),
    );
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ payslipIds: M.alreadyPaid(first!.employee) });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const restPaid = await post({
      intent: "disburse",
      month: MONTH,
      moneyAccountId: BANK,
      date: today,
      chosen: "1",
      payslipId: rest.map((l) => l.payslipId),
    });
    expect(flashToast(restPaid as Response)).toEqual({ type: "success", message: M.processed });
    expect(await thrownBy(advice(`?month=${MONTH}`))).toMatchObject({ status: 404, body: M.nothingPending(MONTH) });
    const after = await load(`?month=${MONTH}`);
    expect(after.page.rows.every((r) => r.status === "completed" && r.paidFrom === "1100 Bank - Current Account")).toBe(
      true,
    );
    expect(after.months[0]).toMatchObject({ status: "disbursed", pending: 0 });
  });
});
