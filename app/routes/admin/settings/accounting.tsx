import { CalendarRange, FileText, Lock } from "lucide-react";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { ACCOUNT_ROLES, documentsOnlyLockable } from "~/domain/accounting/account-roles";
import {
  ACCOUNTING_SETTINGS_MESSAGES,
  documentsOnlyField,
  FISCAL_YEAR_START_CHOICES,
  INVOICE_SETTINGS_LIMITS,
  parseAccountingSettingsForm,
  readAccountingSettingsForm,
  ROLE_GROUPS,
  roleAccountOptions,
  roleField,
  rolesOfGroup,
  VAT_PERIOD_CHOICES,
} from "~/domain/accounting/accounting-settings-form";
import { loadAccountingSettings, saveAccountingSettings } from "~/domain/accounting/accounting-settings.server";
import { REASON_LIMITS } from "~/domain/accounting/reason-text";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { putSlabTableInForce } from "~/domain/payroll/slab-tables-put-in-force.server";
import { withdrawSlabTable } from "~/domain/payroll/slab-tables-withdraw.server";
import { loadSlabTables } from "~/domain/payroll/slab-tables.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formCheck } from "~/lib/form-errors";
import { formatShortDate } from "~/lib/format";
import { fiscalYearName, fiscalYearOfDate, fiscalYearRange } from "~/domain/reports/report-periods";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import {
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormBusy,
  useFormCheck,
  useToast,
} from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import { SlabTablesPanel } from "~/ui/admin/settings/slab-tables-panel";
import type { Route } from "./+types/accounting";

// Settings > Accounting (issue 21): the account each role of the posting functions uses (DESIGN §10), grouped as the
// roles are, each offering the active accounts of the types it allows; the lock date; and (issue 22) the VAT return's
// period, the tax invoices' signatory and the days an invoice is due in; and (issue 24) the month the fiscal year
// starts in, which the reports, budgets and year-end close follow. Accountants and administrators (accounts.manage).
// One save, one transaction, one audit line. And (issue 25) the income-tax slab tables: which is in force for which
// months; an administrator (settings.manage) puts a preset in force from a month on or withdraws one, each its own
// form and use case (app/domain/payroll/slab-tables-*.server.ts). Moving the lock date back (earlier, or clearing it)
// is for administrators (accounts.unlock), with a reason (issue 38): the use case decides, given the user's role; the
// form offers the reason to those who may, whenever a lock date is saved, so it works without JavaScript.

const CHECK_ACCOUNTING_SETTINGS = formCheck(readAccountingSettingsForm, parseAccountingSettingsForm);

export const meta: Route.MetaFunction = () => [{ title: "Accounting settings | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/accounting");
  const db = getDb();
  const [page, slabTables] = await Promise.all([loadAccountingSettings(db), loadSlabTables(db)]);
  return {
    role: user.role,
    ...page,
    slabTables,
    canChangeSlabTables: can(user.role, "settings.manage"),
    canMoveLockDateBack: can(user.role, "accounts.unlock"),
    today: todayInDhaka(),
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/settings/accounting");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  if (intent === "slab-in-force" || intent === "slab-withdraw") {
    const actor = auditActor(args, user);
    const fields = { tableId: form.get("tableId"), month: form.get("month") };
    const result =
      intent === "slab-in-force"
        ? await putSlabTableInForce(db, actor, fields)
        : await withdrawSlabTable(db, actor, fields);
    const toast: Toast = { type: result.ok ? "success" : "error", message: result.message };
    const slab = { intent, tableId: String(fields.tableId ?? ""), errors: result.ok ? {} : result.errors };
    return data({ errors: null, values: null, toast, slab }, { status: result.ok ? 200 : httpStatusOf(result) });
  }
  const values = readAccountingSettingsForm(form);
  const result = await saveAccountingSettings(db, values, auditActor(args, user), user.role);
  if (!result.ok) {
    const toast: Toast = { type: "error", message: result.message };
    // Someone else's save: the form shows what is stored now.
    const shown = result.refusal === "conflict" ? (await loadAccountingSettings(db)).values : values;
    return data({ errors: result.errors, values: shown, toast, slab: null }, { status: httpStatusOf(result) });
  }
  const toast: Toast = { type: "success", message: result.message };
  return { errors: null, values: null, toast, slab: null };
}

export default function AccountingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, today, canMoveLockDateBack } = loaderData;
  const savedLockDate = loaderData.values.lockDate;
  const values = actionData?.values ?? loaderData.values;
  const { errors, onSubmit } = useFormCheck(
    CHECK_ACCOUNTING_SETTINGS,
    actionData?.errors ?? {},
    ACCOUNTING_SETTINGS_MESSAGES.failed,
  );
  const busy = useFormBusy("save");
  useToast(actionData?.toast);
  const errorCount = Object.values(errors).filter(Boolean).length;
  // Whenever there is a saved lock date to move back (or a refused reason to correct): the server decides.
  const offerReason = canMoveLockDateBack && (savedLockDate !== "" || Boolean(errors.lockDateReason));

  return (
    <div className="max-w-4xl">
      <SettingsTabs role={loaderData.role} />
      <PageHeader
        title="Accounting settings"
        description="Which account each kind of posting uses, and the date up to which the books are closed."
      />
      {/* A save remounts the form, so it shows what was stored. */}
      <Form method="post" noValidate key={loaderData.values.version} className="space-y-6" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={values.version} />
        {errors.form ? (
          <FormError message={errors.form} />
        ) : (
          errorCount > 0 && (
            <FormError message={`${ACCOUNTING_SETTINGS_MESSAGES.failed("correct the fields marked below")}.`} />
          )
        )}

        <Panel className="p-5">
          <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
            <Lock aria-hidden className="size-4" /> Lock date
          </h2>
          <div className="mt-2 space-y-2 text-sm text-slate-600">
            <p>
              Nothing can be posted, reversed or corrected on or before the lock date: close a month or a year once its
              figures are reported, so they cannot change afterwards. Leave it empty to keep every date open.
            </p>
            <p>
              It cannot be later than today ({formatShortDate(today)}): today's postings would be refused.{" "}
              {canMoveLockDateBack
                ? "Moving it earlier or clearing it opens those days again and needs a reason; every change is kept in the audit log."
                : "Only an administrator may move it earlier or clear it, which opens those days again; every change is kept in the audit log."}
            </p>
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField
              name="lockDate"
              label="Lock date"
              type="date"
              // Those who may not move it back are offered no earlier day (the server refuses one all the same).
              min={canMoveLockDateBack ? undefined : savedLockDate || undefined}
              max={today}
              defaultValue={values.lockDate}
              error={errors.lockDate}
              // What is saved, not what was typed: a refused save leaves the books as they were.
              hint={
                savedLockDate
                  ? `The books are closed up to and including ${formatShortDate(savedLockDate)}.`
                  : "The books are open."
              }
            />
            {offerReason && (
              <TextAreaField
                name="lockDateReason"
                label="Reason for reopening"
                rows={2}
                maxLength={REASON_LIMITS.max}
                defaultValue={values.lockDateReason}
                error={errors.lockDateReason}
                hint={`Why the closed books are reopened: needed to move the lock date earlier or clear it (${REASON_LIMITS.min} to ${REASON_LIMITS.max} characters), kept in the audit log`}
              />
            )}
          </div>
        </Panel>

        <FiscalYearPanel
          key={values.fiscalYearStartMonth}
          startMonth={values.fiscalYearStartMonth}
          today={today}
          error={errors.fiscalYearStartMonth}
        />

        <Panel className="p-5">
          <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
            <FileText aria-hidden className="size-4" /> VAT return and tax invoices
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            The VAT return is filed for each month, or for each quarter where the law allows it. The signatory is
            printed on every tax invoice and credit note (Mushak-6.3, 6.7); left blank, the person issuing it signs as
            Authorised signatory.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <SelectField
              name="vatPeriodMonths"
              label="VAT period"
              required
              defaultValue={values.vatPeriodMonths}
              error={errors.vatPeriodMonths}
              options={VAT_PERIOD_CHOICES}
            />
            <TextField
              name="invoiceDueDays"
              label="Invoice due days"
              type="number"
              min={0}
              max={INVOICE_SETTINGS_LIMITS.dueDaysMax}
              step={1}
              inputMode="numeric"
              required
              defaultValue={values.invoiceDueDays}
              error={errors.invoiceDueDays}
              hint="An invoice is due this many days after it is issued (0: on issue)"
            />
            <TextField
              name="invoiceSignatoryName"
              label="Signatory's name"
              maxLength={INVOICE_SETTINGS_LIMITS.signatory}
              defaultValue={values.invoiceSignatoryName}
              error={errors.invoiceSignatoryName}
              autoComplete="off"
            />
            <TextField
              name="invoiceSignatoryDesignation"
              label="Signatory's designation"
              maxLength={INVOICE_SETTINGS_LIMITS.signatory}
              defaultValue={values.invoiceSignatoryDesignation}
              error={errors.invoiceSignatoryDesignation}
              autoComplete="off"
            />
          </div>
        </Panel>

        <Panel className="p-5">
          <h2 className="text-base font-semibold text-ink-900">Accounts of the postings</h2>
          <p className="mt-1 text-sm text-slate-600">
            Each document posts to the account chosen here for its role: change one to move future postings to another
            account (what was posted stays where it is). Each role offers the active accounts of the types it needs; add
            or rename accounts in the{" "}
            <Link to="/admin/accounts/chart" className="font-medium text-brand-700 hover:underline">
              chart of accounts
            </Link>
            .
          </p>
          <div className="mt-4 space-y-6">
            {ROLE_GROUPS.map(({ group, title, description }) => (
              <fieldset key={group} className="border-t border-slate-200 pt-4">
                <legend className="pr-2 text-sm font-semibold text-ink-900">{title}</legend>
                <p className="text-xs text-slate-500">{description}</p>
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  {rolesOfGroup(group).map((role) => {
                    const definition = ACCOUNT_ROLES[role];
                    const chosen = values.roles[role] ?? "";
                    const options = roleAccountOptions(accounts, role, chosen);
                    const select = (
                      <SelectField
                        name={roleField(role)}
                        label={definition.label}
                        required
                        defaultValue={chosen}
                        error={errors[roleField(role)]}
                        options={options}
                      />
                    );
                    if (!documentsOnlyLockable(role)) return <div key={role}>{select}</div>;
                    const lockId = `documents-only-${role.replace(/\W/g, "-")}`;
                    return (
                      <div key={role}>
                        {select}
                        <div className="mt-2 flex items-start gap-2">
                          <input
                            id={lockId}
                            type="checkbox"
                            name={documentsOnlyField(role)}
                            value="on"
                            defaultChecked={values.documentsOnly.includes(role)}
                            aria-describedby={`${lockId}-hint`}
                            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600"
                          />
                          <label htmlFor={lockId} className="text-sm text-ink-900">
                            <span className="font-medium">Documents only</span>
                            <span id={`${lockId}-hint`} className="block text-xs text-slate-500">
                              Manual journals and bank transactions may not post to it
                            </span>
                          </label>
                        </div>
                        {errors[documentsOnlyField(role)] ? (
                          <p className="mt-1 text-sm text-red-700" role="alert">
                            {errors[documentsOnlyField(role)]}
                          </p>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        </Panel>

        <div className="flex justify-end">
          <SubmitButton label="Save accounting settings" busyLabel="Saving..." busy={busy} />
        </div>
      </Form>

      {/* Outside the settings' form: each change of a table is its own form, saved at once. */}
      <SlabTablesPanel
        tables={loaderData.slabTables}
        canChange={loaderData.canChangeSlabTables}
        today={today}
        answer={actionData?.slab ?? null}
      />
    </div>
  );
}

/** The fiscal year's start month (issue 24), with the fiscal year it makes of today, following the choice. */
function FiscalYearPanel({ startMonth, today, error }: { startMonth: string; today: string; error?: string }) {
  const [chosen, setChosen] = useState(startMonth);
  const month = Number(chosen);
  const year = Number.isInteger(month) && month >= 1 && month <= 12 ? fiscalYearOfDate(today, month) : null;
  const range = year !== null ? fiscalYearRange(year, month) : null;
  return (
    <Panel className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
        <CalendarRange aria-hidden className="size-4" /> Fiscal year
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Financial Reports, budgets and the year-end close run on this fiscal year, named by the calendar year it starts
        in. It cannot change while a year is closed. Tax invoices keep their July–June numbering, as the law sets it.
      </p>
      <SelectField
        name="fiscalYearStartMonth"
        label="Fiscal year starts in"
        required
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
        error={error}
        options={FISCAL_YEAR_START_CHOICES}
        className="mt-4 sm:max-w-xs"
      />
      {range && year !== null && (
        <p className="mt-1 text-xs text-slate-500">
          Today is in FY {fiscalYearName(year, month)}: {formatShortDate(range.from)} – {formatShortDate(range.to)}.
        </p>
      )}
    </Panel>
  );
}
