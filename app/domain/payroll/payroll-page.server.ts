import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { employees, incomeTaxSlabTables, payrollRuns, payslips, users } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import { isUuid } from "../../lib/list-params";
import { monthBounds, parsePayrollMonth, PAYROLL_MESSAGES as M } from "./payroll-form";
import { payslipFigures } from "./payroll-formula";
import {
  payrollListState,
  type PayrollEmployeeRow,
  type PayrollListState,
  type PayrollProcessDialog,
  type PayrollRunRow,
  type PayslipRow,
} from "./payroll-page";
import { payrollTotals, planPayroll, slabTableInForce } from "./payroll-preview.server";

// What the Payroll screen shows (issue 25): the spec's table of active employees with a full month's figures for
// the month chosen, the months processed with their totals and state, and the dialogs' contents: Process Payroll's
// cards (the very payrollLines processing will write), a run's payslips, a run to undo. Reads only.

export interface PayrollPage {
  today: string;
  currentMonth: string;
  state: PayrollListState;
  slabTable: string | null;
  employees: PayrollEmployeeRow[];
  /** Active employees before the search. */
  activeCount: number;
  runs: PayrollRunRow[];
  /** The chosen month's run that stands (processed or disbursed), for Generate Report. */
  monthRun: PayrollRunRow | null;
}

export async function loadPayrollPage(
  db: DbOrTx,
  params: URLSearchParams,
  now: Date = new Date(),
): Promise<PayrollPage> {
  const today = todayInDhaka(now);
  const currentMonth = today.slice(0, 7);
  const state = payrollListState(params, currentMonth);
  const [table, active, runs] = await Promise.all([
    slabTableInForce(db, state.month),
    db.select().from(employees).where(eq(employees.status, "active")).orderBy(asc(employees.name), asc(employees.id)),
    payrollRunRows(db),
  ]);
  const needle = state.q.toLowerCase();
  const shown = needle
    ? active.filter((e) =>
        [e.name, e.email, e.position, e.department].some((field) => field.toLowerCase().includes(needle)),
      )
    : active;
  return {
    today,
    currentMonth,
    state,
    slabTable: table?.name ?? null,
    activeCount: active.length,
    employees: shown.map((e) => ({
      id: e.id,
      name: e.name,
      email: e.email,
      position: e.position,
      department: e.department,
      monthlySalary: e.salary,
      figures: table && toPaisa(e.salary) > 0n ? payslipFigures(e.salary, table.slabs) : null,
    })),
    runs,
    monthRun: runs.find((r) => r.month === state.month && r.status !== "reversed") ?? null,
  };
}

/** Every run, the latest month first (a month's undone runs after the one that stands), with who did what. */
export async function payrollRunRows(db: DbOrTx, where?: { id: string }): Promise<PayrollRunRow[]> {
  const processedBy = alias(users, "processed_by");
  const reversedBy = alias(users, "reversed_by");
  const slipCounts = db
    .select({
      runId: payslips.payrollRunId,
      employees: count().as("employees"),
      paid: sql<number>`count(*) filter (where ${payslips.status} = 'paid')`.mapWith(Number).as("paid"),
    })
    .from(payslips)
    .groupBy(payslips.payrollRunId)
    .as("slip_counts");
  const rows = await db
    .select({
      run: payrollRuns,
      slabTable: incomeTaxSlabTables.name,
      processedBy: processedBy.name,
      reversedBy: reversedBy.name,
      employees: slipCounts.employees,
      paid: slipCounts.paid,
    })
    .from(payrollRuns)
    .innerJoin(incomeTaxSlabTables, eq(incomeTaxSlabTables.id, payrollRuns.slabTableId))
    .leftJoin(processedBy, eq(processedBy.id, payrollRuns.createdBy))
    .leftJoin(reversedBy, eq(reversedBy.id, payrollRuns.reversedBy))
    .leftJoin(slipCounts, eq(slipCounts.runId, payrollRuns.id))
    .where(where ? eq(payrollRuns.id, where.id) : undefined)
    .orderBy(desc(payrollRuns.periodMonth), sql`${payrollRuns.status} = 'reversed'`, desc(payrollRuns.createdAt));
  return rows.map(({ run, ...r }) => ({
    id: run.id,
    month: run.periodMonth.slice(0, 7),
    status: run.status,
    employees: Number(r.employees ?? 0),
    paid: Number(r.paid ?? 0),
    gross: run.totalGross,
    deductions: run.totalDeductions,
    net: run.totalNet,
    slabTable: r.slabTable,
    processedBy: r.processedBy,
    processedAt: run.createdAt.toISOString(),
    reversedBy: r.reversedBy,
    reversedAt: run.reversedAt?.toISOString() ?? null,
    reversalReason: run.reversalReason,
  }));
}

/** One run by id (any text: not a record id reads as none). */
export async function findPayrollRun(db: DbOrTx, id: string): Promise<PayrollRunRow | null> {
  if (!isUuid(id)) return null;
  const [run] = await payrollRunRows(db, { id: id.toLowerCase() });
  return run ?? null;
}

/** A run's payslips, by name. */
export async function payslipRows(db: DbOrTx, runId: string): Promise<PayslipRow[]> {
  const rows = await db
    .select()
    .from(payslips)
    .where(eq(payslips.payrollRunId, runId))
    .orderBy(asc(payslips.employeeName), asc(payslips.id));
  return rows.map((s) => ({
    id: s.id,
    employeeName: s.employeeName,
    position: s.position,
    department: s.department,
    daysPaid: s.daysPaid,
    daysInMonth: s.daysInMonth,
    gross: s.gross,
    deductions: fromPaisa(sumPaisa([toPaisa(s.providentFund), toPaisa(s.incomeTax), toPaisa(s.otherDeductions)])),
    net: s.net,
    status: s.status,
  }));
}

/**
 * The Process Payroll dialog for the month asked (`?process=`): the cards processing would write, or the month's
 * message when it cannot be processed (the same rules and messages as processPayroll's).
 */
export async function processDialog(db: DbOrTx, asked: string, now: Date = new Date()): Promise<PayrollProcessDialog> {
  const none = (error: string): PayrollProcessDialog => ({
    kind: "process",
    month: asked,
    error,
    slabTable: null,
    cards: [],
    totals: null,
  });
  const parsed = parsePayrollMonth(asked);
  if (!parsed.ok) return none(parsed.message);
  const month = parsed.month;
  const plan = await planPayroll(db, month, now);
  if (!plan.ok && !plan.table) return none(plan.message);
  const lines = plan.ok ? plan.lines : [];
  const [done] = await db
    .select({ id: payrollRuns.id })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.periodMonth, monthBounds(month).first), ne(payrollRuns.status, "reversed")))
    .limit(1);
  const totals = payrollTotals(lines);
  return {
    kind: "process",
    month,
    error: done ? M.alreadyProcessed(month) : plan.ok ? null : plan.message,
    slabTable: plan.table!.name,
    cards: lines.map((l) => ({
      employeeId: l.employeeId,
      name: l.name,
      position: l.position,
      department: l.department,
      monthlySalary: l.monthlySalary,
      daysPaid: l.daysPaid,
      daysInMonth: l.daysInMonth,
      figures: l.figures,
    })),
    totals:
      lines.length > 0
        ? {
            gross: fromPaisa(totals.gross),
            deductions: fromPaisa(totals.totalDeductions),
            net: fromPaisa(totals.net),
          }
        : null,
  };
}
