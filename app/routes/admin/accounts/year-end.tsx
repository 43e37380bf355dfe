import { ArrowLeft, Info } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/client.server";
import {
  readCloseYearForm,
  readReopenYearForm,
  YEAR_END_MESSAGES,
  type FiscalYearRow,
} from "~/domain/accounting/year-end-close-form";
import { closeFiscalYear, reopenFiscalYear } from "~/domain/accounting/year-end-close.server";
import { loadYearEndPage } from "~/domain/accounting/year-end-close-years.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { fiscalYearOfDate } from "~/domain/reports/report-periods";
import { REPORTS_PATH } from "~/domain/reports/report-table";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatShortDate } from "~/lib/format";
import { withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { CloseYearDialog } from "~/ui/admin/accounts/year-end/close-year-dialog";
import { FiscalYearList } from "~/ui/admin/accounts/year-end/fiscal-year-list";
import { ReopenYearDialog } from "~/ui/admin/accounts/year-end/reopen-year-dialog";
import { useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/year-end";

// Year-end close (/admin/accounts/reports/year-end; issue 24): the fiscal years with postings and the current one,
// each with its income, expenses and result by the Profit & Loss's rules and its state; Close year (?close=<fiscal
// year>) moves an ended year's result to Retained Earnings by one entry on its last day, after which nothing else is
// posted in the year; Reopen (?reopen=<close id>) posts that entry's mirror, with a reason. Reading is for whoever
// sees the books; closing and reopening for accountants and administrators (accounts.manage). The use cases are
// app/domain/accounting/year-end-close.server.ts.

const PATH = "/admin/accounts/reports/year-end";

export const meta: Route.MetaFunction = () => [{ title: "Year-end close | Utsab Admin" }];

type Dialog = { kind: "close"; year: FiscalYearRow } | { kind: "reopen"; year: FiscalYearRow; closeId: string } | null;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/reports/year-end");
  const url = new URL(args.request.url);
  const canManage = can(user.role, "accounts.manage");
  const page = await loadYearEndPage(getDb());

  let dialog: Dialog = null;
  const params = url.searchParams;
  if (canManage && params.has("close")) {
    const year = page.years.find((y) => String(y.fiscalYear) === params.get("close"));
    const closed = !!year?.close && !year.close.reopenedAt;
    const refusal = !year
      ? YEAR_END_MESSAGES.fiscalYearRequired
      : closed
        ? YEAR_END_MESSAGES.alreadyClosed(year.name)
        : year.closeBlocker;
    if (refusal)
      throw await redirectWithToast(PATH, { type: "error", message: YEAR_END_MESSAGES.closeFailed(refusal) });
    dialog = { kind: "close", year: year! };
  } else if (canManage && params.has("reopen")) {
    const year = page.years.find((y) => y.close?.id === params.get("reopen") && !y.close.reopenedAt);
    const refusal = !year ? YEAR_END_MESSAGES.closeNotFound : year.reopenBlocker;
    if (refusal)
      throw await redirectWithToast(PATH, { type: "error", message: YEAR_END_MESSAGES.reopenFailed(refusal) });
    dialog = { kind: "reopen", year: year!, closeId: year!.close!.id };
  }
  return { ...page, canManage, dialog, currentYear: fiscalYearOfDate(page.today, page.startMonth) };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/reports/year-end");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const refused = (message: string): Toast => ({ type: "error", message });

  if (intent === "close") {
    const values = readCloseYearForm(form);
    const result = await closeFiscalYear(db, values, actor);
    if (result.ok) return redirectWithToast(PATH, { type: "success", message: result.message });
    return data(
      { intent, errors: result.errors, values, toast: refused(result.message) },
      { status: httpStatusOf(result) },
    );
  }
  // reopen
  const values = readReopenYearForm(form);
  const result = await reopenFiscalYear(db, values, actor);
  if (result.ok) return redirectWithToast(PATH, { type: "success", message: result.message });
  return data(
    { intent, errors: result.errors, values, toast: refused(result.message) },
    { status: httpStatusOf(result) },
  );
}

export default function YearEndClose({ loaderData, actionData }: Route.ComponentProps) {
  const { years, startMonth, lockDate, retainedEarnings, canManage, dialog, currentYear } = loaderData;
  useToast(actionData?.toast);
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const typedReason =
    actionData?.intent === "reopen" && actionData.values && "reason" in actionData.values
      ? actionData.values.reason
      : "";

  return (
    <>
      <PageHeader
        title="Year-end close"
        description="Moves a fiscal year's result to Retained Earnings once the year has ended, so its income and expense accounts start the next year from zero. A closed year takes no more postings until it is reopened."
        actions={
          <Link to={REPORTS_PATH} className={secondaryButton}>
            <ArrowLeft aria-hidden className="size-4" /> Financial Reports
          </Link>
        }
      />
      <Panel className="mb-4 flex gap-3 p-4 text-sm text-slate-700">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <div className="space-y-1">
          <p>
            The closing entry is dated the year's last day and posts to{" "}
            <strong>{retainedEarnings ?? "no account yet: choose Retained earnings in Settings > Accounting"}</strong>.
            The Profit &amp; Loss still shows a closed year as it was; the Balance Sheet shows its result in Retained
            Earnings.
          </p>
          <p>
            {lockDate
              ? `The books are locked up to ${formatShortDate(lockDate)}: a year whose last day is on or before it cannot be closed or reopened until the lock date is moved in `
              : "Years are closed in any order; a year is reopened only while no later year is closed. The fiscal year and the lock date are set in "}
            <Link to="/admin/settings/accounting" className="font-medium text-brand-700 hover:underline">
              Settings &gt; Accounting
            </Link>
            .
          </p>
        </div>
      </Panel>
      <FiscalYearList
        years={years}
        startMonth={startMonth}
        currentYear={currentYear}
        canManage={canManage}
        dialogHref={(param) => withParam(PATH, param)}
      />
      {dialog?.kind === "close" && (
        <CloseYearDialog
          year={dialog.year}
          retainedEarnings={retainedEarnings}
          errors={errorsOf("close")}
          closeHref={PATH}
          action={withParam(PATH, `close=${dialog.year.fiscalYear}`)}
        />
      )}
      {dialog?.kind === "reopen" && (
        <ReopenYearDialog
          year={dialog.year}
          closeId={dialog.closeId}
          reason={typedReason}
          errors={errorsOf("reopen")}
          closeHref={PATH}
          action={withParam(PATH, `reopen=${dialog.closeId}`)}
        />
      )}
    </>
  );
}
