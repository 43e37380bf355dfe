import { KeyRound, Plus, Users, UsersRound } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { partyStatementHref } from "~/domain/accounting/party-statement";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { DEPARTMENTS, SALARY_PAYMENT_METHOD_LABELS } from "~/domain/people/constants";
import {
  EMPLOYEE_MESSAGES,
  EMPTY_EMPLOYEE_FORM,
  readEmployeeForm,
  type EmployeeFormValues,
} from "~/domain/people/employee-form";
import { EMPLOYEE_LIST, EMPLOYEE_STATUS_LABELS } from "~/domain/people/employee-list";
import { giveEmployeeSignIn, signInPreview, type SignInPreview } from "~/domain/people/employee-sign-in.server";
import {
  createEmployee,
  deleteEmployee,
  listEmployees,
  loadEmployeeForm,
  updateEmployee,
  type EmployeePay,
} from "~/domain/people/employees.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { recordDialogFromUrl, type RecordDialog } from "~/lib/record-dialog.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { useToast } from "~/ui/admin/form";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { EmployeeDialog } from "~/ui/admin/employees/employee-dialog";
import { GiveSignInDialog } from "~/ui/admin/employees/give-sign-in-dialog";
import {
  cellClass,
  EmptyState,
  FilterSelect,
  HeadCell,
  ListSkeleton,
  ListTable,
  ListToolbar,
  Pagination,
  SearchBox,
  SortHeader,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { RowActionLink, RowActions } from "~/ui/admin/row-actions";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/employees";
import { httpStatusOf } from "~/lib/use-case-http";

// Employee Management (backoffice.md §2; issue 11). The list's state is in the URL (DESIGN §9 Lists); so is the
// open dialog: ?new=1 (add), ?edit=<id>, ?delete=<id> (the confirmation), as on the inventory screen. Pay shows
// only to roles with employees.salary (admin, accountant): the salary, and (issue 25) how it is paid and the leaving
// date, which the loader's data carries for those roles alone. Who sees the books has each employee's ledger
// statement linked under their name (issue 36).

export const meta: Route.MetaFunction = () => [{ title: "Employee Management | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(EMPLOYEE_LIST, url);

type DialogState = RecordDialog<EmployeeFormValues> | { kind: "signin"; employee: SignInPreview };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/employees");
  const url = new URL(args.request.url);
  const state = parseList(EMPLOYEE_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "employees.manage");
  const withSalary = can(user.role, "employees.salary");
  // Giving a sign-in creates a back-office user: who may invite users (Settings > Users) may.
  const canGiveSignIn = canManage && can(user.role, "users.manage");

  let dialog: DialogState;
  const signInId = url.searchParams.get("signin");
  if (canGiveSignIn && signInId) {
    const employee = await signInPreview(db, signInId);
    if (!employee)
      throw await redirectWithToast(listUrl(url), { type: "error", message: EMPLOYEE_MESSAGES.signInExists });
    dialog = { kind: "signin", employee };
  } else
    dialog = await recordDialogFromUrl(url, {
      allowed: canManage,
      empty: EMPTY_EMPLOYEE_FORM,
      load: (id) => loadEmployeeForm(db, id, { withPay: withSalary }),
      values: (employee) => employee,
      name: (employee) => employee.name,
      id: (employee) => employee.id,
      listUrl: listUrl(url),
      notFound: EMPLOYEE_MESSAGES.notFound,
    });
  const page = await listEmployees(db, state, { withSalary });
  // Who sees the books opens each employee's ledger statement (issue 36): unpaid salaries and what was paid.
  const canStatements = can(user.role, "accounts.view");
  return { state, page, canManage, canGiveSignIn, withSalary, canStatements, dialog };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/employees");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const back = listUrl(url);

  if (intent === "create" || intent === "update") {
    const values = readEmployeeForm(form);
    // The pay details are saved only by a role that may see pay, as the salary column is shown only to it.
    const pay = { withPay: can(user.role, "employees.salary") };
    const result =
      intent === "create" ? await createEmployee(db, values, actor, pay) : await updateEmployee(db, values, actor, pay);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    // Someone else's change: the form reopens with what is stored now.
    const shown = result.refusal === "conflict" ? ((await loadEmployeeForm(db, values.id, pay)) ?? values) : values;
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values: shown, toast }, { status: httpStatusOf(result) });
  }

  if (intent === "delete") {
    const result = await deleteEmployee(db, form.get("id"), actor);
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }

  if (intent === "give-signin") {
    const result = await giveEmployeeSignIn(db, { id: form.get("id"), role: form.get("role") }, actor);
    if (result.ok || result.refusal !== "invalid")
      return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values: null, toast }, { status: httpStatusOf(result) });
  }

  return data({ intent: null, errors: {}, values: null, toast: null }, { status: 400 });
}

/** How an employee is paid, short enough for the salary cell: "Bank ••7890", "bKash ••5678", "Cash", "Bank". */
function payLine(pay: EmployeePay): string {
  const method = pay.paymentMethod === "bank" ? "Bank" : SALARY_PAYMENT_METHOD_LABELS[pay.paymentMethod];
  const number = pay.paymentMethod === "bank" ? pay.bankAccountNumber : pay.walletNumber;
  if (pay.paymentMethod === "cash" || !number) return method;
  return `${method} ••${number.replace(/\D/g, "").slice(-4)}`;
}

export default function Employees({ loaderData, actionData }: Route.ComponentProps) {
  const { page, canManage, canGiveSignIn, withSalary, canStatements, dialog } = loaderData;
  const list = useListView(EMPLOYEE_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const dialogHref = (param: string) => withParam(closeHref, param);

  return (
    <>
      <PageHeader
        title="Employee Management"
        description="The company's people: who they are, where they work, and who may sign in."
        actions={
          <>
            <Link to="/admin/employees/teams" className={secondaryButton}>
              <UsersRound aria-hidden className="size-4" /> Teams
            </Link>
            {canManage && (
              <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> Add New Employee
              </Link>
            )}
          </>
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search and filter the employees">
          <SearchBox
            label="Search"
            placeholder="Search by name, e-mail or phone..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="department"
            label="Department"
            allLabel="All"
            options={DEPARTMENTS.map((d) => ({ value: d, label: d }))}
            className="sm:w-44"
          />
          <FilterSelect
            name="status"
            label="Status"
            allLabel="All"
            options={Object.entries(EMPLOYEE_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            className="sm:w-36"
          />
        </ListToolbar>
        {loading ? (
          <ListSkeleton label="employees" columns={6} />
        ) : page.rows.length === 0 ? (
          <EmptyState list={list} icon={Users} title="No employees found" hint="Add the first with Add New Employee." />
        ) : (
          <ListTable label="Employees" minWidth="52rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <SortHeader list={list} sort="name">
                  Employee
                </SortHeader>
                <HeadCell>Contact</HeadCell>
                <SortHeader list={list} sort="position">
                  Position
                </SortHeader>
                <SortHeader list={list} sort="joined">
                  Joining Date
                </SortHeader>
                {withSalary && <HeadCell className="text-right">Salary</HeadCell>}
                <HeadCell>Status</HeadCell>
                {canManage && <HeadCell className="text-right">Actions</HeadCell>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => (
                <tr key={row.id} className="hover:bg-slate-50">
                  <td className={`${cellClass} min-w-40`}>
                    <span className="block font-medium text-ink-900">{row.name}</span>
                    {row.hasLogin && (
                      <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                        <KeyRound aria-hidden className="size-3" /> Can sign in
                      </span>
                    )}
                    {canStatements && (
                      <Link
                        to={partyStatementHref("employee", row.id)}
                        className="block text-xs font-medium text-brand-700 hover:underline"
                        aria-label={`Statement of ${row.name}`}
                      >
                        Statement
                      </Link>
                    )}
                  </td>
                  <td data-label="Contact" className={`${cellClass} max-w-44`}>
                    <a
                      href={`mailto:${row.email}`}
                      title={row.email}
                      className="block truncate text-brand-700 hover:underline"
                    >
                      {row.email}
                    </a>
                    {row.phone && (
                      <a
                        href={`tel:${row.phone.replace(/[^\d+]/g, "")}`}
                        className="text-xs whitespace-nowrap text-slate-600 hover:underline"
                      >
                        {row.phone}
                      </a>
                    )}
                  </td>
                  {/* Position and department in one cell, so the table fits beside the menu at 1280 px. */}
                  <td data-label="Position" className={cellClass}>
                    <span className="block text-ink-900">{row.position}</span>
                    <span className="text-xs text-slate-500">{row.department}</span>
                  </td>
                  <td data-label="Joining Date" className={`${cellClass} whitespace-nowrap`}>
                    {formatShortDate(row.joiningDate)}
                    {row.pay?.leavingDate && (
                      <span className="block text-xs text-slate-500">Left {formatShortDate(row.pay.leavingDate)}</span>
                    )}
                  </td>
                  {withSalary && (
                    <td data-label="Salary" className={`${cellClass} text-right whitespace-nowrap tabular-nums`}>
                      {row.salary !== null ? formatMoney(row.salary) : ""}
                      {row.pay && (
                        <span className="block text-xs text-slate-500" title="How the salary is paid">
                          {payLine(row.pay)}
                        </span>
                      )}
                    </td>
                  )}
                  <td data-label="Status" className={cellClass}>
                    <Badge tone={row.status === "active" ? "green" : "slate"}>
                      {EMPLOYEE_STATUS_LABELS[row.status]}
                    </Badge>
                  </td>
                  {canManage && (
                    <td className={`${cellClass} text-right whitespace-nowrap`}>
                      <RowActions
                        name={row.name}
                        editHref={dialogHref(`edit=${row.id}`)}
                        deleteHref={dialogHref(`delete=${row.id}`)}
                        compact
                      >
                        {canGiveSignIn && !row.hasLogin && row.status === "active" && (
                          <RowActionLink
                            to={dialogHref(`signin=${row.id}`)}
                            label={`Give ${row.name} a sign-in`}
                            text="Sign-in"
                            icon={KeyRound}
                            tone="plain"
                            compact
                          />
                        )}
                      </RowActions>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="employees" />
      </Panel>

      {dialog && (dialog.kind === "create" || dialog.kind === "update") && (
        <EmployeeDialog
          key={`${dialog.kind}-${dialog.values.id}-${dialog.values.version}`}
          mode={dialog.kind}
          values={actionData?.intent === dialog.kind && actionData.values ? actionData.values : dialog.values}
          errors={actionData?.intent === dialog.kind ? actionData.errors : {}}
          withPay={withSalary}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "signin" && (
        <GiveSignInDialog
          employee={dialog.employee}
          error={actionData?.intent === "give-signin" ? actionData.errors.role : undefined}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete employee"
          question={EMPLOYEE_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed. If tasks, leave or payslips refer to them, they are made inactive instead, so that history keeps their name."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
