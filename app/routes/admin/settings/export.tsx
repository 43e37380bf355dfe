import { BookOpen, Download, FileSpreadsheet, ShieldCheck } from "lucide-react";
import { requireView } from "~/domain/auth/guard.server";
import { LEDGER_JOURNAL_FILE } from "~/domain/export/export-readme";
import { EXPORT_TABLES } from "~/domain/export/export-tables.server";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/export";

// Settings > Export (issue 39, "data the company owns"): what the download holds, file by file, and the button. The
// file itself is the resource route /admin/settings/export/download.

export const meta: Route.MetaFunction = () => [{ title: "Export | Utsab Admin" }];

const DOWNLOAD_PATH = "/admin/settings/export/download";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/export");
  return {
    role: user.role,
    files: EXPORT_TABLES.map((t) => ({ file: t.file, about: t.about, columns: t.columns.length })),
  };
}

export default function ExportSettings({ loaderData }: Route.ComponentProps) {
  const download = (
    // A plain link: the browser saves the file (no prefetch, which would download and audit it unasked).
    <a href={DOWNLOAD_PATH} download className={primaryButton} data-testid="export-download">
      <Download aria-hidden className="size-4" />
      Download ZIP
    </a>
  );
  return (
    <div className="max-w-4xl">
      <SettingsTabs role={loaderData.role} />
      <PageHeader
        title="Export"
        description="Everything the company keeps here, in files any spreadsheet or accounting program opens."
        actions={download}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:items-start">
        <Panel className="p-5 sm:p-6">
          <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
            <FileSpreadsheet aria-hidden className="size-5 text-brand-700" />
            What the ZIP holds
          </h2>
          <ul className="mt-4 divide-y divide-slate-100 text-sm">
            {loaderData.files.map((f) => (
              <li key={f.file} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
                <code className="shrink-0 font-mono text-xs font-semibold text-ink-900 sm:w-44 sm:pt-0.5">
                  {f.file}
                </code>
                <span className="text-slate-600">
                  {f.about} <span className="text-slate-400">{f.columns} columns.</span>
                </span>
              </li>
            ))}
            <li className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
              <code className="shrink-0 font-mono text-xs font-semibold text-ink-900 sm:w-44 sm:pt-0.5">
                {LEDGER_JOURNAL_FILE}
              </code>
              <span className="text-slate-600">The posted ledger as an hledger journal, for a check by hledger.</span>
            </li>
            <li className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
              <code className="shrink-0 font-mono text-xs font-semibold text-ink-900 sm:w-44 sm:pt-0.5">README.md</code>
              <span className="text-slate-600">What every column of every file holds.</span>
            </li>
          </ul>
        </Panel>
        <div className="grid gap-6">
          <Panel className="p-5 sm:p-6">
            <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
              <BookOpen aria-hidden className="size-5 text-brand-700" />
              How to read it
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-600">
              <li>Amounts in BDT with 2 decimals; dates as YYYY-MM-DD; times in Dhaka time.</li>
              <li>Names beside the records they point to: an invoice's customer, a ledger line's account.</li>
              <li>The file is made as it downloads, so a large company's data starts at once.</li>
              <li>The files are read one after another: for a copy to restore from, use a backup instead.</li>
            </ul>
          </Panel>
          <Panel className="p-5 sm:p-6">
            <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
              <ShieldCheck aria-hidden className="size-5 text-brand-700" />
              Who may download it
            </h2>
            <p className="mt-3 text-sm text-slate-600">
              Administrators only. It holds every customer&apos;s, employee&apos;s and supplier&apos;s details and the
              payroll: each download is recorded in the audit log with who took it and when. Keep the file safe.
            </p>
          </Panel>
        </div>
      </div>
    </div>
  );
}
