import { Form, Link } from "react-router";
import { formatMoney, formatMonthYear } from "~/lib/format";
import {
  payrollListHref,
  type PayrollEmployeeRow,
  type PayrollListState,
  type PayrollRunRow,
} from "~/domain/payroll/payroll-page";
import { cellClass, HeadCell, headCellClass, ListTable } from "~/ui/admin/list/table";
import { inputClass } from "~/ui/admin/form";
import { Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";

// The spec's table of active employees (backoffice.md §2 Payroll Management): name, e-mail, position, department,
// basic salary, house rent, medical, transport and net salary, a full month's figures by the formula with the
// income-tax table in force for the month chosen. The month and a search are in the URL (a plain GET form).

// Nine columns at 1280 px: the five amounts take 8 px either side rather than the list's 12.
const MONEY_HEAD = headCellClass.replace("px-3", "px-2") + " text-right";
const MONEY_CELL = cellClass.replace("px-3", "px-2");

export function EmployeePayTable({
  state,
  currentMonth,
  employees,
  activeCount,
  slabTable,
  monthRun,
}: {
  state: PayrollListState;
  currentMonth: string;
  employees: PayrollEmployeeRow[];
  activeCount: number;
  slabTable: string | null;
  monthRun: PayrollRunRow | null;
}) {
  const money = (amount: string | undefined) => (amount === undefined ? "—" : formatMoney(amount));
  return (
    <Panel className="mb-6">
      <Form method="get" className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
        <div>
          <label htmlFor="payroll-month" className="block text-sm font-medium text-ink-900">
            Month
          </label>
          <input
            id="payroll-month"
            type="month"
            name="month"
            defaultValue={state.month}
            min="2000-01"
            max="2099-12"
            className={`${inputClass} mt-1 border-slate-300 sm:w-48`}
          />
        </div>
        <div className="sm:flex-1">
          <label htmlFor="payroll-search" className="block text-sm font-medium text-ink-900">
            Search
          </label>
          <input
            id="payroll-search"
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={100}
            placeholder="Name, e-mail, position or department"
            className={`${inputClass} mt-1 border-slate-300`}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </Form>
      {state.monthError && (
        <p role="alert" className="mx-4 mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The month in the address could not be read ({state.monthError}): showing {formatMonthYear(state.month)}.
        </p>
      )}
      <p className="px-4 pt-3 text-sm text-slate-600">
        {formatMonthYear(state.month)}: a full month&apos;s pay
        {slabTable ? `, income tax by the ${slabTable}` : ", no income-tax table in force"}.{" "}
        {monthRun ? (
          <strong className="font-medium text-emerald-800">Processed.</strong>
        ) : (
          <span>Not processed yet.</span>
        )}
      </p>
      {employees.length === 0 ? (
        <div className="px-4 py-10 text-center text-sm text-slate-600">
          {activeCount === 0 ? "No active employees." : "No employees match the search."}{" "}
          {state.q && (
            <Link
              to={payrollListHref({ ...state, q: "" }, currentMonth)}
              className="font-medium text-brand-700 hover:underline"
            >
              Clear the search
            </Link>
          )}
        </div>
      ) : (
        <ListTable label="Active employees' pay" minWidth="64rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Name</HeadCell>
              <HeadCell>E-mail</HeadCell>
              <HeadCell>Position</HeadCell>
              <HeadCell>Department</HeadCell>
              <th scope="col" className={MONEY_HEAD}>
                Basic <br />
                Salary
              </th>
              <th scope="col" className={MONEY_HEAD}>
                House <br />
                Rent
              </th>
              <th scope="col" className={MONEY_HEAD}>
                Medical
              </th>
              <th scope="col" className={MONEY_HEAD}>
                Transport
              </th>
              <th scope="col" className={MONEY_HEAD}>
                Net <br />
                Salary
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {employees.map((e) => (
              <tr key={e.id}>
                <td className={`${cellClass} font-medium text-ink-900`}>{e.name}</td>
                <td className={`${cellClass} text-xs`}>
                  <BreakableEmail email={e.email} />
                </td>
                <td className={cellClass} data-label="Position">
                  {e.position}
                </td>
                <td className={cellClass} data-label="Department">
                  {e.department}
                </td>
                <td className={`${MONEY_CELL} tabular-nums sm:text-right`} data-label="Basic">
                  {money(e.figures?.basic)}
                </td>
                <td className={`${MONEY_CELL} tabular-nums sm:text-right`} data-label="House rent">
                  {money(e.figures?.houseRent)}
                </td>
                <td className={`${MONEY_CELL} tabular-nums sm:text-right`} data-label="Medical">
                  {money(e.figures?.medical)}
                </td>
                <td className={`${MONEY_CELL} tabular-nums sm:text-right`} data-label="Transport">
                  {money(e.figures?.transport)}
                </td>
                <td className={`${MONEY_CELL} font-semibold text-ink-900 tabular-nums sm:text-right`} data-label="Net">
                  {e.figures ? formatMoney(e.figures.net) : "Not on the payroll (no salary)"}
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
    </Panel>
  );
}

/** An e-mail address that may wrap after its "@" and its dots, never inside a word (a narrow column at 1280 px). */
function BreakableEmail({ email }: { email: string }) {
  const pieces = email.split(/(?<=[@.])/);
  return (
    <span className="break-all sm:break-normal">
      {pieces.map((piece, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {piece}
        </span>
      ))}
    </span>
  );
}
