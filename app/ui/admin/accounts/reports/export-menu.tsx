import { ChevronDown, Download, FileSpreadsheet, FileText } from "lucide-react";
import { useRef } from "react";
import { primaryButton } from "~/ui/buttons";

// Export Report: the report on screen, with the same tab, period and account, as a CSV file for a spreadsheet or
// as a PDF. A <details> menu of two plain download links, so it works before (and without) the page's JavaScript.

export function ExportMenu({
  csvHref,
  pdfHref,
  disabledReason,
}: {
  csvHref: string;
  pdfHref: string;
  disabledReason?: string;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  if (disabledReason)
    return (
      <button
        type="button"
        disabled
        title={disabledReason}
        aria-describedby="export-disabled"
        className={primaryButton}
      >
        <Download aria-hidden className="size-4" /> Export Report
        <span id="export-disabled" className="sr-only">
          {disabledReason}
        </span>
      </button>
    );
  const close = () => menu.current?.removeAttribute("open");
  return (
    <details ref={menu} className="group relative">
      <summary className={`${primaryButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Download aria-hidden className="size-4" /> Export Report
        <ChevronDown aria-hidden className="size-4 transition group-open:rotate-180" />
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-56 overflow-hidden rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg max-sm:left-0">
        <li>
          <a
            href={csvHref}
            download
            onClick={close}
            className="flex items-center gap-2 px-3 py-2 text-ink-900 hover:bg-slate-50"
          >
            <FileSpreadsheet aria-hidden className="size-4 text-emerald-700" />
            <span>
              CSV <span className="text-slate-500">(spreadsheet)</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href={pdfHref}
            download
            onClick={close}
            className="flex items-center gap-2 px-3 py-2 text-ink-900 hover:bg-slate-50"
          >
            <FileText aria-hidden className="size-4 text-red-700" />
            <span>
              PDF <span className="text-slate-500">(to print or send)</span>
            </span>
          </a>
        </li>
      </ul>
    </details>
  );
}
