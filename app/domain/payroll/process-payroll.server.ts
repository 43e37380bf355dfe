import { sellerDetails } from "../settings/company-settings.server";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { payrollRuns, payslips, transactions } from "../../db/schema";
import { formatMonthYear } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { EntryLine } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import {
  monthBounds,
  parsePayrollMonth,
  PAYROLL_MESSAGES as M,
  salaryRowDescription,
  SALARY_ROW_PAYMENT_METHOD,
} from "./payroll-form";
import { payrollTotals, planPayroll } from "./payroll-preview.server";

// Process Payroll (issue 25; DESIGN §10): a month's payslips, one pending salary row each (the spec's accounts row:
// expense, Salaries, the net, the month's first day, "Salary payment for {month}"), and one entry dated the month's
// first day: salaries expense (gross) / provident fund payable, income tax payable, salaries payable (net), the net
// last (Salary Disbursement pays the account of that line). The income tax is withheld from employees: it goes to
// withholding tax payable, which Tax Management deposits as TDS. All in one transaction with the audit line.
//
// A month is processed once. The run's row is written first: payroll_runs_month_unique (on the month, while not
// reversed) makes a second run of the month, from another tab at the same moment, wait on the first's insert and then
// fail once it commits; that failure is answered with the month's message, and the second writes nothing.
// A month that has not started is refused; the current month may be processed before its end (salaries are often
// paid on the last working day).

export type ProcessPayrollResult = UseCaseResult<{ runId: string; entryId: string; payslips: number; net: string }>;

export async function processPayroll(
  db: Db,
  actor: AuditActor,
  values: { month?: unknown },
  now: Date = new Date(),
): Promise<ProcessPayrollResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, M.processFailed, errors);
  const parsed = parsePayrollMonth(values.month);
  if (!parsed.ok) return failed("invalid", { month: parsed.message });
  const month = parsed.month;
  const { first } = monthBounds(month);
  try {
    return await db.transaction(async (tx): Promise<ProcessPayrollResult> => {
      const plan = await planPayroll(tx, month, now, { lock: true });
      if (!plan.ok) return failed("invalid", { month: plan.message });
      const { table, lines } = plan;
      const { gross, providentFund, incomeTax, totalDeductions: deductions, net } = payrollTotals(lines);

      // First: the month's row, which a second run of the month waits on (see above).
      const [run] = await tx
        .insert(payrollRuns)
        .values({
          periodMonth: first,
          totalGross: fromPaisa(gross),
          totalDeductions: fromPaisa(deductions),
          totalNet: fromPaisa(net),
          slabTableId: table.id,
          createdBy: actor.userId,
        })
        .returning({ id: payrollRuns.id });
      const runId = run!.id;

      const roles = await roleAccounts(tx, [
        "payroll.salaries",
        "payroll.provident_fund",
        "tax.withholding_payable",
        "payroll.salaries_payable",
      ]);
      // Each employee's withheld tax and net salary are lines of their own, naming the employee (issue 36): what the
      // company owes each is read from the ledger.
      const perEmployee = (accountId: string, figure: "incomeTax" | "net", what: string): EntryLine[] =>
        lines.map((line) => ({
          accountId,
          debit: 0n,
          credit: toPaisa(line.figures[figure]),
          description: `${what}: ${line.name}`.slice(0, 500),
          party: { kind: "employee", id: line.employeeId },
        }));
      const entryLines: EntryLine[] = [
        { accountId: roles["payroll.salaries"], debit: gross, credit: 0n, description: "Gross salaries" },
        { accountId: roles["payroll.provident_fund"], debit: 0n, credit: providentFund, description: "Provident fund" },
        ...perEmployee(roles["tax.withholding_payable"], "incomeTax", "Income tax withheld"),
        ...perEmployee(roles["payroll.salaries_payable"], "net", "Net salary"),
      ].filter((l) => l.debit > 0n || l.credit > 0n);
      const entryId = await postEntry(tx, {
        date: first,
        description: `Payroll for ${formatMonthYear(month)} (${lines.length} ${lines.length === 1 ? "employee" : "employees"})`,
        source: { type: "payroll_run", id: runId },
        lines: entryLines,
        createdBy: actor.userId,
      });
      await tx.update(payrollRuns).set({ journalEntryId: entryId }).where(eq(payrollRuns.id, runId));

      const rows = await tx
        .insert(transactions)
        .values(
          lines.map((l) => ({
            date: first,
            type: "expense" as const,
            category: "Salaries",
            description: salaryRowDescription(month),
            amount: l.figures.net,
            paymentMethod: SALARY_ROW_PAYMENT_METHOD[l.paymentMethod],
            reference: `PAY-${month}`,
            party: l.name,
            status: "pending" as const,
            accountId: roles["payroll.salaries"],
            journalEntryId: entryId,
            createdBy: actor.userId,
          })),
        )
        .returning({ id: transactions.id });
      const seller = await sellerDetails(tx);
      await tx.insert(payslips).values(
        lines.map((l, i) => ({
          payrollRunId: runId,
          seller,
          employeeId: l.employeeId,
          employeeName: l.name,
          position: l.position,
          department: l.department,
          monthlySalary: l.monthlySalary,
          daysPaid: l.daysPaid,
          daysInMonth: l.daysInMonth,
          basic: l.figures.basic,
          houseRent: l.figures.houseRent,
          medical: l.figures.medical,
          transport: l.figures.transport,
          gross: l.figures.gross,
          providentFund: l.figures.providentFund,
          incomeTax: l.figures.incomeTax,
          otherDeductions: l.figures.otherDeductions,
          net: l.figures.net,
          paymentMethod: l.paymentMethod,
          transactionId: rows[i]!.id,
        })),
      );
      await recordAudit(tx, actor, {
        action: "payroll.process",
        entityType: "payroll_run",
        entityId: runId,
        summary: `Processed payroll for ${formatMonthYear(month)}: ${lines.length} payslips, net ৳${fromPaisa(net)}`,
        changes: {
          month,
          slabTable: table.name,
          gross: fromPaisa(gross),
          providentFund: fromPaisa(providentFund),
          incomeTax: fromPaisa(incomeTax),
          net: fromPaisa(net),
        },
      });
      return { ok: true, message: M.processed, runId, entryId, payslips: lines.length, net: fromPaisa(net) };
    });
  } catch (error) {
    // The entry's date is the month's first day: a lock date or a closed year refusing it is the month's fault.
    if (error instanceof PostingRefused) {
      const { date, ...rest } = error.errors;
      const errors = date ? { month: date, ...rest } : rest;
      return ledgerRefusal({ errors, message: error.message }, { failed: M.processFailed, fields: ["month"] });
    }
    if (isUniqueViolation(error, "payroll_runs_month_unique"))
      return failed("conflict", { month: M.alreadyProcessed(month) });
    throw error;
  }
}
