import { AlertTriangle } from "lucide-react";
import { missingPaymentDetail, type DisbursementLine } from "~/domain/payroll/disbursement-form";
import { SALARY_PAYMENT_METHOD_LABELS } from "~/domain/people/constants";
import { formatMoney, formatMonthYear } from "~/lib/format";
import { Panel } from "~/ui/admin/page-header";

// How a month's salaries go out (issue 25): how many by bank (their accounts are in the bank advice), and the ones the
// bank advice does not carry to a bank, bKash and Nagad payees with their wallet numbers and cash payees, each with
// the net; a payee whose account or wallet number is missing is flagged. Shown only to one who may see salaries.

export function PayeeSummary({ month, lines }: { month: string; lines: DisbursementLine[] }) {
  if (lines.length === 0) return null;
  const bank = lines.filter((l) => l.method === "bank");
  const others = lines.filter((l) => l.method !== "bank");
  const missing = lines.filter((l) => missingPaymentDetail(l));
  return (
    <Panel className="mb-6">
      <section aria-label={`Payees of ${formatMonthYear(month)}`} className="px-4 py-3 text-sm">
        <h2 className="font-semibold text-ink-900">How {formatMonthYear(month)} is paid</h2>
        <p className="mt-1 text-slate-600">
          {bank.length} by bank transfer (their accounts are in the bank advice)
          {others.length > 0 ? `, ${others.length} by wallet or in cash:` : "."}
        </p>
        {others.length > 0 && (
          <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200" data-testid="wallet-payees">
            {others.map((l) => (
              <li key={l.payslipId} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-1.5">
                <span className="min-w-0 break-words">
                  <span className="font-medium text-ink-900">{l.employee}</span>{" "}
                  <span className="text-slate-600">
                    {SALARY_PAYMENT_METHOD_LABELS[l.method]}
                    {l.walletNumber ? ` ${l.walletNumber}` : ""}
                  </span>
                </span>
                <span className="tabular-nums">{formatMoney(l.net)}</span>
              </li>
            ))}
          </ul>
        )}
        {missing.length > 0 && (
          <p className="mt-2 flex items-start gap-1.5 text-amber-900" data-testid="payees-missing">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              No account or wallet number for {missing.map((l) => l.employee).join(", ")}: their cells in the bank
              advice are empty. Add the numbers on the employees&apos; records.
            </span>
          </p>
        )}
      </section>
    </Panel>
  );
}
