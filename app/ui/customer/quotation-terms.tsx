import { Panel } from "~/ui/admin/page-header";

// The terms a sent revision was printed with (quotation_revisions.terms), on the portal's quotation page and on the
// page the e-mailed link opens: the same numbered list as the PDF and the e-mail, word for word.

export function QuotationTerms({ terms }: { terms: readonly string[] }) {
  if (terms.length === 0) return null;
  return (
    <Panel className="p-5 sm:p-6">
      <h2 id="quotation-terms" className="text-lg font-semibold text-ink-900">
        Terms and conditions
      </h2>
      <ol aria-labelledby="quotation-terms" className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        {terms.map((term, i) => (
          <li key={i} className="pl-1 marker:text-slate-500">
            {term}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
