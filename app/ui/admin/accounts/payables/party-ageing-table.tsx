import { Link } from "react-router";
import { AGE_BUCKETS, AGEING_MESSAGES } from "~/domain/accounting/ageing";
import type { PartyKind } from "~/domain/accounting/constants";
import type { PartyAgeingColumn, PartyAgeingRow } from "~/domain/accounting/party-ageing";
import { SALARY_DISBURSEMENT_PATH } from "~/domain/payroll/disbursement-form";
import { formatMoney, formatMonthYear } from "~/lib/format";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";

// Ageing by party (issue 36): each customer, supplier or employee with what they owe or are owed, by age of the
// documents behind it and on account, from the ledger; each name opens the party's statement. The largest balances
// first, at most a page of them; the totals row counts every party.

const TITLES: Record<PartyKind, string> = {
  customer: "Customers: what each owes",
  supplier: "Suppliers: what the company owes each",
  employee: "Employees: unpaid salaries",
};

export function PartyAgeingTable({
  kind,
  rows,
  count,
  totals,
}: {
  kind: PartyKind;
  rows: PartyAgeingRow[];
  /** How many parties have a balance, all shown or not. */
  count: number;
  totals: Record<PartyAgeingColumn, string>;
}) {
  const money = (amount: string) =>
    amount === "0.00" ? <span className="text-slate-300">—</span> : formatMoney(amount);
  // Narrower than a list's cells: eight columns of amounts fit the panel at 1280 px.
  const num = "px-2 py-3 last:pr-4 align-top text-right text-[13px] text-slate-700 tabular-nums whitespace-nowrap";
  return (
    <section aria-labelledby={`ageing-${kind}-title`} data-testid={`party-ageing-${kind}`}>
      <h3 id={`ageing-${kind}-title`} className="px-4 pt-3 pb-2 text-base font-semibold text-ink-900">
        {TITLES[kind]}
      </h3>
      {rows.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-slate-500">Nothing outstanding.</p>
      ) : (
        <ListTable label={TITLES[kind]} minWidth="56rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>{kind === "customer" ? "Customer" : kind === "supplier" ? "Supplier" : "Employee"}</HeadCell>
              {AGE_BUCKETS.map((b) => (
                <HeadCell key={b.key} className="!px-2 text-right !whitespace-normal">
                  {b.label}
                </HeadCell>
              ))}
              {kind !== "employee" && <HeadCell className="!px-2 text-right !whitespace-normal">On account</HeadCell>}
              <HeadCell className="!px-2 text-right">Total</HeadCell>
              {kind === "employee" && (
                <HeadCell>
                  <span className="sr-only">Pay</span>
                </HeadCell>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="party-ageing-row">
                <td className={`${cellClass} font-medium text-ink-900`}>
                  <Link
                    to={`/admin/accounts/parties/${kind}/${row.id}/statement`}
                    className="text-brand-700 hover:underline"
                  >
                    {row.name}
                  </Link>
                </td>
                {AGE_BUCKETS.map((b) => (
                  <td
                    key={b.key}
                    className={num}
                    data-label={b.label}
                    data-empty={row.amounts[b.key] === "0.00" || undefined}
                  >
                    {money(row.amounts[b.key])}
                  </td>
                ))}
                {kind !== "employee" && (
                  <td
                    className={num}
                    data-label="On account"
                    data-empty={row.amounts.onAccount === "0.00" || undefined}
                    title={AGEING_MESSAGES.onAccount(kind === "customer" ? "receivable" : "payable")}
                  >
                    {money(row.amounts.onAccount)}
                  </td>
                )}
                <td className={`${num} font-semibold text-ink-900`} data-label="Total">
                  {formatMoney(row.amounts.total)}
                </td>
                {kind === "employee" && (
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {row.oldestDue && (
                      // An unpaid salary is paid in Salary Disbursement, from its oldest month.
                      <Link
                        to={`${SALARY_DISBURSEMENT_PATH}?month=${row.oldestDue.slice(0, 7)}`}
                        aria-label={`Pay ${row.name} for ${formatMonthYear(row.oldestDue.slice(0, 7))} in Salary Disbursement`}
                        className="text-sm font-medium text-brand-700 hover:underline"
                      >
                        Pay
                      </Link>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 bg-slate-50">
            <tr>
              <td className={`${cellClass} font-semibold text-ink-900`}>
                {count > rows.length ? `All ${count} (the ${rows.length} largest above)` : `All ${count}`}
              </td>
              {AGE_BUCKETS.map((b) => (
                <td key={b.key} className={`${num} font-semibold`} data-label={b.label}>
                  {formatMoney(totals[b.key])}
                </td>
              ))}
              {kind !== "employee" && (
                <td className={`${num} font-semibold`} data-label="On account">
                  {formatMoney(totals.onAccount)}
                </td>
              )}
              <td
                className={`${num} font-bold text-ink-900`}
                data-label="Total"
                data-testid={`party-ageing-${kind}-total`}
              >
                {formatMoney(totals.total)}
              </td>
              {kind === "employee" && <td />}
            </tr>
          </tfoot>
        </ListTable>
      )}
    </section>
  );
}
