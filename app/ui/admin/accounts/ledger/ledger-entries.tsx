import { CheckCircle2, Pencil, Trash2, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { JOURNAL_SOURCE_LABELS } from "~/domain/accounting/constants";
import { JOURNAL_STATUS_LABELS } from "~/domain/accounting/journal-entry-form";
import { entryActions, entryLabel } from "~/domain/accounting/ledger-list";
import type { LedgerEntryRow, LinkedEntry } from "~/domain/accounting/ledger-list.server";
import { formatShortDate } from "~/lib/format";
import { RowActionLink } from "~/ui/admin/row-actions";
import { Badge } from "~/ui/badge";
import { EntryLines } from "./entry-lines";

// The General Ledger's entries (backoffice.md §2: "journal entries with their lines beneath each"; issue 21): each
// entry's date, reference, status, description, the document that made it, the entry that reversed it or that it
// reverses, its lines, and what may be done to it.

type Action = "edit" | "post" | "delete" | "reverse";

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/** "REV-JE-0001 (Mar 06, 2026)", or "Entry of Mar 06, 2026" for one without a reference. */
function linkedName(entry: LinkedEntry): string {
  return entry.reference ? `${entry.reference} (${formatShortDate(entry.entryDate)})` : entryLabel(entry);
}

export function LedgerEntries({
  entries,
  canManage,
  actionHref,
  entryHref,
}: {
  entries: readonly LedgerEntryRow[];
  canManage: boolean;
  /** The dialog of an action on an entry (the page's URL with ?edit=, ?post=, ...). */
  actionHref: (action: Action, entry: LedgerEntryRow) => string;
  /** The ledger showing one entry (a reversal's link). */
  entryHref: (id: string) => string;
}) {
  return (
    <ol aria-label="Journal entries" className="divide-y divide-slate-200">
      {entries.map((entry) => {
        const name = entryLabel(entry);
        const can = entryActions(entry);
        const sourceLabel = JOURNAL_SOURCE_LABELS[entry.sourceType];
        return (
          <li key={entry.id}>
            <article aria-labelledby={`entry-${entry.id}`} className="px-4 py-4">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <time dateTime={entry.entryDate} className="text-sm font-medium whitespace-nowrap text-slate-600">
                      {formatShortDate(entry.entryDate)}
                    </time>
                    <h2 id={`entry-${entry.id}`} className="font-semibold break-all text-ink-900">
                      {name}
                    </h2>
                    <Badge tone={entry.status === "posted" ? "green" : "amber"}>
                      {JOURNAL_STATUS_LABELS[entry.status]}
                    </Badge>
                  </div>
                  {entry.description && <p className="mt-1 text-sm break-words text-slate-700">{entry.description}</p>}
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                    <span>
                      Source:{" "}
                      {entry.documentHref ? (
                        <Link to={entry.documentHref} className={linkClass}>
                          {sourceLabel}
                        </Link>
                      ) : (
                        sourceLabel
                      )}
                    </span>
                    {entry.reversedBy && (
                      <span>
                        Reversed by{" "}
                        <Link to={entryHref(entry.reversedBy.id)} preventScrollReset className={linkClass}>
                          {linkedName(entry.reversedBy)}
                        </Link>
                      </span>
                    )}
                    {entry.reverses && (
                      <span>
                        Reverses{" "}
                        <Link to={entryHref(entry.reverses.id)} preventScrollReset className={linkClass}>
                          {linkedName(entry.reverses)}
                        </Link>
                      </span>
                    )}
                  </p>
                </div>
                {canManage && (can.edit || can.reverse) && (
                  <div className="-ml-2 flex shrink-0 flex-wrap gap-1 sm:ml-0">
                    {can.edit && (
                      <RowActionLink to={actionHref("edit", entry)} label={`Edit ${name}`} text="Edit" icon={Pencil} />
                    )}
                    {can.post && (
                      <RowActionLink
                        to={actionHref("post", entry)}
                        label={`Post ${name}`}
                        text="Post"
                        icon={CheckCircle2}
                      />
                    )}
                    {can.delete && (
                      <RowActionLink
                        to={actionHref("delete", entry)}
                        label={`Delete ${name}`}
                        text="Delete"
                        icon={Trash2}
                        tone="danger"
                      />
                    )}
                    {can.reverse && (
                      <RowActionLink
                        to={actionHref("reverse", entry)}
                        label={`Reverse ${name}`}
                        text="Reverse"
                        icon={Undo2}
                        tone="plain"
                      />
                    )}
                  </div>
                )}
              </div>
              <div className="mt-3">
                <EntryLines
                  lines={entry.lines}
                  caption={`Lines of ${name}`}
                  debits={entry.debits}
                  credits={entry.credits}
                  adjustments={entry.sourceType === "manual"}
                />
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
