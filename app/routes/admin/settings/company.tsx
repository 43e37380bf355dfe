import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { data, Form } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import type { BusinessHours } from "~/domain/content/constants";
import {
  BUSINESS_HOURS_ROWS,
  COMPANY_LIMITS,
  COMPANY_SETTINGS_MESSAGES,
  padBusinessHours,
  parseCompanySettingsForm,
  readCompanySettingsForm,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
} from "~/domain/settings/company-settings";
import { loadCompanySettingsForm, updateCompanySettings } from "~/domain/settings/update-company-settings.server";
import { httpStatusOf } from "~/lib/use-case-http";
import type { Toast } from "~/lib/toast";
import { formCheck } from "~/lib/form-errors";
import {
  FormError,
  inputClass,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormBusy,
  useFormCheck,
  useToast,
} from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { QuotationTermsFields } from "~/ui/admin/settings/quotation-terms-fields";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import { secondaryButton } from "~/ui/buttons";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/company";

const CHECK_COMPANY_SETTINGS = formCheck(readCompanySettingsForm, parseCompanySettingsForm);

export const meta: Route.MetaFunction = () => [{ title: "Company settings | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings");
  const { values, updatedAt } = await loadCompanySettingsForm(getDb());
  return { role: user.role, values, updatedAt: updatedAt.toISOString() };
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAction(args, "/admin/settings");
  const form = await args.request.formData().catch(() => new FormData());
  const result = await updateCompanySettings(getDb(), readCompanySettingsForm(form), auditActor(args, user));
  if (!result.ok) {
    const toast: Toast = { type: "error", message: result.message };
    return data({ errors: result.errors, values: result.values, toast }, { status: httpStatusOf(result) });
  }
  const toast: Toast = { type: "success", message: result.message };
  return { errors: null, values: null, toast };
}

export default function CompanySettings({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const { errors, onSubmit } = useFormCheck(
    CHECK_COMPANY_SETTINGS,
    actionData?.errors ?? {},
    () => COMPANY_SETTINGS_MESSAGES.failed,
  );
  const busy = useFormBusy();
  useToast(actionData?.toast);

  return (
    <div className="max-w-4xl">
      <SettingsTabs role={loaderData.role} />
      <PageHeader
        title="Company settings"
        description="What the storefront shows about the company, where notifications go, and the VAT and terms on quotations. Changes appear on the site at once."
      />
      {/* A save remounts the form, so it shows what was stored (trimmed, blank rows dropped). */}
      <Form method="post" noValidate key={loaderData.updatedAt} className="space-y-6" onSubmit={onSubmit}>
        {Object.keys(errors).length > 0 && (
          <FormError message={`${COMPANY_SETTINGS_MESSAGES.failed}: correct the fields marked below.`} />
        )}

        <Section title="Company" description="Shown in the header, the footer and the page titles.">
          <TextField
            name="name"
            label="Company name"
            defaultValue={values.name}
            error={errors.name}
            maxLength={COMPANY_LIMITS.name}
            required
            className="sm:col-span-2"
          />
          <TextField
            name="tagline"
            label="Tagline"
            defaultValue={values.tagline}
            error={errors.tagline}
            maxLength={COMPANY_LIMITS.tagline}
            hint="One sentence under the name on the home page and in the footer."
            className="sm:col-span-2"
          />
          <TextField
            name="address"
            label="Address"
            defaultValue={values.address}
            error={errors.address}
            maxLength={COMPANY_LIMITS.address}
            autoComplete="street-address"
            required
            className="sm:col-span-2"
          />
        </Section>

        <Section
          title="Contact"
          description="Shown on the contact page; the first phone and e-mail also in the footer."
        >
          <TextAreaField
            name="phones"
            label="Phone numbers"
            defaultValue={values.phones}
            error={errors.phones}
            hint="One per line, e.g. +880 1711-234567."
            rows={3}
          />
          <TextAreaField
            name="emails"
            label="E-mail addresses"
            defaultValue={values.emails}
            error={errors.emails}
            hint="One per line."
            rows={3}
          />
          <TextAreaField
            name="supportNote"
            label="Support note"
            defaultValue={values.supportNote}
            error={errors.supportNote}
            maxLength={COMPANY_LIMITS.supportNote}
            hint="A short line under the business hours, e.g. when support is available."
            rows={2}
            className="sm:col-span-2"
          />
        </Section>

        <Section title="Business hours" description="Each row: the days, then the hours. Blank rows are left out.">
          <BusinessHoursField initial={values.businessHours} error={errors.businessHours} />
        </Section>

        <Section
          title="Social links"
          description="Full https:// addresses of the company's pages; leave blank to hide an icon."
        >
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              name={network}
              label={SOCIAL_LABELS[network]}
              type="url"
              inputMode="url"
              placeholder={`https://www.${network}.com/...`}
              defaultValue={values[network]}
              error={errors[network]}
              maxLength={COMPANY_LIMITS.url}
            />
          ))}
        </Section>

        <Section title="Notifications and VAT">
          <TextField
            name="notificationEmail"
            label="Notification e-mail"
            type="email"
            defaultValue={values.notificationEmail}
            error={errors.notificationEmail}
            hint="Receives the notices of new quotation requests and contact messages."
            required
            className="sm:col-span-2"
          />
          <TextField
            name="vatRegistrationNumber"
            label="VAT registration number (BIN)"
            defaultValue={values.vatRegistrationNumber}
            error={errors.vatRegistrationNumber}
            maxLength={COMPANY_LIMITS.vatRegistrationNumber}
            hint="Printed on quotations, tax invoices and credit notes; no tax invoice is issued while it is blank."
          />
          <TextField
            name="vatRatePercent"
            label="VAT rate (%)"
            inputMode="decimal"
            defaultValue={values.vatRatePercent}
            error={errors.vatRatePercent}
            hint="0 to 100, up to 2 decimals (standard rate: 15)."
            required
          />
        </Section>

        <Section
          title="Quotation terms"
          description="Printed on every quotation sent from now on: on the PDF, in the e-mail and on the customer's page. A quotation already sent keeps the terms it was sent with."
        >
          <QuotationTermsFields values={values} errors={errors} />
        </Section>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-end">
          <SubmitButton label="Save Settings" busyLabel="Saving..." busy={busy} />
        </div>
      </Form>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Panel className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-ink-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </Panel>
  );
}

interface HoursRow extends BusinessHours {
  key: number;
}

/**
 * Rows of days and hours. Without JavaScript: BUSINESS_HOURS_ROWS fixed rows, blank ones dropped on save.
 * With it: the filled rows only, each with Remove, and Add row up to the same limit.
 */
function BusinessHoursField({ initial, error }: { initial: BusinessHours[]; error?: string }) {
  const hydrated = useHydrated();
  const errorId = `${useId()}-hours-error`;
  const [rows, setRows] = useState<HoursRow[]>(() => {
    const filled = initial.filter((r) => r.days || r.hours);
    return (filled.length ? filled : [{ days: "", hours: "" }]).map((r, key) => ({ ...r, key }));
  });
  const [nextKey, setNextKey] = useState(BUSINESS_HOURS_ROWS * 2);

  const shown: HoursRow[] = hydrated ? rows : padBusinessHours(initial).map((r, key) => ({ ...r, key }));
  const update = (key: number, field: keyof BusinessHours, value: string) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const remove = (key: number) =>
    setRows((all) => (all.length > 1 ? all.filter((r) => r.key !== key) : [{ days: "", hours: "", key: nextKey }]));
  const add = () => {
    setRows((all) => [...all, { days: "", hours: "", key: nextKey }]);
    setNextKey((k) => k + 1);
  };

  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">Business hours</legend>
      <div className="hidden grid-cols-[1fr_1fr_2.5rem] gap-3 pb-1 text-sm font-medium text-ink-900 sm:grid">
        <span>Days</span>
        <span>Hours</span>
      </div>
      <ol className="space-y-3">
        {shown.map((row, i) => (
          <li
            key={`${hydrated ? "js" : "plain"}-${row.key}`}
            className="grid grid-cols-[1fr_2.5rem] gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_2.5rem] sm:gap-3 sm:border-0 sm:p-0"
          >
            <input
              name="hoursDays"
              aria-label={`Days, row ${i + 1}`}
              placeholder="e.g. Monday - Friday"
              maxLength={COMPANY_LIMITS.days}
              aria-invalid={error ? true : undefined}
              className={`${inputClass} border-slate-300`}
              {...(hydrated
                ? { value: row.days, onChange: (e) => update(row.key, "days", e.target.value) }
                : { defaultValue: row.days })}
            />
            <input
              name="hoursHours"
              aria-label={`Hours, row ${i + 1}`}
              placeholder="e.g. 9:00 AM - 6:00 PM"
              maxLength={COMPANY_LIMITS.hours}
              aria-invalid={error ? true : undefined}
              className={`${inputClass} col-start-1 border-slate-300 sm:col-start-auto`}
              {...(hydrated
                ? { value: row.hours, onChange: (e) => update(row.key, "hours", e.target.value) }
                : { defaultValue: row.hours })}
            />
            {hydrated && (
              <button
                type="button"
                onClick={() => remove(row.key)}
                aria-label={`Remove row ${i + 1}`}
                className="col-start-2 row-span-2 row-start-1 grid size-10 place-items-center self-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 sm:row-span-1 sm:col-start-auto sm:row-start-auto"
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ol>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {hydrated && (
        <button
          type="button"
          onClick={add}
          disabled={rows.length >= BUSINESS_HOURS_ROWS}
          className={`${secondaryButton} mt-3 px-3 py-2 disabled:cursor-not-allowed disabled:opacity-50`}
        >
          <Plus aria-hidden className="size-4" />
          Add row
        </button>
      )}
    </fieldset>
  );
}
