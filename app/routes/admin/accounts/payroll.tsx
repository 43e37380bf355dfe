import { Calculator } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { PAYROLL_MESSAGES as M, readProcessPayrollForm, readUndoPayrollForm } from "~/domain/payroll/payroll-form";
import {
  payrollListHref,
  payrollListState,
  undoBlocker,
  withDialog,
  type PayrollDialog,
} from "~/domain/payroll/payroll-page";
import { findPayrollRun, loadPayrollPage, payslipRows, processDialog } from "~/domain/payroll/payroll-page.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { reversePayrollRun } from "~/domain/payroll/reverse-payroll-run.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { EmployeePayTable } from "~/ui/admin/accounts/payroll/employee-pay-table";
import { GenerateReport } from "~/ui/admin/accounts/payroll/generate-report";
import { PayrollRuns } from "~/ui/admin/accounts/payroll/payroll-runs";
import { PayslipsDialog } from "~/ui/admin/accounts/payroll/payslips-dialog";
import { ProcessPayrollDialog } from "~/ui/admin/accounts/payroll/process-payroll-dialog";
import { UndoPayrollDialog } from "~/ui/admin/accounts/payroll/undo-payroll-dialog";
import { useToast } from "~/ui/admin/form";
import { PageHeader } from "~/ui/admin/page-header";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/payroll";

// Payroll (/admin/accounts/payroll; backoffice.md §2 Payroll Management; issue 25): the spec's table of active
// employees with a month's figures by the formula (?month=, the current month by default; ?q= searches it), the
// months processed with their totals and state, and Generate Report (the month's register, PDF or CSV). Dialogs by
// the URL: Process Payroll (?process=YYYY-MM: the month's cards from the same rules processing uses), a run's
// payslips (?payslips=<run id>) and Undo (?undo=<run id>, only while nothing of the month is paid). Seeing is for
// whoever sees the books (accounts.view); the intents process and undo need accounts.manage. The use cases are
// app/domain/payroll/process-payroll.server.ts and reverse-payroll-run.server.ts.

export const meta: Route.MetaFunction = () => [{ title: "Payroll | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/payroll");
  const url = new URL(args.request.url);
  const params = url.searchParams;
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const page = await loadPayrollPage(db, params);
  const listHref = payrollListHref(page.state, page.currentMonth);

  let dialog: PayrollDialog = null;
  if (canManage && params.has("process")) {
    dialog = await processDialog(db, params.get("process") || page.state.month);
  } else if (params.has("payslips")) {
    const run = await findPayrollRun(db, params.get("payslips") ?? "");
    if (!run) throw await redirectWithToast(listHref, { type: "error", message: M.runNotFound });
    dialog = { kind: "payslips", run, payslips: await payslipRows(db, run.id) };
  } else if (canManage && params.has("undo")) {
    const run = await findPayrollRun(db, params.get("undo") ?? "");
    const refusal = run ? undoBlocker(run) : M.runNotFound;
    if (refusal) throw await redirectWithToast(listHref, { type: "error", message: M.undoFailed(refusal) });
    dialog = { kind: "undo", run: run! };
  }
  return { ...page, canManage, dialog, listHref };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/payroll");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  // Where a success goes back to: the list as it was shown (its month and search).
  const currentMonth = todayInDhaka().slice(0, 7);
  const state = payrollListState(new URL(args.request.url).searchParams, currentMonth);
  const refused = (message: string): Toast => ({ type: "error", message });

  if (intent === "process") {
    const values = readProcessPayrollForm(form);
    const result = await processPayroll(db, actor, values);
    if (result.ok) {
      const month = typeof values.month === "string" ? values.month.trim() : state.month;
      return redirectWithToast(payrollListHref({ ...state, month }, currentMonth), {
        type: "success",
        message: result.message,
      });
    }
    const month = typeof values.month === "string" ? values.month : (values.month[0] ?? "");
    return data(
      { intent, errors: result.errors, values: { month, reason: "" }, toast: refused(result.message) },
      { status: httpStatusOf(result) },
    );
  }
  // undo
  const values = readUndoPayrollForm(form);
  const result = await reversePayrollRun(db, actor, values);
  if (result.ok) {
    return redirectWithToast(payrollListHref(state, currentMonth), {
      type: "success",
      message: result.message,
    });
  }
  return data(
    { intent, errors: result.errors, values: { month: "", reason: values.reason }, toast: refused(result.message) },
    { status: httpStatusOf(result) },
  );
}

export default function Payroll({ loaderData, actionData }: Route.ComponentProps) {
  const { state, employees, activeCount, runs, monthRun, slabTable, canManage, dialog, listHref, currentMonth } =
    loaderData;
  useToast(actionData?.toast);
  const errorsOf = (intent: string): Record<string, string | undefined> =>
    actionData?.intent === intent ? actionData.errors : {};
  const typedReason = actionData?.intent === "undo" ? actionData.values.reason : "";
  const typedMonth = actionData?.intent === "process" ? actionData.values.month : null;

  return (
    <>
      <PageHeader
        title="Payroll"
        description="Each active employee's pay by the payroll formula; a month is processed once, writing a payslip and a pending salary payment for everyone employed in it."
        actions={
          <>
            <GenerateReport month={state.month} processed={monthRun !== null} />
            {canManage && (
              <Link to={withDialog(listHref, `process=${state.month}`)} preventScrollReset className={primaryButton}>
                <Calculator aria-hidden className="size-4" /> Process Payroll
              </Link>
            )}
          </>
        }
      />
      <EmployeePayTable
        state={state}
        currentMonth={currentMonth}
        employees={employees}
        activeCount={activeCount}
        slabTable={slabTable}
        monthRun={monthRun}
      />
      <PayrollRuns runs={runs} canManage={canManage} dialogHref={(param) => withDialog(listHref, param)} />
      {dialog?.kind === "process" && (
        <ProcessPayrollDialog
          dialog={dialog}
          typedMonth={typedMonth}
          errors={errorsOf("process")}
          listHref={listHref}
          action={withDialog(listHref, `process=${dialog.month}`)}
        />
      )}
      {dialog?.kind === "payslips" && (
        <PayslipsDialog run={dialog.run} payslips={dialog.payslips} closeHref={listHref} />
      )}
      {dialog?.kind === "undo" && (
        <UndoPayrollDialog
          run={dialog.run}
          reason={typedReason}
          errors={errorsOf("undo")}
          closeHref={listHref}
          action={withDialog(listHref, `undo=${dialog.run.id}`)}
        />
      )}
    </>
  );
}
