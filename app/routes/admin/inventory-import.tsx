import { FileUp } from "lucide-react";
import { useId } from "react";
import { data, Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView, type ActionAccess } from "~/domain/auth/guard.server";
import {
  csvHeaderOf,
  CSV_IMPORT_LIMITS,
  INVENTORY_CSV_COLUMNS,
  INVENTORY_EXPORT_PATH,
  REQUIRED_CSV_COLUMNS,
  type CsvColumnKey,
} from "~/domain/inventory/inventory-csv";
import {
  csvTextFromForm,
  CSV_IMPORT_TOO_BIG,
  importInventory,
  importRefusedMessage,
  previewInventoryImport,
  type CsvImportPreview,
  type CsvImportRow,
} from "~/domain/inventory/inventory-csv.server";
import { formatBytes } from "~/domain/media/upload";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { httpStatusOf } from "~/lib/use-case-http";
import { withUploadForm, type UploadForm } from "~/lib/upload-form.server";
import type { Toast } from "~/lib/toast";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { FormError, inputClass, SubmitButton, TextAreaField, useFormBusy, useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/inventory-import";

// /admin/inventory/import (issue 9): upload a CSV file of items, or paste it; Preview names every bad row and
// field without writing anything; Import judges the file again and writes every row or none. Plain form posts,
// so it all works without JavaScript.

export const meta: Route.MetaFunction = () => [{ title: "Import Inventory | Utsab Admin" }];

/** Good rows shown in the preview besides every bad one (the counts cover the rest). */
const GOOD_ROWS_SHOWN = 50;
/** Characters of a typed value quoted beside its problem. */
const VALUE_SHOWN = 60;

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/inventory/import");
  return { maxBytes: CSV_IMPORT_LIMITS.bytes, maxRows: CSV_IMPORT_LIMITS.rows };
}

/** One row as the preview table shows it: its problems each with the value typed. */
interface PreviewRowView {
  row: number;
  action: CsvImportRow["action"];
  slug: string;
  name: string;
  archived: boolean;
  changes: string[];
  problems: { column: string; value: string | null; message: string }[];
}

interface PreviewView {
  ok: boolean;
  fileErrors: string[];
  counts: CsvImportPreview["counts"];
  rows: PreviewRowView[];
  /** Good rows left out of the table. */
  goodRowsHidden: number;
}

function previewView(preview: CsvImportPreview): PreviewView {
  const bad = (r: CsvImportRow) => Object.keys(r.errors).length > 0;
  const good = preview.rows.filter((r) => !bad(r));
  const shown = new Set([...preview.rows.filter(bad), ...good.slice(0, GOOD_ROWS_SHOWN)]);
  const clip = (s: string) => (s.length > VALUE_SHOWN ? `${s.slice(0, VALUE_SHOWN)}…` : s);
  return {
    ok: preview.ok,
    fileErrors: preview.fileErrors,
    counts: preview.counts,
    goodRowsHidden: good.length - Math.min(good.length, GOOD_ROWS_SHOWN),
    rows: preview.rows
      .filter((r) => shown.has(r))
      .map((r) => ({
        row: r.row,
        action: r.action,
        slug: r.slug,
        name: clip(r.name),
        archived: r.archived,
        changes: r.changes.map(csvHeaderOf),
        problems: (Object.entries(r.errors) as [CsvColumnKey | "row", string][]).map(([key, message]) => ({
          column: csvHeaderOf(key),
          value: key === "row" ? null : clip(r.cells[key] ?? ""),
          message,
        })),
      })),
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/inventory/import");
  // The body is read only now, the permission known (issue 19); a file over 2 MB is refused as the file is read.
  return withUploadForm(args.request, (read) => act(args, access, read), { tooLargeMessage: () => CSV_IMPORT_TOO_BIG });
}

async function act(
  args: Route.ActionArgs,
  access: ActionAccess<"/admin/inventory/import">,
  { form, refusal }: UploadForm,
) {
  if (refusal) {
    const toast: Toast = { type: "error", message: refusal.message };
    return data(
      { intent: null, formError: refusal.message, preview: null, csv: "", toast },
      { status: refusal.status },
    );
  }
  // Preview or Import: the pressed button, sent after the file, so a refused file (above) comes without it.
  const intent = access.intent(form);
  const read = await csvTextFromForm(form);
  if (!read.ok) {
    const toast: Toast = { type: "error", message: read.error };
    return data({ intent, formError: read.error, preview: null, csv: "", toast }, { status: 400 });
  }
  const db = getDb();
  if (intent === "preview") {
    const preview = await previewInventoryImport(db, read.text);
    const toast: Toast | null = preview.ok ? null : { type: "error", message: importRefusedMessage(preview) };
    return data(
      { intent, formError: null, preview: previewView(preview), csv: read.text, toast },
      { status: preview.ok ? 200 : 400 },
    );
  }
  const result = await importInventory(db, read.text, auditActor(args, access.user));
  if (result.ok) return redirectWithToast("/admin/inventory", { type: "success", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data(
    { intent, formError: result.message, preview: previewView(result.preview), csv: read.text, toast },
    { status: httpStatusOf(result) },
  );
}

const ACTION_LABELS: Record<NonNullable<CsvImportRow["action"]>, string> = {
  add: "Add",
  update: "Update",
  unchanged: "Unchanged",
};

export default function InventoryImport({ loaderData, actionData }: Route.ComponentProps) {
  const { maxBytes, maxRows } = loaderData;
  useToast(actionData?.toast);
  const previewBusy = useFormBusy("preview");
  const importBusy = useFormBusy("import");
  const preview = actionData?.preview ?? null;
  const fileId = useId();
  // After a preview with problems the text stays in the box, to be corrected there and checked again.
  const carried = preview && !preview.ok ? (actionData?.csv ?? "") : "";

  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Import Inventory"
        description="Add or update many items at once from a CSV file. The preview shows what each row will do and every problem; nothing is written until you import, and then every row is imported or none."
        actions={
          <>
            <Link to="/admin/inventory" className={secondaryButton}>
              Back to inventory
            </Link>
            {/* A file download: the browser fetches it itself. */}
            <a href={INVENTORY_EXPORT_PATH} className={secondaryButton} download>
              Export all items
            </a>
          </>
        }
      />

      <div className="space-y-6">
        <Panel className="p-5">
          {/* A new preview starts the form afresh: the file input empties, the box shows the text checked. */}
          <Form
            method="post"
            encType="multipart/form-data"
            className="space-y-4"
            key={actionData ? `${actionData.intent}-${actionData.csv.length}-${preview?.counts.rows}` : "new"}
          >
            <h2 className="text-base font-semibold text-ink-900">1. Choose the file</h2>
            {actionData?.formError && !preview && <FormError message={actionData.formError} />}
            <div>
              <label htmlFor={fileId} className="block text-sm font-medium text-ink-900">
                CSV file
              </label>
              <input
                id={fileId}
                type="file"
                name="file"
                accept=".csv,text/csv"
                aria-describedby={`${fileId}-hint`}
                className={`mt-1 ${inputClass} border-slate-300 p-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100`}
              />
              <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-500">
                Saved as CSV UTF-8 (comma delimited), at most {formatBytes(maxBytes)} and{" "}
                {maxRows.toLocaleString("en-US")} items. A chosen file is used instead of the text below.
              </p>
            </div>
            <TextAreaField
              name="csv"
              label="Or paste the CSV text"
              rows={8}
              defaultValue={carried}
              spellCheck={false}
              hint={`The first row names the columns; ${REQUIRED_CSV_COLUMNS.map(csvHeaderOf).join(", ")} are required.`}
            />
            <SubmitButton name="intent" value="preview" label="Preview" busyLabel="Checking..." busy={previewBusy} />
          </Form>
        </Panel>

        {preview && (
          <Panel>
            <div className="space-y-4 border-b border-slate-200 px-5 py-4">
              <h2 className="text-base font-semibold text-ink-900">2. Preview</h2>
              {preview.fileErrors.length > 0 ? (
                <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                  <p className="font-medium">The file cannot be imported:</p>
                  <ul className="mt-1 list-disc space-y-1 pl-5">
                    {preview.fileErrors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="text-sm text-slate-700" aria-live="polite">
                  {previewSummary(preview.counts)}
                </p>
              )}
              {preview.ok ? (
                <Form method="post" className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="csv" value={actionData?.csv ?? ""} />
                  <SubmitButton
                    name="intent"
                    value="import"
                    label={`Import ${preview.counts.rows.toLocaleString("en-US")} ${preview.counts.rows === 1 ? "item" : "items"}`}
                    busyLabel="Importing..."
                    busy={importBusy}
                  />
                  <span className="text-sm text-slate-600">Every row is written in one go, or none.</span>
                </Form>
              ) : (
                preview.fileErrors.length === 0 && (
                  <FormError
                    message={
                      actionData?.intent === "import" && actionData.formError
                        ? actionData.formError
                        : "Nothing has been written. Correct the rows below (in the file, or in the text above) and preview again."
                    }
                  />
                )
              )}
            </div>
            {preview.rows.length > 0 && (
              <ListTable label="Rows of the file" minWidth="52rem">
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    <HeadCell>Row</HeadCell>
                    <HeadCell>Action</HeadCell>
                    <HeadCell>Public ID</HeadCell>
                    <HeadCell>Name</HeadCell>
                    <HeadCell>Problems or changes</HeadCell>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {preview.rows.map((r) => (
                    <PreviewRow key={r.row} row={r} />
                  ))}
                </tbody>
              </ListTable>
            )}
            {preview.goodRowsHidden > 0 && (
              <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
                And {preview.goodRowsHidden.toLocaleString("en-US")} more rows without problems.
              </p>
            )}
          </Panel>
        )}

        <Panel className="p-5">
          <details>
            <summary className="cursor-pointer text-base font-semibold text-ink-900">
              <FileUp aria-hidden className="mr-2 inline size-4" />
              The columns of the file
            </summary>
            <p className="mt-3 text-sm text-slate-600">
              Columns may come in any order and any case. A column the file leaves out keeps each updated item&apos;s
              value. The export writes every column, so an exported file can be edited and imported back.
            </p>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
              {INVENTORY_CSV_COLUMNS.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="font-medium text-ink-900">{c.header}</dt>
                  <dd className="text-slate-600">{c.help}</dd>
                </div>
              ))}
            </dl>
          </details>
        </Panel>
      </div>
    </div>
  );
}

function previewSummary(counts: CsvImportPreview["counts"]): string {
  const n = (v: number) => v.toLocaleString("en-US");
  const parts = [
    counts.added && `${n(counts.added)} to add`,
    counts.updated && `${n(counts.updated)} to update`,
    counts.unchanged && `${n(counts.unchanged)} unchanged`,
    counts.bad && `${n(counts.bad)} with problems`,
  ].filter(Boolean);
  return `${n(counts.rows)} ${counts.rows === 1 ? "row" : "rows"}: ${parts.join(", ")}.`;
}

function PreviewRow({ row }: { row: PreviewRowView }) {
  const bad = row.problems.length > 0;
  return (
    <tr className={bad ? "bg-red-50/60" : undefined}>
      <td className={`${cellClass} font-mono tabular-nums`} data-label="Row">
        {row.row}
      </td>
      <td className={cellClass} data-label="Action">
        {bad ? (
          <span className="font-medium text-red-800">Problems</span>
        ) : (
          <>
            {ACTION_LABELS[row.action!]}
            {row.archived && <span className="block text-xs text-slate-500">archived item</span>}
          </>
        )}
      </td>
      <td className={`${cellClass} font-mono text-xs`} data-label="Public ID" data-empty={row.slug ? undefined : true}>
        {row.slug || <span className="text-slate-500">from the name</span>}
      </td>
      <td className={`${cellClass} max-w-64 truncate text-ink-900`}>{row.name || "—"}</td>
      <td className={cellClass} data-empty={!bad && row.changes.length === 0 ? true : undefined}>
        {bad ? (
          <ul className="space-y-1 text-red-800">
            {row.problems.map((p) => (
              <li key={p.column}>
                <span className="font-medium">{p.column}</span>
                {p.value !== null && p.value.trim() !== "" && (
                  <span className="text-red-700"> (&ldquo;{p.value}&rdquo;)</span>
                )}
                : {p.message}
              </li>
            ))}
          </ul>
        ) : (
          row.changes.length > 0 && <span className="text-slate-600">Changes {row.changes.join(", ")}</span>
        )}
      </td>
    </tr>
  );
}
