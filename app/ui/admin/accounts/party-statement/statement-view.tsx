import { BookOpen, FileText } from "lucide-react";
import { Form, Link } from "react-router";
import {
  balanceLegend,
  balanceWords,
  formatBalance,
  PARTY_KIND_LABELS,
  type StatementPeriodRequest,
} from "~/domain/accounting/party-statement";
import type { LoadedStatement, StatementRow } from "~/domain/accounting/party-statement.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { useFieldControl } from "~/ui/admin/form";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";

// A party's ledger statement on screen (issue 36), the back office's and the portal's: the period's form (From, To:
// one GET form, so it works without JavaScript; a date that cannot be read is named under its field and what was
// typed is kept), the opening balance, debits, credits and closing balance with what the closing balance means, and
// the lines with the balance after each. Balances read Dr (the party owes the company) or Cr (the company owes the
// party). On a phone the table is stacked, one card per line (ListTable).

export function StatementPeriodForm({
  action,
  request,
}: {
  action: string;
  request: Pick<StatementPeriodRequest, "period" | "errors" | "typed">;
}) {
  const from = useFieldControl("from", request.errors.from);
  const to = useFieldControl("to", request.errors.to);
  // min-w-0: a date field's own width never pushes the two columns past a phone's width.
  const dateClass = "min-w-0 sm:w-44";
  return (
    <Form
      method="get"
      action={action}
      aria-label="Choose the period"
      className="grid grid-cols-2 gap-3 border-b border-slate-200 p-4 sm:flex sm:flex-wrap sm:items-start"
    >
      {(
        [
          ["From", from, "from"],
          ["To", to, "to"],
        ] as const
      ).map(([label, field, name]) => (
        <div key={name} className={dateClass}>
          <label htmlFor={field.id} className="block text-sm font-medium text-ink-900">
            {label}
          </label>
          <input
            type="date"
            {...field.props}
            // What was typed stays in the field when it cannot be read; the date shown otherwise.
            defaultValue={request.errors[name] ? request.typed[name] : request.period[name]}
            key={`${name}-${request.errors[name] ? request.typed[name] : request.period[name]}`}
          />
          {request.errors[name] && (
            <p id={`${field.id}-error`} className="mt-1 text-sm text-red-700">
              {request.errors[name]}
            </p>
          )}
        </div>
      ))}
      <div className="col-span-2 flex items-end sm:self-end">
        <button type="submit" className={`${secondaryButton} !px-4 !py-2`}>
          Show
        </button>
      </div>
    </Form>
  );
}

/** The opening balance, the period's debits and credits, the closing balance and its meaning. */
export function StatementSummary({ statement }: { statement: LoadedStatement }) {
  const { party } = statement;
  const figures = [
    { label: `Opening balance (${formatShortDate(statement.from)})`, value: formatBalance(statement.opening) },
    { label: "Debits", value: formatMoney(statement.debits) },
    { label: "Credits", value: formatMoney(statement.credits) },
    { label: `Closing balance (${formatShortDate(statement.to)})`, value: formatBalance(statement.closing) },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-px bg-slate-200 lg:grid-cols-4" data-testid="statement-figures">
        {figures.map((f) => (
          <div key={f.label} className="min-w-0 bg-white px-4 py-3">
            <dt className="text-xs font-medium text-slate-500">{f.label}</dt>
            <dd className="mt-1 text-base font-semibold break-words text-ink-900 tabular-nums sm:text-lg">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="border-t border-slate-200 px-4 py-3 text-sm">
        <p className="font-semibold text-ink-900" data-testid="statement-closing-words">
          On {formatShortDate(statement.to)} {party.name} {balanceWords(statement.closing)}.
        </p>
        <p className="mt-1 text-xs text-slate-500">{balanceLegend(party.kind)} Posted entries only.</p>
      </div>
    </>
  );
}

/** Where a line's reference leads: the back office's document (or the ledger's entry), the portal's PDF, or nowhere. */
export type StatementLinks = "admin" | "portal";

function ReferenceCell({ line, links }: { line: StatementRow; links: StatementLinks }) {
  const label = line.reference ?? line.sourceLabel;
  const href = links === "admin" ? (line.documentHref ?? line.entryHref) : line.portalHref;
  const linkClass = "font-medium break-words text-brand-700 hover:underline";
  return (
    <td data-label="Reference" className={`${cellClass} min-w-36`}>
      {href ? (
        links === "portal" ? (
          <a href={href} className={`${linkClass} inline-flex items-center gap-1`} download>
            <FileText aria-hidden className="size-3.5 shrink-0" />
            {label}
          </a>
        ) : (
          <Link to={href} className={linkClass}>
            {label}
          </Link>
        )
      ) : (
        <span className="font-medium break-words text-ink-900">{label}</span>
      )}
      {(line.reference || (links === "admin" && line.documentHref)) && (
        <span className="block text-xs text-slate-500">
          {line.reference && line.sourceLabel}
          {line.reference && links === "admin" && line.documentHref && " · "}
          {links === "admin" && line.documentHref && (
            <Link
              to={line.entryHref}
              className="inline-flex items-center gap-0.5 text-brand-700 hover:underline"
              aria-label={`Journal entry of ${label}`}
            >
              <BookOpen aria-hidden className="size-3" /> entry
            </Link>
          )}
        </span>
      )}
    </td>
  );
}

function AmountCell({ label, amount }: { label: string; amount: string }) {
  const zero = /^-?0+(\.0+)?$/.test(amount);
  return (
    <td
      data-label={label}
      data-empty={zero ? "" : undefined}
      className={`${cellClass} text-right whitespace-nowrap tabular-nums max-sm:text-left`}
    >
      {zero ? "" : formatMoney(amount)}
    </td>
  );
}

/** The statement's lines between the opening balance and the totals and closing balance. */
export function StatementTable({ statement, links }: { statement: LoadedStatement; links: StatementLinks }) {
  const summaryRow = "bg-slate-50 font-semibold text-ink-900";
  return (
    <ListTable label={`Statement of ${statement.party.name}`} minWidth="52rem">
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <HeadCell>Date</HeadCell>
          <HeadCell>Reference</HeadCell>
          <HeadCell>Description</HeadCell>
          <HeadCell className="text-right">Debit</HeadCell>
          <HeadCell className="text-right">Credit</HeadCell>
          <HeadCell className="text-right">Balance</HeadCell>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        <tr className={summaryRow} data-testid="statement-opening">
          <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
            {formatShortDate(statement.from)}
          </td>
          <td data-empty="" className={cellClass} />
          <td className={`${cellClass} font-semibold text-ink-900`}>Opening balance</td>
          <td data-empty="" className={cellClass} />
          <td data-empty="" className={cellClass} />
          <td
            data-label="Balance"
            className={`${cellClass} text-right whitespace-nowrap tabular-nums max-sm:text-left`}
          >
            {formatBalance(statement.opening)}
          </td>
        </tr>
        {statement.lines.length === 0 && (
          <tr>
            <td colSpan={6} className={`${cellClass} text-slate-500`}>
              Nothing was posted to this {PARTY_KIND_LABELS[statement.party.kind].toLowerCase()}&apos;s account in this
              period.
            </td>
          </tr>
        )}
        {statement.lines.map((line) => (
          <tr key={line.lineId} className="hover:bg-slate-50" data-testid="statement-line">
            <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
              {formatShortDate(line.date)}
            </td>
            <ReferenceCell line={line} links={links} />
            <td className={`${cellClass} min-w-48`}>
              <span className="block break-words">{line.description}</span>
            </td>
            <AmountCell label="Debit" amount={line.debit} />
            <AmountCell label="Credit" amount={line.credit} />
            <td
              data-label="Balance"
              className={`${cellClass} text-right font-medium whitespace-nowrap text-ink-900 tabular-nums max-sm:text-left`}
            >
              {formatBalance(line.balance)}
            </td>
          </tr>
        ))}
        <tr className={summaryRow} data-testid="statement-totals">
          <td data-empty="" className={cellClass} />
          <td data-empty="" className={cellClass} />
          <td className={`${cellClass} font-semibold text-ink-900`}>Totals for the period</td>
          <td data-label="Debit" className={`${cellClass} text-right whitespace-nowrap tabular-nums max-sm:text-left`}>
            {formatMoney(statement.debits)}
          </td>
          <td data-label="Credit" className={`${cellClass} text-right whitespace-nowrap tabular-nums max-sm:text-left`}>
            {formatMoney(statement.credits)}
          </td>
          <td data-empty="" className={cellClass} />
        </tr>
        <tr className={summaryRow} data-testid="statement-closing">
          <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
            {formatShortDate(statement.to)}
          </td>
          <td data-empty="" className={cellClass} />
          <td className={`${cellClass} font-semibold text-ink-900`}>Closing balance</td>
          <td data-empty="" className={cellClass} />
          <td data-empty="" className={cellClass} />
          <td
            data-label="Balance"
            className={`${cellClass} text-right whitespace-nowrap tabular-nums max-sm:text-left`}
          >
            {formatBalance(statement.closing)}
          </td>
        </tr>
      </tbody>
    </ListTable>
  );
}

/** The period's form, the figures and the lines, in two panels. */
export function StatementPanels({
  statement,
  request,
  action,
  links,
}: {
  statement: LoadedStatement;
  request: Pick<StatementPeriodRequest, "period" | "errors" | "typed">;
  action: string;
  links: StatementLinks;
}) {
  return (
    <>
      <Panel className="mb-6">
        <StatementPeriodForm action={action} request={request} />
        <StatementSummary statement={statement} />
      </Panel>
      <Panel>
        <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">
          Lines, oldest first
        </h2>
        <StatementTable statement={statement} links={links} />
      </Panel>
    </>
  );
}
