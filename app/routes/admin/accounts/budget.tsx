import { PiggyBank, Plus } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { FISCAL_YEAR_MAX } from "~/domain/accounting/constants";
import {
  BUDGET_MESSAGES,
  budgetYearOfDate,
  emptyBudgetForm,
  fiscalYearParam,
  readBudgetForm,
  typedFiscalYear,
  type BudgetFormValues,
} from "~/domain/budgets/budget-form";
import {
  budgetAccountChoices,
  budgetFormOf,
  budgetYear,
  budgetYears,
  findBudget,
  loadBudgetForm,
} from "~/domain/budgets/budgets.server";
import { copyBudget, createBudget, deleteBudget, updateBudget } from "~/domain/budgets/budget-use-cases.server";
import { fiscalYearStartMonth } from "~/domain/reports/ledger-figures.server";
import { fiscalYearName } from "~/domain/reports/report-periods";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formText } from "~/lib/form-data";
import { formatShortDate } from "~/lib/format";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid } from "~/lib/list-params";
import { recordDialogFromUrl } from "~/lib/record-dialog.server";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { BudgetCard } from "~/ui/admin/accounts/budget/budget-card";
import { BudgetChartKey } from "~/ui/admin/accounts/budget/budget-chart";
import { BudgetDialog } from "~/ui/admin/accounts/budget/budget-dialog";
import { BudgetSummary } from "~/ui/admin/accounts/budget/budget-summary";
import { YearChooser } from "~/ui/admin/accounts/budget/year-chooser";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/budget";

// Budgeting (/admin/accounts/budget; backoffice.md §2 Budget Management; issue 24): a fiscal year's budgets as cards,
// each against the ledger's actual, with the year's totals above them. The year is ?fy= (the current fiscal year
// by default); dialogs by the URL: Create Budget (?new=1), Edit (?edit=<id>), Delete (?delete=<id>). Intents create,
// update, copy (to the next fiscal year) and delete need accounts.manage; seeing the page accounts.view.

export const meta: Route.MetaFunction = () => [{ title: "Budgeting | Utsab Admin" }];

const PATH = "/admin/accounts/budget";

const yearHref = (fiscalYear: number) => `${PATH}?fy=${fiscalYear}`;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/budget");
  const url = new URL(args.request.url);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const today = todayInDhaka();
  const startMonth = await fiscalYearStartMonth(db);
  const currentFiscalYear = budgetYearOfDate(today, startMonth);
  const fiscalYear = fiscalYearParam(url.searchParams.get("fy"), currentFiscalYear);
  const [year, years, dialog] = await Promise.all([
    budgetYear(db, fiscalYear, startMonth),
    budgetYears(db),
    recordDialogFromUrl(url, {
      allowed: canManage,
      empty: emptyBudgetForm(fiscalYear),
      load: (id) => (isUuid(id) ? findBudget(db, id.toLowerCase()) : Promise.resolve(null)),
      values: budgetFormOf,
      name: (b) => `The budget of ${b.code} - ${b.name} for FY ${fiscalYearName(b.fiscalYear, startMonth)}`,
      id: (b) => b.id,
      listUrl: yearHref(fiscalYear),
      notFound: BUDGET_MESSAGES.notFound,
    }),
  ]);
  const accounts =
    dialog && dialog.kind !== "delete"
      ? await budgetAccountChoices(db, dialog.kind === "update" ? dialog.values.accountId : undefined)
      : [];
  return {
    today,
    startMonth,
    currentFiscalYear,
    year,
    years,
    canManage,
    // The delete dialog needs only its id and wording (the record holds a Map of its months).
    dialog:
      dialog?.kind === "delete"
        ? { kind: "delete" as const, id: dialog.id, name: dialog.name }
        : (dialog as { kind: "create" | "update"; values: BudgetFormValues } | null),
    accounts,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/budget");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const shownYear = typedFiscalYear(url.searchParams.get("fy") ?? "");
  const back = shownYear === null ? PATH : yearHref(shownYear);
  if (intent === "copy") {
    const result = await copyBudget(db, actor, { id: formText(form, "id") });
    if (!result.ok) return redirectWithToast(back, { type: "error", message: result.message });
    return redirectWithToast(back, {
      type: "success",
      message: result.message,
      link: { href: yearHref(result.fiscalYear), label: "Open that year" },
    });
  }
  if (intent === "delete") {
    const result = await deleteBudget(db, actor, { id: formText(form, "id") });
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }
  const values = readBudgetForm(form);
  const result = intent === "create" ? await createBudget(db, actor, values) : await updateBudget(db, actor, values);
  if (result.ok) return redirectWithToast(yearHref(result.fiscalYear), { type: "success", message: result.message });
  if (result.refusal === "not-found")
    return redirectWithToast(back, { type: "error", message: BUDGET_MESSAGES.updateFailed(BUDGET_MESSAGES.notFound) });
  // Someone else's change: the form reopens with what is stored now.
  const shown =
    result.refusal === "conflict" ? ((await loadBudgetForm(db, values.id.trim().toLowerCase())) ?? values) : values;
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values: shown, toast }, { status: httpStatusOf(result) });
}

export default function Budgeting({ loaderData, actionData }: Route.ComponentProps) {
  const { year, years, canManage, dialog, accounts, startMonth, currentFiscalYear, today } = loaderData;
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = yearHref(year.fiscalYear);
  const here = location.pathname + location.search;
  const hrefOf = (param: string) => `${closeHref}&${param}`;
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const valuesOf = (intent: string, fallback: BudgetFormValues) =>
    actionData?.intent === intent && actionData.values ? actionData.values : fallback;
  const nextYear = year.fiscalYear + 1;
  const nextYearLabel = nextYear <= FISCAL_YEAR_MAX ? fiscalYearName(nextYear, startMonth) : null;
  const monthFrom = new Map(year.months.map((m) => [m.month, m.from]));
  const future = (month: number) => (monthFrom.get(month) ?? "") > today;

  return (
    <>
      <PageHeader
        title="Budget Management"
        description={`FY ${year.label}: ${formatShortDate(year.from)} to ${formatShortDate(year.to)}. Each budget against what the ledger shows for its account.`}
        actions={
          <>
            <YearChooser
              fiscalYear={year.fiscalYear}
              currentFiscalYear={currentFiscalYear}
              startMonth={startMonth}
              counts={years}
              hrefOf={yearHref}
            />
            {canManage && (
              <Link to={hrefOf("new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> Create Budget
              </Link>
            )}
          </>
        }
      />

      {year.cards.length === 0 ? (
        <Panel>
          <div className="flex flex-col items-center gap-2 px-6 py-14 text-center" data-testid="budget-empty">
            <PiggyBank aria-hidden className="size-10 text-slate-300" />
            <p className="font-semibold text-ink-900">No budgets for FY {year.label}</p>
            <p className="max-w-md text-sm text-slate-600">
              A budget sets what an income or expense account should earn or spend in the year, in total or month by
              month; its card then compares it with the ledger.
            </p>
            {canManage && (
              <Link to={hrefOf("new=1")} preventScrollReset className={`${primaryButton} mt-2`}>
                <Plus aria-hidden className="size-4" /> Create Budget
              </Link>
            )}
          </div>
        </Panel>
      ) : (
        <>
          <BudgetSummary year={year} />
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-sm font-semibold text-ink-900">
              {year.cards.length} {year.cards.length === 1 ? "budget" : "budgets"}, by account code
            </h2>
            <BudgetChartKey />
          </div>
          {/* Cards as tall as their own content: one opened By month does not stretch its neighbour. */}
          <div className="grid items-start gap-4 lg:grid-cols-2">
            {year.cards.map((card) => (
              <BudgetCard
                key={card.id}
                card={card}
                nextYearLabel={nextYearLabel}
                canCopy={
                  card.nextYearTaken && nextYearLabel
                    ? `FY ${nextYearLabel} already has a budget for this account`
                    : !card.accountActive
                      ? "The account is deactivated: its budget is not carried into another year"
                      : null
                }
                canManage={canManage}
                links={{ edit: hrefOf(`edit=${card.id}`), delete: hrefOf(`delete=${card.id}`), action: here }}
                future={future}
              />
            ))}
          </div>
        </>
      )}

      {dialog && dialog.kind !== "delete" && (
        <BudgetDialog
          // A refused stale edit answers with what is stored now: the form starts again from it.
          key={`${dialog.kind}-${valuesOf(dialog.kind, dialog.values).version}`}
          mode={dialog.kind}
          values={valuesOf(dialog.kind, dialog.values)}
          errors={errorsOf(dialog.kind)}
          accounts={accounts}
          startMonth={startMonth}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete Budget"
          question={BUDGET_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed, with its months. The ledger is not touched."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
