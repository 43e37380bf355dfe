import { useId, useState } from "react";
import { data, Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView, type ActionAccess } from "~/domain/auth/guard.server";
import { bankAccounts } from "~/domain/banking/bank-accounts.server";
import { STATEMENT_DATE_FORMATS, STATEMENT_MAX_FILE_BYTES, STATEMENT_MAX_ROWS } from "~/domain/banking/constants";
import { importStatement } from "~/domain/banking/import-statement.server";
import {
  bankAccountByCode,
  initialMapping,
  judgeStatement,
  previewOf,
  type PreviewRow,
  type StatementPreview,
} from "~/domain/banking/preview-statement.server";
import {
  carriedRowsJson,
  readCarriedRows,
  readStatementFile,
  STATEMENT_FILE_MESSAGES,
  type StatementFileRead,
} from "~/domain/banking/statement-file.server";
import {
  columnLetter,
  DATE_FORMAT_LABELS,
  emptyMappingForm,
  formatSigned,
  MAPPING_FIELDS,
  readStatementForm,
  STATEMENT_SAMPLE_ROWS,
  type MappingFormValues,
  type StatementFormValues,
} from "~/domain/banking/statement-mapping";
import { formatBytes } from "~/domain/media/upload";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatShortDate } from "~/lib/format";
import { toPaisa } from "~/lib/money";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { withUploadForm, type UploadForm } from "~/lib/upload-form.server";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { FormError, inputClass, SelectField, SubmitButton, TextField, useFormBusy, useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/reconciliation-import";

// /admin/accounts/reconciliation/import (issue 23): import a bank's or a wallet's statement. 1. choose the account
// (?account=<code>) and the file (CSV or XLSX); 2. the columns, prefilled from the account's saved mapping or guessed
// from the file, above its first rows; 3. the preview of every row (its line, its problem, or why it is refused) and
// the balances; Import stores it and goes on to matching. The file's rows travel in the form between the steps (a
// hidden field), so nothing is stored until Import. Plain form posts (switching the amount columns' kind redraws them).

type ImportPath = "/admin/accounts/reconciliation/import";

export const meta: Route.MetaFunction = () => [{ title: "Import Statement | Utsab Admin" }];

/** Good rows shown in the preview besides every row with a problem or refused (the counts cover the rest). */
const GOOD_ROWS_SHOWN = 100;
const OTHER_ROWS_SHOWN = 500;

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reconciliation/import");
  const db = getDb();
  const accounts = (await bankAccounts(db)).filter((a) => a.isActive);
  const asked = new URL(args.request.url).searchParams.get("account");
  let accountError: string | null = null;
  let code = accounts[0]?.code ?? "";
  if (asked !== null) {
    const found = await bankAccountByCode(db, asked);
    if (found.ok) code = found.account.code;
    else accountError = found.message;
  }
  return {
    accounts: accounts.map((a) => ({ code: a.code, name: a.name })),
    account: code,
    accountError,
    maxBytes: STATEMENT_MAX_FILE_BYTES,
    maxRows: STATEMENT_MAX_ROWS,
  };
}

interface FileView {
  name: string;
  sha256: string;
  rowsJson: string;
  sample: string[][];
  width: number;
  rowCount: number;
}

interface PreviewView {
  ok: boolean;
  counts: StatementPreview["counts"];
  balances: StatementPreview["balances"];
  period: StatementPreview["period"];
  sameFile: StatementPreview["sameFile"];
  newestFirst: boolean;
  rows: PreviewRow[];
  hidden: number;
}

interface ActionData {
  intent: "preview" | "import" | null;
  formError: string | null;
  errors: Record<string, string>;
  file: FileView | null;
  values: StatementFormValues;
  mappingSource: "saved" | "guessed" | "typed";
  preview: PreviewView | null;
  toast: Toast | null;
}

function fileView(file: Extract<StatementFileRead, { ok: true }>): FileView {
  return {
    name: file.fileName,
    sha256: file.sha256,
    rowsJson: carriedRowsJson(file.rows),
    sample: file.rows.slice(0, STATEMENT_SAMPLE_ROWS + 2),
    width: file.width,
    rowCount: file.rows.length,
  };
}

function previewView(p: StatementPreview): PreviewView {
  const others = p.rows.filter((r) => r.status !== "ok").slice(0, OTHER_ROWS_SHOWN);
  const good = p.rows.filter((r) => r.status === "ok").slice(0, GOOD_ROWS_SHOWN);
  const shown = new Set([...others, ...good]);
  const rows = p.rows.filter((r) => shown.has(r));
  return {
    ok: p.ok,
    counts: p.counts,
    balances: p.balances,
    period: p.period,
    sameFile: p.sameFile,
    newestFirst: p.newestFirst,
    rows,
    hidden: p.rows.length - rows.length,
  };
}

const emptyValues = (account: string): StatementFormValues => ({
  account,
  fileName: "",
  fileSha256: "",
  rows: "",
  ...emptyMappingForm(),
  openingBalance: "",
  closingBalance: "",
});

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/accounts/reconciliation/import");
  // The body is read only now, the permission known (issue 19); a file over 5 MB is refused as it is read.
  return withUploadForm(args.request, (read) => act(args, access, read), {
    tooLargeMessage: () => STATEMENT_FILE_MESSAGES.tooBig,
  });
}

async function act(args: Route.ActionArgs, access: ActionAccess<ImportPath>, { form, refusal }: UploadForm) {
  const urlAccount = new URL(args.request.url).searchParams.get("account") ?? "";
  if (refusal) {
    const toast: Toast = { type: "error", message: refusal.message };
    const body: ActionData = {
      intent: null,
      formError: refusal.message,
      errors: { file: refusal.message },
      file: null,
      values: emptyValues(urlAccount),
      mappingSource: "guessed",
      preview: null,
      toast,
    };
    return data(body, { status: refusal.status });
  }
  const intent = access.intent(form);
  const values = readStatementForm(form);
  if (!values.account) values.account = urlAccount;
  const db = getDb();
  const refused = (message: string, errors: Record<string, string>, status: number, file: FileView | null = null) =>
    data<ActionData>(
      {
        intent,
        formError: message,
        errors,
        file,
        values,
        mappingSource: "typed",
        preview: null,
        toast: { type: "error", message },
      },
      { status },
    );

  if (intent === "import") {
    const result = await importStatement(db, auditActor(args, access.user), values);
    if (result.ok)
      return redirectWithToast(
        `/admin/accounts/reconciliation/match?account=${encodeURIComponent(result.accountCode)}&statement=${result.statementId}`,
        { type: "success", message: result.message },
      );
    const carried = readCarriedRows(values.rows, values.fileName, values.fileSha256);
    const body: ActionData = {
      intent,
      formError: result.message,
      errors: result.errors,
      file: carried.ok ? fileView(carried) : null,
      values,
      mappingSource: "typed",
      preview: result.preview ? previewView(result.preview) : null,
      toast: { type: "error", message: result.message },
    };
    return data(body, { status: httpStatusOf(result) });
  }

  // Preview: a chosen file starts afresh (its mapping the account's saved one, or guessed); else the carried rows
  // with the mapping as typed.
  const account = await bankAccountByCode(db, values.account);
  const upload = form.get("file");
  const chosen = upload && typeof upload !== "string" && !(upload.size === 0 && upload.name === "") ? upload : null;
  let file: StatementFileRead;
  let mapping: MappingFormValues;
  let mappingSource: ActionData["mappingSource"] = "typed";
  if (chosen) {
    file = await readStatementFile(chosen.name, new Uint8Array(await chosen.arrayBuffer()));
    if (!file.ok)
      return refused(file.message, { file: file.message, ...(account.ok ? {} : { account: account.message }) }, 400);
    const initial = await initialMapping(db, account.ok ? account.account.id : null, file);
    mapping = initial.values;
    mappingSource = initial.source;
    Object.assign(values, mapping, { fileName: file.fileName, fileSha256: file.sha256, rows: "" });
  } else if (values.rows.trim() !== "") {
    file = readCarriedRows(values.rows, values.fileName, values.fileSha256);
    if (!file.ok) return refused(file.message, { file: file.message }, 400);
    mapping = Object.fromEntries(MAPPING_FIELDS.map((f) => [f, values[f]])) as unknown as MappingFormValues;
  } else {
    const errors: Record<string, string> = { file: STATEMENT_FILE_MESSAGES.required };
    if (!account.ok) errors.account = account.message;
    return refused(Object.values(errors)[0]!, errors, 400);
  }
  const judged = await judgeStatement(db, {
    accountCode: values.account,
    file,
    mapping,
    openingBalance: values.openingBalance,
    closingBalance: values.closingBalance,
  });
  const preview = judged.mapping ? previewView(previewOf(judged, mapping)) : null;
  // A fresh file's first preview is no refusal: the columns are yet to be checked by the person.
  const firstMessage = Object.values(judged.errors)[0] ?? null;
  const body: ActionData = {
    intent,
    formError: chosen ? (judged.errors.account ?? null) : firstMessage,
    errors: judged.errors,
    file: fileView(file),
    values,
    mappingSource,
    preview,
    toast: !chosen && firstMessage ? { type: "error", message: firstMessage } : null,
  };
  return data(body, { status: chosen || judged.ok ? 200 : 400 });
}

// ------------------------------------------------------------------------------------------------------ view

const STATUS_LABELS: Record<PreviewRow["status"], string> = {
  ok: "OK",
  error: "Problem",
  duplicate: "Already imported",
  locked: "In a finished reconciliation",
};

/** A signed amount as the preview shows it: "−৳500.00", "৳1,200.50". */
const money = (amount: string) => formatSigned(toPaisa(amount));

export default function ReconciliationImport({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, maxBytes, maxRows } = loaderData;
  const result = actionData as ActionData | undefined;
  useToast(result?.toast);
  const account = result?.values.account || loaderData.account;
  const accountName = accounts.find((a) => a.code === account);
  const back = `/admin/accounts/reconciliation?account=${encodeURIComponent(account)}`;

  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Import Statement"
        description="Bring in a bank's or a wallet's statement (CSV or Excel), choose its columns once per account, and check every row before anything is stored."
        actions={
          <Link to={back} className={secondaryButton}>
            Back to reconciliation
          </Link>
        }
      />
      <div className="space-y-6">
        <FileStep
          accounts={accounts}
          account={account}
          accountError={result?.errors.account ?? loaderData.accountError}
          fileError={result?.errors.file ?? null}
          formError={!result?.file ? (result?.formError ?? null) : null}
          maxBytes={maxBytes}
          maxRows={maxRows}
          resetKey={result?.file?.sha256 ?? "new"}
        />
        {result?.file && (
          <MappingStep
            key={`${result.file.sha256}-${result.mappingSource}`}
            file={result.file}
            values={result.values}
            errors={result.errors}
            source={result.mappingSource}
            accountLabel={accountName ? `${accountName.code} ${accountName.name}` : account}
          />
        )}
        {result?.file && result.preview && (
          <PreviewStep
            preview={result.preview}
            file={result.file}
            values={result.values}
            errors={result.errors}
            intent={result.intent}
          />
        )}
      </div>
    </div>
  );
}

function StepTitle({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
      <span
        aria-hidden
        className="inline-flex size-6 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800"
      >
        {n}
      </span>
      {children}
    </h2>
  );
}

function FileStep(props: {
  accounts: { code: string; name: string }[];
  account: string;
  accountError: string | null;
  fileError: string | null;
  formError: string | null;
  maxBytes: number;
  maxRows: number;
  resetKey: string;
}) {
  const fileId = useId();
  const busy = useFormBusy("preview");
  const error = props.fileError;
  return (
    <Panel className="p-5">
      <Form
        method="post"
        encType="multipart/form-data"
        action={`?account=${encodeURIComponent(props.account)}`}
        className="space-y-4"
        key={props.resetKey}
      >
        <StepTitle n={1}>Account and file</StepTitle>
        {props.formError && !error && !props.accountError && <FormError message={props.formError} />}
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            name="account"
            label="Bank or wallet account"
            required
            defaultValue={props.account}
            error={props.accountError ?? undefined}
            options={[
              ...(props.accounts.some((a) => a.code === props.account)
                ? []
                : [{ value: "", label: "Choose an account" }]),
              ...props.accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` })),
            ]}
          />
          <div>
            <label htmlFor={fileId} className="block text-sm font-medium text-ink-900">
              Statement file
              <span aria-hidden className="ml-0.5 text-red-700">
                *
              </span>
            </label>
            <input
              id={fileId}
              type="file"
              name="file"
              accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fileId}-error` : `${fileId}-hint`}
              className={`mt-1 ${inputClass} ${error ? "border-red-600" : "border-slate-300"} p-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100`}
            />
            {error ? (
              <p id={`${fileId}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : (
              <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-500">
                CSV (comma, semicolon or tab) or Excel .xlsx, at most {formatBytes(props.maxBytes)} and{" "}
                {props.maxRows.toLocaleString("en-US")} rows.
              </p>
            )}
          </div>
        </div>
        <SubmitButton name="intent" value="preview" label="Read the file" busyLabel="Reading..." busy={busy} />
      </Form>
    </Panel>
  );
}

function columnOptions(file: FileView, headerRow: string[] | undefined, none: string) {
  return [
    { value: "", label: none },
    ...Array.from({ length: file.width }, (_, i) => {
      const name = (headerRow?.[i] ?? "").trim();
      return { value: String(i), label: `${columnLetter(i)}${name ? ` · ${name.slice(0, 30)}` : ""}` };
    }),
  ];
}

function MappingStep({
  file,
  values,
  errors,
  source,
  accountLabel,
}: {
  file: FileView;
  values: StatementFormValues;
  errors: Record<string, string>;
  source: ActionData["mappingSource"];
  accountLabel: string;
}) {
  const busy = useFormBusy("preview");
  const [mode, setMode] = useState(values.amountMode === "split" ? "split" : "signed");
  const headerIndex = Math.max(0, Number(values.headerRows) - 1);
  const headerRow = Number(values.headerRows) > 0 ? file.sample[headerIndex] : undefined;
  const cols = (none: string) => columnOptions(file, headerRow, none);
  const noBalanceColumn = values.balanceColumn === "";
  return (
    <Panel>
      <div className="space-y-3 border-b border-slate-200 px-5 py-4">
        <StepTitle n={2}>Columns</StepTitle>
        <p className="text-sm text-slate-600">
          <span className="font-medium text-ink-900">{file.name}</span>: {file.rowCount.toLocaleString("en-US")}{" "}
          {file.rowCount === 1 ? "row" : "rows"}, {file.width} {file.width === 1 ? "column" : "columns"}.{" "}
          {source === "saved"
            ? `The columns are those kept for ${accountLabel} at its last import.`
            : source === "guessed"
              ? "The columns are guessed from the file's header row: check them."
              : "Change the columns and preview again."}
        </p>
      </div>
      {/* The file's own columns, as many as it has: wider than a phone, they scroll inside their own box (the
          screen-fit test's data-scrolls-sideways); the page does not. */}
      <div data-scrolls-sideways="">
        <ListTable label="The file's first rows" minWidth={`${Math.max(24, file.width * 8)}rem`} stack={false}>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Row</HeadCell>
              {Array.from({ length: file.width }, (_, i) => (
                <HeadCell key={i}>{columnLetter(i)}</HeadCell>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {file.sample.map((row, r) => {
              const skipped = r < Number(values.headerRows) || r >= file.rowCount - Number(values.footerRows);
              return (
                <tr key={r} className={skipped ? "bg-slate-50 text-slate-500" : undefined}>
                  <td className={`${cellClass} font-mono text-xs tabular-nums`}>{r + 1}</td>
                  {Array.from({ length: file.width }, (_, c) => (
                    <td key={c} className={`${cellClass} max-w-56 truncate text-xs ${skipped ? "font-medium" : ""}`}>
                      {row[c] ?? ""}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </ListTable>
      </div>
      <Form method="post" className="space-y-5 border-t border-slate-200 px-5 py-5">
        <input type="hidden" name="account" value={values.account} />
        <input type="hidden" name="fileName" value={file.name} />
        <input type="hidden" name="fileSha256" value={file.sha256} />
        <input type="hidden" name="rows" value={file.rowsJson} />
        {errors.form && <FormError message={errors.form} />}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            name="dateColumn"
            label="Date column"
            required
            defaultValue={values.dateColumn}
            error={errors.dateColumn}
            options={cols("Choose a column")}
          />
          <SelectField
            name="dateFormat"
            label="Date format"
            required
            defaultValue={values.dateFormat}
            error={errors.dateFormat}
            options={[
              { value: "", label: "Choose a format" },
              ...STATEMENT_DATE_FORMATS.map((f) => ({ value: f, label: DATE_FORMAT_LABELS[f] })),
            ]}
          />
          <SelectField
            name="descriptionColumn"
            label="Description column"
            required
            defaultValue={values.descriptionColumn}
            error={errors.descriptionColumn}
            options={cols("Choose a column")}
          />
          <SelectField
            name="referenceColumn"
            label="Reference column"
            defaultValue={values.referenceColumn}
            error={errors.referenceColumn}
            options={cols("None")}
          />
          <SelectField
            name="balanceColumn"
            label="Balance column"
            defaultValue={values.balanceColumn}
            error={errors.balanceColumn}
            options={cols("None (type the balances below)")}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-ink-900">Amounts</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {(
              [
                ["signed", "One column with a sign (− money out)"],
                ["split", "Debit (money out) and credit (money in) columns"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="amountMode"
                  value={value}
                  defaultChecked={mode === value}
                  onChange={() => setMode(value)}
                  className="size-4 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.amountMode && <p className="mt-1 text-sm text-red-700">{errors.amountMode}</p>}
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {mode === "signed" ? (
              <SelectField
                name="amountColumn"
                label="Amount column"
                required
                defaultValue={values.amountColumn}
                error={errors.amountColumn}
                options={cols("Choose a column")}
              />
            ) : (
              <>
                <SelectField
                  name="debitColumn"
                  label="Debit column (money out)"
                  required
                  defaultValue={values.debitColumn}
                  error={errors.debitColumn}
                  options={cols("Choose a column")}
                />
                <SelectField
                  name="creditColumn"
                  label="Credit column (money in)"
                  required
                  defaultValue={values.creditColumn}
                  error={errors.creditColumn}
                  options={cols("Choose a column")}
                />
              </>
            )}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            name="headerRows"
            label="Header rows to skip"
            inputMode="numeric"
            defaultValue={values.headerRows}
            error={errors.headerRows}
            hint="Titles and the column names at the top"
          />
          <TextField
            name="footerRows"
            label="Footer rows to skip"
            inputMode="numeric"
            defaultValue={values.footerRows}
            error={errors.footerRows}
            hint="Totals and notes at the bottom"
          />
          <TextField
            name="openingBalance"
            label="Opening balance"
            inputMode="decimal"
            defaultValue={values.openingBalance}
            error={errors.openingBalance}
            hint={noBalanceColumn ? "As the statement shows it" : "Not needed: read from the balance column"}
          />
          <TextField
            name="closingBalance"
            label="Closing balance"
            inputMode="decimal"
            defaultValue={values.closingBalance}
            error={errors.closingBalance}
            hint={noBalanceColumn ? "As the statement shows it" : "Not needed: read from the balance column"}
          />
        </div>
        <SubmitButton name="intent" value="preview" label="Preview" busyLabel="Checking..." busy={busy} />
      </Form>
    </Panel>
  );
}

function PreviewStep({
  preview,
  file,
  values,
  errors,
  intent,
}: {
  preview: PreviewView;
  file: FileView;
  values: StatementFormValues;
  errors: Record<string, string>;
  intent: ActionData["intent"];
}) {
  const busy = useFormBusy("import");
  const { counts, balances } = preview;
  const n = (v: number) => v.toLocaleString("en-US");
  const problems = [
    errors.rows,
    errors.form,
    errors.openingBalance,
    errors.closingBalance,
    errors.balanceColumn,
  ].filter((m): m is string => !!m);
  return (
    <Panel>
      <div className="space-y-4 border-b border-slate-200 px-5 py-4">
        <StepTitle n={3}>Preview</StepTitle>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <Figure label="Rows" value={n(counts.rows)} />
          <Figure label="To import" value={n(counts.ok)} tone={counts.ok > 0 ? "good" : undefined} />
          <Figure label="Problems" value={n(counts.bad)} tone={counts.bad > 0 ? "bad" : undefined} />
          <Figure label="Already imported" value={n(counts.duplicates)} />
          <Figure label="In a finished reconciliation" value={n(counts.locked)} />
          <Figure
            label="Period"
            value={
              preview.period ? `${formatShortDate(preview.period.start)} – ${formatShortDate(preview.period.end)}` : "—"
            }
          />
        </dl>
        <dl className="grid grid-cols-2 gap-3 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-4">
          <Figure label="Opening balance" value={balances.opening === null ? "—" : money(balances.opening)} />
          <Figure label="Sum of the lines" value={balances.sum === null ? "—" : money(balances.sum)} />
          <Figure label="Closing balance" value={balances.closing === null ? "—" : money(balances.closing)} />
          <Figure
            label="Check"
            value={
              balances.opening === null || balances.closing === null
                ? "—"
                : balances.balanced
                  ? "Opening + lines = closing"
                  : "Does not add up"
            }
            tone={
              balances.opening === null || balances.closing === null ? undefined : balances.balanced ? "good" : "bad"
            }
          />
        </dl>
        {preview.newestFirst && (
          <p className="text-sm text-slate-600">The file lists its newest line first: it is read from the bottom up.</p>
        )}
        {preview.sameFile && (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This very file was imported on {formatShortDate(preview.sameFile.importedOn)} ({preview.sameFile.fileName}).
          </p>
        )}
        {problems.length > 0 ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">
              {intent === "import" ? "Nothing was imported:" : "The statement cannot be imported yet:"}
            </p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {problems.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : (
          preview.ok && (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="account" value={values.account} />
              <input type="hidden" name="fileName" value={file.name} />
              <input type="hidden" name="fileSha256" value={file.sha256} />
              <input type="hidden" name="rows" value={file.rowsJson} />
              {MAPPING_FIELDS.map((f) => (
                <input key={f} type="hidden" name={f} value={values[f]} />
              ))}
              <input type="hidden" name="openingBalance" value={values.openingBalance} />
              <input type="hidden" name="closingBalance" value={values.closingBalance} />
              <SubmitButton
                name="intent"
                value="import"
                label={`Import ${n(counts.ok)} ${counts.ok === 1 ? "line" : "lines"}`}
                busyLabel="Importing..."
                busy={busy}
              />
              <span className="text-sm text-slate-600">
                {counts.duplicates + counts.locked > 0
                  ? `${n(counts.duplicates + counts.locked)} refused lines are left out; the rest are stored in one go.`
                  : "Every line is stored in one go, then you match them."}
              </span>
            </Form>
          )
        )}
      </div>
      {preview.rows.length > 0 && (
        <ListTable label="Rows of the statement" minWidth="60rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Row</HeadCell>
              <HeadCell>Date</HeadCell>
              <HeadCell>Description</HeadCell>
              <HeadCell>Reference</HeadCell>
              <HeadCell className="text-right">Amount</HeadCell>
              <HeadCell className="text-right">Balance</HeadCell>
              <HeadCell>Status</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((r) => (
              <PreviewLine key={r.rowNo} row={r} />
            ))}
          </tbody>
        </ListTable>
      )}
      {preview.hidden > 0 && (
        <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
          And {n(preview.hidden)} more rows without problems.
        </p>
      )}
    </Panel>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: "good" | "bad" }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={`mt-0.5 font-semibold tabular-nums ${tone === "good" ? "text-green-700" : tone === "bad" ? "text-red-700" : "text-ink-900"}`}
      >
        {value}
      </dd>
    </div>
  );
}

function PreviewLine({ row }: { row: PreviewRow }) {
  const tone = row.status === "error" ? "bg-red-50/60" : row.status === "ok" ? undefined : "bg-amber-50/60";
  return (
    <tr className={tone}>
      <td className={`${cellClass} font-mono tabular-nums`} data-label="Row">
        {row.rowNo}
      </td>
      <td className={`${cellClass} whitespace-nowrap`} data-label="Date" data-empty={row.date ? undefined : true}>
        {row.date ? formatShortDate(row.date) : "—"}
      </td>
      <td className={`${cellClass} max-w-72 text-ink-900`}>{row.description || "—"}</td>
      <td
        className={`${cellClass} font-mono text-xs`}
        data-label="Reference"
        data-empty={row.reference ? undefined : true}
      >
        {row.reference ?? "—"}
      </td>
      <td
        className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right ${row.amount?.startsWith("-") ? "text-red-700" : ""}`}
        data-label="Amount"
        data-empty={row.amount ? undefined : true}
      >
        {row.amount ? money(row.amount) : "—"}
      </td>
      <td
        className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}
        data-label="Balance"
        data-empty={row.balance ? undefined : true}
      >
        {row.balance ? money(row.balance) : "—"}
      </td>
      <td className={cellClass} data-label="Status">
        {row.status === "ok" ? (
          <span className="font-medium text-green-700">OK</span>
        ) : (
          <>
            <span className={`font-medium ${row.status === "error" ? "text-red-800" : "text-amber-900"}`}>
              {STATUS_LABELS[row.status]}
            </span>
            <ul className={`mt-0.5 space-y-0.5 text-xs ${row.status === "error" ? "text-red-800" : "text-amber-900"}`}>
              {row.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </>
        )}
      </td>
    </tr>
  );
}
