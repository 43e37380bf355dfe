import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { employees, incomeTaxSlabs, incomeTaxSlabTables } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { fitsMoneyColumn, sumPaisa, toPaisa } from "../../lib/money";
import type { SalaryPaymentMethod } from "../people/constants";
import { monthBounds, PAYROLL_MESSAGES as M } from "./payroll-form";
import { daysEmployed, payslipFigures, type PayslipFigures, type TaxSlab } from "./payroll-formula";

// What a month's payroll pays (issue 25): the slab table in force and each employee's payslip figures, worked out
// the same way for the Process Payroll dialog's cards and for processing itself.
//
// Who is paid (decided where the issue is silent): an employee with a salary above ৳0, employed on at least one day
// of the month (joined on or before its last day; no leaving date, or one on or after its first day), and active, or
// inactive with a leaving date in or after the month (someone who left mid-month is paid for the days up to it; an
// inactive employee without one is not paid at all). An employee with no salary on record is not on the payroll:
// the formula would pay them the transport allowance alone.

export interface SlabTableInForce {
  id: string;
  name: string;
  source: string;
  inForceFrom: string;
  slabs: TaxSlab[];
}

/** The slab table in force for `month` (YYYY-MM): the one put in force latest on or before its first day. */
export async function slabTableInForce(db: DbOrTx, month: string): Promise<SlabTableInForce | null> {
  const { first } = monthBounds(month);
  const [table] = await db
    .select()
    .from(incomeTaxSlabTables)
    .where(and(isNotNull(incomeTaxSlabTables.inForceFrom), lte(incomeTaxSlabTables.inForceFrom, first)))
    .orderBy(desc(incomeTaxSlabTables.inForceFrom))
    .limit(1);
  if (!table?.inForceFrom) return null;
  const slabs = await db
    .select({ bandAmount: incomeTaxSlabs.bandAmount, rate: incomeTaxSlabs.rate })
    .from(incomeTaxSlabs)
    .where(eq(incomeTaxSlabs.tableId, table.id))
    .orderBy(asc(incomeTaxSlabs.position));
  return { id: table.id, name: table.name, source: table.source, inForceFrom: table.inForceFrom, slabs };
}

export interface PayrollLine {
  employeeId: string;
  name: string;
  email: string;
  position: string;
  department: string;
  paymentMethod: SalaryPaymentMethod;
  monthlySalary: string;
  daysPaid: number;
  daysInMonth: number;
  figures: PayslipFigures;
}

/**
 * The employees `month` pays, by name, with their figures. `lock` takes their rows FOR SHARE, so a salary changed
 * while the month is processed waits for it (and the payslip shows the salary it was worked out with).
 */
export async function payrollLines(
  db: DbOrTx,
  month: string,
  slabs: readonly TaxSlab[],
  options: { lock?: boolean } = {},
): Promise<PayrollLine[]> {
  const { first, last } = monthBounds(month);
  const query = db
    .select()
    .from(employees)
    .where(
      and(
        gt(employees.salary, "0"),
        lte(employees.joiningDate, last),
        or(isNull(employees.leavingDate), gte(employees.leavingDate, first)),
        or(eq(employees.status, "active"), and(isNotNull(employees.leavingDate), gte(employees.leavingDate, first))),
      ),
    )
    .orderBy(asc(employees.name), asc(employees.id));
  const rows = options.lock ? await query.for("share") : await query;
  return rows.flatMap((e) => {
    const days = daysEmployed(month, e.joiningDate, e.leavingDate);
    if (days.daysPaid === 0) return [];
    return [
      {
        employeeId: e.id,
        name: e.name,
        email: e.email,
        position: e.position,
        department: e.department,
        paymentMethod: e.salaryPaymentMethod,
        monthlySalary: e.salary,
        ...days,
        figures: payslipFigures(e.salary, slabs, days),
      },
    ];
  });
}

/** A month's sums of the payslips' figures, paisa. */
export function payrollTotals(
  lines: readonly PayrollLine[],
): Record<"gross" | "providentFund" | "incomeTax" | "totalDeductions" | "net", bigint> {
  const total = (pick: (figures: PayslipFigures) => string) => sumPaisa(lines.map((l) => toPaisa(pick(l.figures))));
  return {
    gross: total((f) => f.gross),
    providentFund: total((f) => f.providentFund),
    incomeTax: total((f) => f.incomeTax),
    totalDeductions: total((f) => f.totalDeductions),
    net: total((f) => f.net),
  };
}

export type PayrollPlan =
  | { ok: true; table: SlabTableInForce; lines: PayrollLine[] }
  | { ok: false; message: string; table: SlabTableInForce | null };

/**
 * What processing `month` (a valid YYYY-MM) would pay, or why it cannot: a month not started yet (`now` in Dhaka),
 * no slab table in force, nobody to pay. The one check of Process Payroll's dialog and of processing itself (which
 * also takes the employees' rows FOR SHARE, `lock`). Whether the month is processed already is the unique index's.
 */
export async function planPayroll(
  db: DbOrTx,
  month: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<PayrollPlan> {
  if (month > todayInDhaka(now).slice(0, 7)) return { ok: false, message: M.monthInFuture(month), table: null };
  const table = await slabTableInForce(db, month);
  if (!table) return { ok: false, message: M.noSlabTable(month), table: null };
  const lines = await payrollLines(db, month, table.slabs, options);
  if (lines.length === 0) return { ok: false, message: M.nobodyToPay(month), table };
  // Salaries typed before the typed bound (issue 38) can sum past what the run's totals hold: refused, naming it.
  const totals = payrollTotals(lines);
  const tooLarge = (["gross", "totalDeductions", "net"] as const).find((figure) => !fitsMoneyColumn(totals[figure]));
  if (tooLarge) {
    const figure = { gross: "gross salaries", totalDeductions: "deductions", net: "net salaries" }[tooLarge];
    return { ok: false, message: M.totalTooLarge(figure, month), table };
  }
  return { ok: true, table, lines };
}
