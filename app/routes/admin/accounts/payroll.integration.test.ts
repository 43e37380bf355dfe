// Payroll through its route (issue 25): the spec's table of active employees with a month's figures by the formula
// (?month=, ?q= in the URL); Process Payroll (?process=YYYY-MM) shows the server's cards, a part month saying its
// days; the intent process answers with the spec's toasts and a month is processed once; a run's payslips; Undo
// (?undo=<run id>) with a reason, after which the month is processed again. Every malformed input is refused with
// its field's message and nothing written. Who may: an accountant processes and undoes; one who only sees the books
// looks, without dialogs, and is refused both intents; staff may not even look.
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
import { auditLog, employees, payrollRuns, payslips } from "~/db/schema";
import { ROLE_PERMISSIONS, type Permission } from "~/domain/auth/permissions";
import { PAYROLL_MESSAGES as M } from "~/domain/payroll/payroll-form";
import { daysEmployed, payslipFigures } from "~/domain/payroll/payroll-formula";
import type { PayrollDialog, PayrollEmployeeRow, PayrollRunRow } from "~/domain/payroll/payroll-page";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action, loader } from "./payroll";

const PATH = "/admin/accounts/payroll";
const TABLES = ["payroll_runs", "payslips", "transactions", "journal_entries", "journal_lines", "audit_log"] as const;
const SPEC_SLABS = [
  { bandAmount: "300000", rate: "0" },
  { bandAmount: "100000", rate: "5" },
  { bandAmount: "300000", rate: "10" },
  { bandAmount: "400000", rate: "15" },
  { bandAmount: "500000", rate: "20" },
  { bandAmount: null, rate: "25" },
];

/** The month `offset` months from the current one in Dhaka, YYYY-MM. */
function monthFromNow(offset: number): string {
  const [y, m] = todayInDhaka().split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
const CURRENT = monthFromNow(0);
const LAST = monthFromNow(-1);
const PART = monthFromNow(-2);
const NEXT = monthFromNow(1);

let accountant: TestUser;
let staff: TestUser;
let viewer: TestUser;

interface Screen {
  state: { month: string; q: string; monthError: string | null };
  currentMonth: string;
  slabTable: string | null;
  employees: PayrollEmployeeRow[];
  runs: PayrollRunRow[];
  monthRun: PayrollRunRow | null;
  canManage: boolean;
  dialog: PayrollDialog;
}
interface Refused {
  intent: string;
  errors: Record<string, string>;
  toast: { type: string; message: string };
}

const load = async (query = "", as: TestUser = accountant) =>
  answerOf<Screen>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string | readonly string[]>, as: TestUser = accountant, query = "") =>
  callRoute(action, `${PATH}${query}`, { as, form });

const accountantPermissions = ROLE_PERMISSIONS.accountant as Set<Permission>;
function viewOnly<T>(run: () => Promise<T>): Promise<T> {
  accountantPermissions.delete("accounts.manage");
  return run().finally(() => accountantPermissions.add("accounts.manage"));
}

async function addEmployee(fields: {
  name: string;
  salary: string;
  joiningDate: string;
  status?: "active" | "inactive";
  leavingDate?: string | null;
}) {
  const [row] = await getDb()
    .insert(employees)
    .values({
      name: fields.name,
      email: `${fields.name.toLowerCase().replace(/\W+/g, ".")}@payroll.test`,
      position: "Engineer",
      department: "Operations",
      joiningDate: fields.joiningDate,
      leavingDate: fields.leavingDate ?? null,
      salary: fields.salary,
      status: fields.status ?? "active",
    })
    .returning({ id: employees.id });
  return row!.id;
}

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff, viewer] = await Promise.all([
    signedInUser("accountant", { name: "Rahima Accountant" }),
    signedInUser("staff"),
    signedInUser("accountant", { name: "Viewing Only" }),
  ]);
});

afterEach(() => {
  accountantPermissions.add("accounts.manage");
});

describe(PATH, () => {
  it("lists the active employees with a full month's figures by the formula, the current month by default", async () => {
    const screen = await load();
    expect(screen.canManage).toBe(true);
    expect(screen.state).toEqual({ month: CURRENT, q: "", monthError: null });
    expect(screen.slabTable).toBe("Company payroll table");
    const active = await getDb().select().from(employees).where(eq(employees.status, "active"));
    expect(screen.employees.map((e) => e.id).sort()).toEqual(active.map((e) => e.id).sort());
    const tanvir = screen.employees.find((e) => e.name === "Tanvir Rahman")!;
    expect(tanvir).toMatchObject({
      email: "tanvir.rahman@utsabevents.com.bd",
      position: "Manager",
      department: "Operations",
      figures: payslipFigures("120000", SPEC_SLABS),
    });
    expect(tanvir.figures).toMatchObject({ basic: "120000.00", houseRent: "60000.00", medical: "12000.00" });
    expect(screen.runs).toEqual([]);
    expect(screen.monthRun).toBeNull();
  });

  it("keeps the month and a search in the URL; a month that is not one is named, and the current month shown", async () => {
    expect((await load(`?month=${LAST}`)).state.month).toBe(LAST);
    const found = await load("?q=TANVIR");
    expect(found.employees.map((e) => e.name)).toEqual(["Tanvir Rahman"]);
    expect((await load("?q=engineering")).employees.every((e) => e.department === "Engineering")).toBe(true);
    for (const [bad, message] of [
      ["2026-13", M.monthInvalid],
      ["abc", M.monthInvalid],
      ["1999-12", M.monthOutOfRange],
      ["2026-1", M.monthInvalid],
    ])
      expect((await load(`?month=${bad}`)).state).toMatchObject({ month: CURRENT, monthError: message });
    expect((await load(`?month=${LAST}`)).state.monthError).toBeNull();
  });

  it("opens Process Payroll with the server's cards; processes the month with the spec's toast; refuses it again", async () => {
    const screen = await load(`?process=${LAST}`);
    expect(screen.dialog).toMatchObject({ kind: "process", month: LAST, error: null });
    const dialog = screen.dialog as Extract<PayrollDialog, { kind: "process" }>;
    const tanvirCard = dialog.cards.find((c) => c.name === "Tanvir Rahman")!;
    const days = daysEmployed(LAST, "2019-03-01", null);
    expect(tanvirCard).toMatchObject({
      daysPaid: days.daysInMonth,
      figures: payslipFigures("120000", SPEC_SLABS, days),
    });

    const done = await post({ intent: "process", month: LAST }, accountant, `?month=${LAST}&process=${LAST}`);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("location")).toBe(`${PATH}?month=${LAST}`);
    expect(flashToast(done as Response)).toEqual({ type: "success", message: "Payroll processed successfully" });

    const after = await load(`?month=${LAST}`);
    expect(after.monthRun).toMatchObject({ month: LAST, status: "processed", employees: dialog.cards.length, paid: 0 });
    expect(after.monthRun!.net).toBe(dialog.totals!.net);
    expect(after.monthRun!.processedBy).toBe("Rahima Accountant");
    expect((await load(`?process=${LAST}`)).dialog).toMatchObject({ error: M.alreadyProcessed(LAST) });

    const before = await tableFingerprint(TABLES);
    const again = answerOf<Refused>(await post({ intent: "process", month: LAST }));
    expect(again.status).toBe(409);
    expect(again.body.errors.month).toBe(M.alreadyProcessed(LAST));
    expect(again.body.toast).toEqual({
      type: "error",
      message: `Failed to process payroll: ${M.alreadyProcessed(LAST)}`,
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("lists a run's payslips; an unknown run goes back to the list with a toast", async () => {
    const run = (await load()).runs.find((r) => r.month === LAST)!;
    const screen = await load(`?payslips=${run.id}`);
    expect(screen.dialog).toMatchObject({ kind: "payslips", run: { id: run.id } });
    const slips = (screen.dialog as Extract<PayrollDialog, { kind: "payslips" }>).payslips;
    expect(slips).toHaveLength(run.employees);
    expect(slips.every((s) => s.status === "pending")).toBe(true);
    for (const bad of ["not-a-uuid", crypto.randomUUID()]) {
      const thrown = await thrownBy(callRoute(loader, `${PATH}?payslips=${bad}`, { as: accountant }));
      expect(thrown).toMatchObject({ status: 302, location: PATH });
    }
  });

  it("undoes a month with a reason: the toast, the run undone with who and why, and the month processed again", async () => {
    const run = (await load()).runs.find((r) => r.month === LAST && r.status === "processed")!;
    expect((await load(`?undo=${run.id}`)).dialog).toMatchObject({ kind: "undo", run: { id: run.id } });

    const noReason = answerOf<Refused>(await post({ intent: "undo", runId: run.id, reason: " " }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe(M.reasonRequired);
    expect(noReason.body.toast.message).toBe(`Failed to undo payroll: ${M.reasonRequired}`);

    const undone = await post({ intent: "undo", runId: run.id, reason: "Salaries changed before paying" });
    expect(flashToast(undone as Response)).toEqual({ type: "success", message: M.undone(LAST) });
    const row = (await load()).runs.find((r) => r.id === run.id)!;
    expect(row).toMatchObject({
      status: "reversed",
      reversedBy: "Rahima Accountant",
      reversalReason: "Salaries changed before paying",
    });
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, run.id));
    expect(audit.map((a) => [a.action, a.actorUserId]).sort()).toEqual([
      ["payroll.process", accountant.id],
      ["payroll.undo", accountant.id],
    ]);
    // Undone: no Undo any more (a toast), and the month is processed again.
    const thrown = await thrownBy(callRoute(loader, `${PATH}?undo=${run.id}`, { as: accountant }));
    expect(thrown).toMatchObject({ status: 302, location: PATH });
    const again = await post({ intent: "process", month: LAST });
    expect(flashToast(again as Response)).toEqual({ type: "success", message: "Payroll processed successfully" });
  });

  it("refuses Undo once a salary of the month is paid, in the dialog's link and the intent", async () => {
    const run = (await load()).runs.find((r) => r.month === LAST && r.status === "processed")!;
    const [slip] = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, run.id)).limit(1);
    const [stored] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, run.id));
    await getDb()
      .update(payslips)
      .set({
        status: "paid",
        paidAt: new Date(),
        disbursementEntryId: stored!.journalEntryId,
        moneyAccountId: seedId("account:1000"),
      })
      .where(eq(payslips.id, slip!.id));
    const thrown = await thrownBy(callRoute(loader, `${PATH}?undo=${run.id}`, { as: accountant }));
    expect(thrown).toMatchObject({ status: 302, location: PATH });
    const before = await tableFingerprint(TABLES);
    const refused = answerOf<Refused>(await post({ intent: "undo", runId: run.id, reason: "Too late" }));
    expect(refused.status).toBe(409);
    expect(refused.body.errors.form).toBe(M.somePaid(LAST, 1));
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("pays a part month for the days employed, and an inactive employee only up to a leaving date in the month", async () => {
    const joinedId = await addEmployee({ name: "Mid Month Joiner", salary: "50000", joiningDate: `${PART}-16` });
    const leftId = await addEmployee({
      name: "Left Mid Month",
      salary: "40000",
      joiningDate: "2020-01-01",
      status: "inactive",
      leavingDate: `${PART}-10`,
    });
    const inactiveId = await addEmployee({
      name: "Inactive No Leaving Date",
      salary: "40000",
      joiningDate: "2020-01-01",
      status: "inactive",
    });
    const dialog = (await load(`?process=${PART}`)).dialog as Extract<PayrollDialog, { kind: "process" }>;
    const ids = dialog.cards.map((c) => c.employeeId);
    expect(ids).not.toContain(inactiveId);
    const joined = dialog.cards.find((c) => c.employeeId === joinedId)!;
    const joinedDays = daysEmployed(PART, `${PART}-16`, null);
    expect(joined).toMatchObject({ daysPaid: joinedDays.daysInMonth - 15, daysInMonth: joinedDays.daysInMonth });
    expect(joined.figures).toEqual(payslipFigures("50000", SPEC_SLABS, joinedDays));
    const left = dialog.cards.find((c) => c.employeeId === leftId)!;
    expect(left).toMatchObject({ daysPaid: 10 });
    expect(left.figures).toEqual(payslipFigures("40000", SPEC_SLABS, daysEmployed(PART, "2020-01-01", `${PART}-10`)));
    // The table lists the active only.
    const table = (await load()).employees.map((e) => e.id);
    expect(table).toContain(joinedId);
    expect(table).not.toContain(leftId);
    expect(table).not.toContain(inactiveId);

    const done = await post({ intent: "process", month: PART });
    expect(flashToast(done as Response)).toMatchObject({ type: "success" });
    const run = (await load()).runs.find((r) => r.month === PART)!;
    const slips = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, run.id));
    expect(slips.find((s) => s.employeeId === joinedId)).toMatchObject({
      daysPaid: joinedDays.daysInMonth - 15,
      net: joined.figures.net,
    });
    expect(slips.find((s) => s.employeeId === leftId)).toMatchObject({ daysPaid: 10, net: left.figures.net });
    expect(slips.find((s) => s.employeeId === inactiveId)).toBeUndefined();
  });

  it.each([
    ["an empty month", "", M.monthRequired],
    ["month 13", "2026-13", M.monthInvalid],
    ["a one-digit month", "2026-1", M.monthInvalid],
    ["text", "abc", M.monthInvalid],
    ["a date", "2026-11-01", M.monthInvalid],
    ["month 00", "2026-00", M.monthInvalid],
    ["a month before 2000", "1999-12", M.monthOutOfRange],
    ["a month after 2099", "2100-01", M.monthOutOfRange],
    ["a month not started", NEXT, M.monthInFuture(NEXT)],
    ["the month twice", ["2026-01", "2026-02"], M.monthOnce],
    ["spaces only", "   ", M.monthRequired],
  ] as const)("refuses to process %s, naming the month, writing nothing", async (_name, month, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<Refused>(await post({ intent: "process", month }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.month).toBe(message);
    expect(answer.body.toast).toEqual({ type: "error", message: `Failed to process payroll: ${message}` });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses a month in which nobody was employed, naming the month", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<Refused>(await post({ intent: "process", month: "2001-01" }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.month).toBe(M.nobodyToPay("2001-01"));
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect((await load("?process=2001-01")).dialog).toMatchObject({ error: M.nobodyToPay("2001-01"), cards: [] });
    expect((await load("?process=abc")).dialog).toMatchObject({ error: M.monthInvalid, cards: [] });
    expect((await load(`?process=${NEXT}`)).dialog).toMatchObject({ error: M.monthInFuture(NEXT) });
  });

  it.each([
    ["a run id that is not one", { runId: "not-a-uuid", reason: "Because" }, 404, "form", M.runNotFound],
    [
      "an unknown run",
      { runId: "00000000-0000-4000-8000-000000000000", reason: "Because" },
      404,
      "form",
      M.runNotFound,
    ],
    ["no run id", { reason: "Because" }, 404, "form", M.runNotFound],
    [
      "two run ids",
      { runId: [crypto.randomUUID(), crypto.randomUUID()], reason: "Because" },
      404,
      "form",
      M.runNotFound,
    ],
    ["a blank reason", { runId: crypto.randomUUID(), reason: "" }, 400, "reason", M.reasonRequired],
    [
      "a reason of 501 characters",
      { runId: crypto.randomUUID(), reason: "r".repeat(501) },
      400,
      "reason",
      M.reasonTooLong,
    ],
    [
      "a reason with a control character",
      { runId: crypto.randomUUID(), reason: "a\u0007b" },
      400,
      "reason",
      M.reasonControl,
    ],
  ] as const)(
    "refuses to undo with %s, naming the field, writing nothing",
    async (_name, form, status, field, message) => {
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<Refused>(await post({ intent: "undo", ...form }));
      expect(answer.status).toBe(status);
      expect(answer.body.errors[field]).toBe(message);
      expect(answer.body.toast.message).toBe(`Failed to undo payroll: ${message}`);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    },
  );

  it("lets one who only sees the books look, without dialogs, and refuses both intents", async () => {
    await viewOnly(async () => {
      const run = (await load()).runs[0]!;
      const screen = await load(`?process=${LAST}`, viewer);
      expect(screen.canManage).toBe(false);
      expect(screen.dialog).toBeNull();
      expect((await load(`?undo=${run.id}`, viewer)).dialog).toBeNull();
      expect((await load(`?payslips=${run.id}`, viewer)).dialog).toMatchObject({ kind: "payslips" });
      const before = await tableFingerprint(TABLES);
      expect((await thrownBy(post({ intent: "process", month: CURRENT }, viewer))).status).toBe(403);
      expect((await thrownBy(post({ intent: "undo", runId: run.id, reason: "Because" }, viewer))).status).toBe(403);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });
  });

  it("keeps staff and visitors out, and refuses an unknown intent", async () => {
    const before = await tableFingerprint(TABLES);
    expect((await thrownBy(load("", staff))).status).toBe(403);
    expect((await thrownBy(post({ intent: "process", month: CURRENT }, staff))).status).toBe(403);
    expect((await thrownBy(post({ intent: "undo", runId: crypto.randomUUID(), reason: "x" }, staff))).status).toBe(403);
    expect((await thrownBy(post({ intent: "process", month: CURRENT }, ANONYMOUS))).status).toBe(401);
    expect((await thrownBy(post({ intent: "delete", month: CURRENT }))).status).toBe(400);
    expect((await thrownBy(post({ month: CURRENT }))).status).toBe(400);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});
