import { Download, FileText } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { hasEnded, recentVatPeriods, vatPeriodFromKey, vatPeriodOf } from "~/domain/tax/vat-period";
import { closedPeriodOf, mushak91Of, vatPeriodMonths } from "~/domain/tax/vat-return.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatShortDate } from "~/lib/format";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Mushak91Parts } from "~/ui/admin/tax/mushak-9-1-form";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/tax-return";

// GET /admin/accounts/tax/return?period=2026-11: the VAT return of a period as it is filed (Mushak-9.1 by its parts
// and notes; issue 37), the current period unless the URL names another, with the taxpayer's part 1 and the period's
// part 2, and the PDF and CSV of the same figures. The period is chosen by a plain GET form.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `VAT return${data ? ` ${data.period.label}` : ""} (Mushak-9.1) | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/tax/return");
  const db = getDb();
  const today = todayInDhaka();
  const months = await vatPeriodMonths(db);
  const key = new URL(args.request.url).searchParams.get("period");
  const period = vatPeriodFromKey(key, months) ?? vatPeriodOf(today, months);
  const periods = recentVatPeriods(today, months, 13);
  if (!periods.some((p) => p.key === period.key)) periods.push(period);
  const [form, closed, company] = await Promise.all([
    mushak91Of(db, period),
    closedPeriodOf(db, period.start),
    getCompanySettings(db),
  ]);
  return {
    period,
    periods: periods.map((p) => ({ key: p.key, label: p.label })),
    form,
    status: closed ? "closed" : hasEnded(period, today) ? "ended" : "open",
    taxpayer: { bin: company.vatRegistrationNumber, name: company.name, address: company.address },
  } as const;
}

const STATUS_TEXT = {
  closed: "Closed: the figures are kept as filed",
  ended: "Ended, not closed: close it on Tax Management once filed",
  open: "Open: the figures grow as documents are issued",
} as const;

export default function TaxReturnPage({ loaderData }: Route.ComponentProps) {
  const { period, periods, form, status, taxpayer } = loaderData;
  const report = (query: string) => `/admin/accounts/tax/report?period=${period.key}&${query}`;
  return (
    <>
      <PageHeader
        title={`VAT return: ${period.label}`}
        description="Mushak-9.1, by its parts and note numbers, from the period's tax register."
        actions={
          <>
            <Link to={`/admin/accounts/tax?period=${period.key}`} className={secondaryButton}>
              Tax Management
            </Link>
            <a href={report("format=pdf")} className={secondaryButton} download>
              <FileText aria-hidden className="size-4" /> PDF
            </a>
            <a href={report("format=csv&part=return")} className={secondaryButton} download>
              <Download aria-hidden className="size-4" /> CSV
            </a>
          </>
        }
      />
      <Panel className="mb-4">
        <form method="get" className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3">
          <label className="grid gap-1 text-sm">
            <span className="font-medium text-slate-700">VAT period</span>
            <select
              name="period"
              defaultValue={period.key}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            >
              {periods.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButton}>
            Show
          </button>
        </form>
        <dl className="grid gap-3 px-4 py-3 text-sm sm:grid-cols-2" data-testid="mushak-header">
          <div>
            <dt className="text-xs text-slate-500">Part 1: BIN</dt>
            <dd className="font-medium text-ink-900">
              {taxpayer.bin || (
                <Link to="/admin/settings" className="text-red-700 underline">
                  Not set: add it in Settings &gt; Company
                </Link>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Name of taxpayer</dt>
            <dd className="font-medium text-ink-900">{taxpayer.name}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs text-slate-500">Address of taxpayer</dt>
            <dd className="text-ink-900">{taxpayer.address}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Part 2: tax period</dt>
            <dd className="text-ink-900">
              {period.label} ({formatShortDate(period.start)} to {formatShortDate(period.end)})
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Type of return</dt>
            <dd className="text-ink-900">Main/original return (section 64) · {STATUS_TEXT[status]}</dd>
          </div>
        </dl>
      </Panel>
      <Mushak91Parts form={form} />
      <p className="mt-4 text-xs text-slate-500">
        Note 34 is the change in VAT payable over the period before deposits. VAT withheld by customers counts with its
        certificate (Mushak-6.6) dated in the period. No VAT is deducted at source from suppliers, no debit notes are
        issued, and no imports, interest or penalties are recorded: those notes are zero.
      </p>
    </>
  );
}
