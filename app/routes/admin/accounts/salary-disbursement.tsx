import { Download, Send } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { moneyAccountChoices } from "~/domain/accounting/money-accounts.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { disburseSalaries } from "~/domain/payroll/disburse-salaries.server";
import {
  DISBURSEMENT_MESSAGES as M,
  readDisbursementForm,
  SALARY_DISBURSEMENT_PATH as PATH,
  SALARY_ROW_LIST,
  type DisbursementFormValues,
} from "~/domain/payroll/disbursement-form";
import { listSalaryRows, monthPayees, payrollMonths } from "~/domain/payroll/disbursement.server";
import { parsePayrollMonth } from "~/domain/payroll/payroll-form";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMonthYear } from "~/lib/format";
import { listHref, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { DisbursementDialog } from "~/ui/admin/accounts/salary-disbursement/disbursement-dialog";
import { PayeeSummary } from "~/ui/admin/accounts/salary-disbursement/payee-summary";
import { SalaryRowTable } from "~/ui/admin/accounts/salary-disbursement/salary-row-table";
import { useToast } from "~/ui/admin/form";
import { FilterSelect, ListSkeleton, ListToolbar, useListLoading, useListView } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/salary-disbursement";

// Salary Disbursement (/admin/accounts/salary-disbursement; backoffice.md §2; issue 25): the salary rows Payroll left
// (pending until paid, then completed), filtered by ?month=&status=&page=; Process Disbursement opens by the URL
// (?disburse=YYYY-MM) on a processed month's pending payslips; the bank advice of a month downloads as CSV. Paying
// needs accounts.manage (intent disburse); the employees' account and wallet numbers show only to one who may see
// salaries (employees.salary).

export const meta: Route.MetaFunction = () => [{ title: "Salary Disbursement | Utsab Admin" }];

const adviceHref = (month: string) => `${PATH}/advice?month=${month}`;

function backOf(url: URL): string {
  return listHref(PATH, SALARY_ROW_LIST, parseList(SALARY_ROW_LIST, url));
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/salary-disbursement");
  const url = new URL(args.request.url);
  const state = parseList(SALARY_ROW_LIST, url);
  const db = getDb();
  const today = todayInDhaka();
  const canManage = can(user.role, "accounts.manage");
  const showDetails = can(user.role, "employees.salary");
  const [page, months] = await Promise.all([listSalaryRows(db, state), payrollMonths(db)]);

  let dialog: {
    month: string;
    lines: Awaited<ReturnType<typeof monthPayees>>["lines"];
    total: string;
    values: DisbursementFormValues;
    choices: Awaited<ReturnType<typeof moneyAccountChoices>>;
  } | null = null;
  const asked = url.searchParams.get("disburse");
  if (asked !== null && canManage) {
    const month = parsePayrollMonth(asked);
    if (!month.ok)
      throw await redirectWithToast(backOf(url), { type: "error", message: `Process Disbursement: ${month.message}` });
    // A month never processed (or undone) has nothing to pay: Payroll comes first.
    if (!months.some((m) => m.month === month.month))
      throw await redirectWithToast(backOf(url), { type: "error", message: M.notProcessed(month.month) });
    const [payees, choices] = await Promise.all([
      monthPayees(db, month.month, { pendingOnly: true, showDetails }),
      moneyAccountChoices(db),
    ]);
    const bank = choices.defaults.bank ?? "";
    dialog = {
      month: month.month,
      ...payees,
      values: { month: month.month, moneyAccountId: bank, date: today, payslipIds: [] },
      choices,
    };
  }
  const adviceMonth = state.filters.month ?? months[0]?.month ?? null;
  // The month's payees beside the table (wallet numbers, missing ones): for one who may see salaries.
  const payees =
    adviceMonth && showDetails ? (await monthPayees(db, adviceMonth, { pendingOnly: false, showDetails })).lines : [];
  return { state, page, months, today, canManage, showDetails, dialog, adviceMonth, payees };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/salary-disbursement");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  intentOf(form); // disburse, the only one (accounts.manage): any other is refused here
  const values = readDisbursementForm(form);
  const result = await disburseSalaries(getDb(), auditActor(args, user), values);
  if (result.ok) {
    const month = values.month.trim();
    const back = listHref(PATH, SALARY_ROW_LIST, parseList(SALARY_ROW_LIST, url), { page: 1, filters: { month } });
    return redirectWithToast(back, { type: "success", message: result.message });
  }
  const toast: Toast = { type: "error", message: result.message };
  return data({ errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function SalaryDisbursement({ loaderData, actionData }: Route.ComponentProps) {
  const { page, months, today, canManage, showDetails, dialog, adviceMonth, payees } = loaderData;
  const list = useListView(SALARY_ROW_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const toPay = months.filter((m) => m.pending > 0);
  const filtered = list.state.filters.month;
  const disburseMonth =
    (filtered && months.some((m) => m.month === filtered) ? filtered : undefined) ??
    toPay[0]?.month ??
    months[0]?.month;
  const pendingTotal = months.reduce((n, m) => n + m.pending, 0);

  return (
    <>
      <PageHeader
        title="Salary Disbursement"
        description={
          pendingTotal > 0
            ? `${pendingTotal} ${pendingTotal === 1 ? "salary is" : "salaries are"} waiting to be paid.`
            : "Salaries processed in Payroll are paid here, from a bank or wallet account."
        }
        actions={
          <>
            {adviceMonth && showDetails && (
              <a href={adviceHref(adviceMonth)} download className={secondaryButton}>
                <Download aria-hidden className="size-4" /> Bank advice ({formatMonthYear(adviceMonth)})
              </a>
            )}
            {canManage && disburseMonth && (
              <Link to={withParam(closeHref, `disburse=${disburseMonth}`)} preventScrollReset className={primaryButton}>
                <Send aria-hidden className="size-4" /> Process Disbursement
              </Link>
            )}
          </>
        }
      />
      <Panel className="mb-6">
        <ListToolbar list={list} label="Filter the salary rows">
          <FilterSelect
            name="month"
            label="Month"
            allLabel="All months"
            options={months.map((m) => ({ value: m.month, label: formatMonthYear(m.month) }))}
            className="max-sm:col-span-1 sm:w-48"
          />
          <FilterSelect
            name="status"
            label="Status"
            options={[
              { value: "pending", label: "Pending" },
              { value: "completed", label: "Completed" },
            ]}
            className="max-sm:col-span-1 sm:w-40"
          />
        </ListToolbar>
      </Panel>
      {adviceMonth && <PayeeSummary month={adviceMonth} lines={payees} />}
      <Panel className="mb-6">
        {loading ? <ListSkeleton label="salary rows" columns={6} /> : <SalaryRowTable list={list} page={page} />}
      </Panel>

      {dialog && (
        <DisbursementDialog
          key={dialog.month}
          month={dialog.month}
          months={toPay}
          lines={dialog.lines}
          total={dialog.total}
          showDetails={showDetails}
          values={actionData?.values ?? dialog.values}
          errors={actionData?.errors ?? {}}
          choices={dialog.choices}
          today={today}
          closeHref={closeHref}
          action={here}
          monthHref={(month) => withParam(closeHref, `disburse=${month}`)}
          adviceHref={adviceHref(dialog.month)}
        />
      )}
    </>
  );
}
