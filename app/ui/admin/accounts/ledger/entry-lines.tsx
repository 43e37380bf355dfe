import { Link } from "react-router";
import { JOURNAL_SOURCE_LABELS } from "~/domain/accounting/constants";
import { partyStatementHref } from "~/domain/accounting/party-statement";
import { entryLabel } from "~/domain/accounting/ledger-list";
import type { LedgerEntryRow, LedgerLine } from "~/domain/accounting/ledger-list.server";
import { formatMoney, formatShortDate } from "~/lib/format";

// A journal entry's lines (General Ledger, issue 21): account code and name, debit, credit, and the totals. The
// ledger's list and the Post and Reverse dialogs show entries this way. On a phone each line is one row: the account,
// then its one amount marked Dr or Cr (a line is a debit or a credit, never both). A control account's line names its
// party after the account ("1300 Accounts Receivable · Nadia Rahman"; issue 36), linked to the party's ledger
// statement; in a manual entry it is marked as an adjustment of that party, since the party's documents did not make it.

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

function Amount({ amount, side }: { amount: string; side: "Dr" | "Cr" }) {
  const zero = isZero(amount);
  return (
    <td
      className={`py-1.5 pl-3 text-right align-top whitespace-nowrap tabular-nums sm:w-40 ${zero ? "max-sm:hidden" : ""}`}
    >
      {zero ? (
        <span className="text-slate-300" aria-label="none">
          –
        </span>
      ) : (
        <>
          <span className="mr-1 text-xs font-medium text-slate-500 sm:hidden">{side}</span>
          {formatMoney(amount)}
        </>
      )}
    </td>
  );
}

export function EntryLines({
  lines,
  caption,
  debits,
  credits,
  adjustments = false,
}: {
  lines: readonly LedgerLine[];
  /** What the table is, for screen readers ("Lines of JE-0001"). */
  caption: string;
  debits: string;
  credits: string;
  /** A manual entry's: each line with a party is labelled "Adjustment of <party>". */
  adjustments?: boolean;
}) {
  return (
    <table className="w-full border-collapse text-sm text-slate-700 max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-slate-500 max-sm:sr-only">
        <tr>
          <th scope="col" className="py-1 text-left font-medium">
            Account
          </th>
          <th scope="col" className="py-1 pl-3 text-right font-medium">
            Debit
          </th>
          <th scope="col" className="py-1 pl-3 text-right font-medium">
            Credit
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {lines.map((line, i) => {
          const credit = isZero(line.debit);
          return (
            <tr key={i} className="border-t border-slate-100 max-sm:flex max-sm:justify-between max-sm:gap-3">
              {/* Credits indented under the debits, as a journal is written. */}
              <td className={`min-w-0 py-1.5 align-top ${credit ? "sm:pl-6" : ""}`}>
                <span className="mr-1.5 font-mono text-xs text-slate-500">{line.code}</span>
                <span className="text-ink-900">{line.name}</span>
                {line.party && (
                  <>
                    {" · "}
                    <Link
                      to={partyStatementHref(line.party.kind, line.party.id)}
                      className="text-ink-900 underline decoration-slate-300 underline-offset-2 hover:text-brand-700"
                      title={`Statement of ${line.party.name}`}
                    >
                      {line.party.name}
                    </Link>
                  </>
                )}
                {adjustments && line.party && (
                  <span className="block text-xs font-medium text-amber-800">Adjustment of {line.party.name}</span>
                )}
                {line.description && <span className="block text-xs text-slate-500">{line.description}</span>}
              </td>
              <Amount amount={line.debit} side="Dr" />
              <Amount amount={line.credit} side="Cr" />
            </tr>
          );
        })}
      </tbody>
      <tfoot className="font-semibold text-ink-900 max-sm:block">
        <tr className="border-t border-slate-300 max-sm:flex max-sm:justify-between max-sm:gap-3">
          <th scope="row" className="py-1.5 text-left">
            Total
          </th>
          <td className="py-1.5 pl-3 text-right whitespace-nowrap tabular-nums sm:w-40">{formatMoney(debits)}</td>
          {/* Equal to the debits in a balanced entry: on a phone the one total is enough. */}
          <td className="py-1.5 pl-3 text-right whitespace-nowrap tabular-nums max-sm:hidden sm:w-40">
            {formatMoney(credits)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** An entry as a dialog names it: its reference and date (or its date alone), where it came from, its description. */
export function EntrySummary({ entry }: { entry: LedgerEntryRow }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-ink-900">{entryLabel(entry)}</span>
      {entry.reference && ` of ${formatShortDate(entry.entryDate)}`} · {JOURNAL_SOURCE_LABELS[entry.sourceType]}
      {entry.description && <span className="block break-words">{entry.description}</span>}
    </p>
  );
}
