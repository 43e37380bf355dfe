import { CheckCircle2, FileDown, RotateCcw, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { finishBlockers } from "~/domain/banking/finish-reconciliation-form";
import {
  statementDeletable,
  type StatementFiguresView,
  type StatementRow,
} from "~/domain/banking/reconciliation-screen";
import { formatShortDate, formatSignedMoney } from "~/lib/format";
import { toPaisa } from "~/lib/money";
import { Panel } from "~/ui/admin/page-header";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { Badge } from "~/ui/badge";
import { secondaryButton } from "~/ui/buttons";

// Bank Reconciliation's header (a statement's figures: statement balance, reconciled ledger balance and the
// difference, green at zero; the ledger balance on its last day and the outstanding items) and the account's
// statements with their state, Finish, Reopen and the report's PDF (issue 23).

const moment = (dhaka: string) => `${formatShortDate(dhaka.slice(0, 10))}, ${dhaka.slice(11, 16)}`;

export function FiguresPanel({ statement, figures }: { statement: StatementRow; figures: StatementFiguresView }) {
  const zero = toPaisa(figures.difference) === 0n;
  return (
    <Panel className="mb-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-ink-900">
          Up to {formatShortDate(figures.asOfDate)}
          <span className="ml-2 text-sm font-normal text-slate-500">
            statement {statement.fileName} ({formatShortDate(statement.periodStart)} –{" "}
            {formatShortDate(statement.periodEnd)})
          </span>
        </h2>
        {figures.unmatchedLines > 0 && (
          <span className="text-sm text-amber-800">
            {figures.unmatchedLines} statement line{figures.unmatchedLines === 1 ? "" : "s"} to match
          </span>
        )}
      </div>
      <dl className="grid grid-cols-1 divide-y divide-slate-100 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
        <Figure
          label="Statement balance"
          value={formatSignedMoney(figures.statementBalance)}
          testId="statement-balance"
        />
        <Figure
          label="Reconciled ledger balance"
          value={formatSignedMoney(figures.reconciledBalance)}
          testId="reconciled-balance"
        />
        <Figure
          label="Difference"
          value={formatSignedMoney(figures.difference)}
          tone={zero ? "text-emerald-700" : "text-red-700"}
          note={zero ? "The bank and the books agree" : "Match the statement's lines, or add what the books lack"}
          testId="difference"
        />
      </dl>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-4 sm:justify-start">
          <dt className="text-slate-600">Ledger balance on {formatShortDate(figures.asOfDate)}</dt>
          <dd className="font-semibold text-ink-900 tabular-nums">{formatSignedMoney(figures.ledgerBalance)}</dd>
        </div>
        <div className="flex justify-between gap-4 sm:justify-start">
          <dt className="text-slate-600">
            Outstanding ({figures.outstandingCount} item{figures.outstandingCount === 1 ? "" : "s"} on no statement)
          </dt>
          <dd className="font-semibold text-ink-900 tabular-nums">{formatSignedMoney(figures.outstandingSum)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function Figure({
  label,
  value,
  tone = "text-ink-900",
  note,
  testId,
}: {
  label: string;
  value: string;
  tone?: string;
  note?: string;
  testId: string;
}) {
  return (
    <div className="px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
      {note && <dd className="mt-0.5 text-xs text-slate-500">{note}</dd>}
    </div>
  );
}

export function StatementState({ statement }: { statement: StatementRow }) {
  const rec = statement.reconciliation;
  if (rec?.status === "finished")
    return (
      <span className="block">
        <Badge tone="green">Finished</Badge>
        <span className="mt-1 block text-xs text-slate-600">
          on {moment(rec.finishedAt)}
          {rec.finishedBy ? ` by ${rec.finishedBy}` : ""}
        </span>
      </span>
    );
  return (
    <span className="block">
      {rec?.status === "reopened" ? (
        <Badge tone="amber">Reopened</Badge>
      ) : (
        <Badge tone={statement.unmatched > 0 ? "blue" : "slate"}>Open</Badge>
      )}
      <span className="mt-1 block text-xs text-slate-600">
        {statement.unmatched > 0 ? `${statement.unmatched} unmatched` : "All lines matched"}
      </span>
      {rec?.status === "reopened" && rec.reopenedAt && (
        <span className="mt-0.5 block max-w-64 text-xs break-words text-slate-500">
          on {moment(rec.reopenedAt)}
          {rec.reopenedBy ? ` by ${rec.reopenedBy}` : ""}: {rec.reopenReason}
        </span>
      )}
    </span>
  );
}

export function StatementsPanel({
  statements,
  shownId,
  canManage,
  hrefOf,
  action,
}: {
  statements: readonly StatementRow[];
  shownId: string;
  canManage: boolean;
  hrefOf: {
    figures: (id: string) => string;
    match: (id: string) => string;
    reopen: (reconciliationId: string) => string;
    delete: (statementId: string) => string;
    pdf: (reconciliationId: string) => string;
  };
  action: string;
}) {
  return (
    <Panel className="mb-6">
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">Statements</h2>
      <ListTable label="Statements" minWidth="60rem">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <HeadCell>Period</HeadCell>
            <HeadCell>File</HeadCell>
            <HeadCell className="text-right">Lines</HeadCell>
            <HeadCell className="text-right">Opening</HeadCell>
            <HeadCell className="text-right">Closing</HeadCell>
            <HeadCell>State</HeadCell>
            <HeadCell>
              <span className="sr-only">Actions</span>
            </HeadCell>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {statements.map((s) => {
            const rec = s.reconciliation;
            const finished = rec?.status === "finished";
            const blockers = finished ? [] : finishBlockers(s.figures);
            return (
              <tr
                key={s.id}
                className={s.id === shownId ? "bg-brand-50/40" : "hover:bg-slate-50"}
                data-testid="statement-row"
              >
                <td className={`${cellClass} whitespace-nowrap`}>
                  <Link
                    to={hrefOf.figures(s.id)}
                    preventScrollReset
                    className="font-medium text-brand-700 hover:underline"
                    aria-current={s.id === shownId ? "true" : undefined}
                  >
                    {formatShortDate(s.periodStart)} – {formatShortDate(s.periodEnd)}
                  </Link>
                </td>
                <td data-label="File" className={`${cellClass} max-w-48 break-words`}>
                  {s.fileName}
                  <span className="block text-xs text-slate-500">Imported {moment(s.importedAt)}</span>
                </td>
                <td data-label="Lines" className={`${cellClass} tabular-nums sm:text-right`}>
                  {s.lineCount}
                  {s.duplicateCount > 0 && (
                    <span className="block text-xs text-slate-500">{s.duplicateCount} already imported</span>
                  )}
                </td>
                <td data-label="Opening" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                  {formatSignedMoney(s.openingBalance)}
                </td>
                <td data-label="Closing" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                  {formatSignedMoney(s.closingBalance)}
                </td>
                <td className={cellClass}>
                  <StatementState statement={s} />
                </td>
                <td className={`${cellClass} sm:text-right`}>
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    {!finished && s.unmatched > 0 && (
                      <Link to={hrefOf.match(s.id)} className={`${secondaryButton} !px-3 !py-1.5`}>
                        Match lines
                      </Link>
                    )}
                    {canManage && !finished && (
                      <Form method="post" action={action} preventScrollReset>
                        <input type="hidden" name="intent" value="finish" />
                        <input type="hidden" name="statementId" value={s.id} />
                        <button
                          type="submit"
                          disabled={blockers.length > 0}
                          title={blockers.join("; ") || undefined}
                          className={`${secondaryButton} !px-3 !py-1.5 disabled:cursor-not-allowed disabled:opacity-50`}
                        >
                          <CheckCircle2 aria-hidden className="size-4" /> Finish
                        </button>
                      </Form>
                    )}
                    {canManage && finished && rec && (
                      <Link
                        to={hrefOf.reopen(rec.id)}
                        preventScrollReset
                        className={`${secondaryButton} !px-3 !py-1.5`}
                      >
                        <RotateCcw aria-hidden className="size-4" /> Reopen
                      </Link>
                    )}
                    {canManage && statementDeletable(s) && (
                      <Link to={hrefOf.delete(s.id)} preventScrollReset className={`${secondaryButton} !px-3 !py-1.5`}>
                        <Trash2 aria-hidden className="size-4" /> Delete
                      </Link>
                    )}
                    {rec && (
                      <a href={hrefOf.pdf(rec.id)} className={`${secondaryButton} !px-3 !py-1.5`}>
                        <FileDown aria-hidden className="size-4" /> Report (PDF)
                      </a>
                    )}
                  </div>
                  {canManage && blockers.length > 0 && (
                    <p className="mt-1 max-w-72 text-xs text-slate-500 sm:ml-auto" data-testid="finish-blocked">
                      Finish: {blockers.join("; ")}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
    </Panel>
  );
}
