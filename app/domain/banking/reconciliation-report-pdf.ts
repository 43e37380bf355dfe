import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { documentDate } from "../../lib/pdf/document-dates";
import { COLORS, defaultLogoPath, PdfBuilder, type TableColumn } from "../../lib/pdf/pdf.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { outstandingLinesSql } from "./reconciliation-figures.server";

// A finished bank reconciliation as a report (issue 23: "kept as a report (PDF) with its date"): the company, the
// account, the day it is reconciled to, the figures it was finished with (statement balance, reconciled ledger
// balance, a difference of zero, the ledger balance), the outstanding items (the account's posted lines up to the day
// that no statement line up to the day is matched to), the statement's lines with the ledger lines each was matched
// to, who finished it and when (Asia/Dhaka), and the day it was printed. A reopened one prints too, marked so with
// who reopened it and why. Server only (PDFKit).

export interface ReconciliationReport {
  id: string;
  account: { code: string; name: string };
  statement: { fileName: string; periodStart: string; periodEnd: string };
  asOfDate: string;
  statementBalance: string;
  reconciledBalance: string;
  ledgerBalance: string;
  status: "finished" | "reopened";
  /** In Dhaka, "2026-04-30 17:05". */
  finishedAt: string;
  finishedBy: string | null;
  reopenedAt: string | null;
  reopenedBy: string | null;
  reopenReason: string | null;
  outstanding: { date: string; description: string; amount: string }[];
  lines: {
    date: string;
    description: string;
    reference: string | null;
    amount: string;
    matched: { date: string; description: string; amount: string }[];
  }[];
}

interface HeadRow {
  id: string;
  code: string;
  name: string;
  file_name: string;
  period_start: string;
  period_end: string;
  statement_id: string;
  account_id: string;
  as_of: string;
  statement_balance: string;
  reconciled_balance: string;
  ledger_balance: string;
  status: "finished" | "reopened";
  finished_at: string;
  finished_by: string | null;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

const DHAKA = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Dhaka', 'YYYY-MM-DD HH24:MI')`);

/** The report of reconciliation `id`; null when there is none (or the id is no id). */
export async function reconciliationReport(db: DbOrTx, id: string): Promise<ReconciliationReport | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [head] = await queryRows<HeadRow>(
    db,
    sql`select r.id, a.code, a.name, s.file_name, s.period_start::text as period_start, s.period_end::text as period_end,
          r.statement_id, r.account_id, r.as_of_date::text as as_of, r.statement_balance::text as statement_balance,
          r.reconciled_balance::text as reconciled_balance, r.ledger_balance::text as ledger_balance, r.status,
          ${DHAKA("r.finished_at")} as finished_at, fu.name as finished_by, ${DHAKA("r.reopened_at")} as reopened_at,
          ru.name as reopened_by, r.reopen_reason
        from bank_reconciliations r
        join chart_of_accounts a on a.id = r.account_id
        join bank_statements s on s.id = r.statement_id
        left join users fu on fu.id = r.finished_by
        left join users ru on ru.id = r.reopened_by
        where r.id = ${id.toLowerCase()}`,
  );
  if (!head) return null;
  const [outstanding, lines, matches] = await Promise.all([
    queryRows<{ date: string; description: string; amount: string }>(
      db,
      sql`select jl.entry_date::text as date, coalesce(nullif(je.description, ''), jl.description, '') as description,
            (jl.debit - jl.credit)::text as amount
          from journal_lines jl join journal_entries je on je.id = jl.journal_entry_id
          where ${outstandingLinesSql(sql`${head.account_id}::uuid`, sql`${head.as_of}::date`)}
          order by jl.entry_date, jl.created_at, jl.id`,
    ),
    queryRows<{ id: string; date: string; description: string; reference: string | null; amount: string }>(
      db,
      sql`select id, date::text as date, description, reference, amount::text as amount
          from bank_statement_lines where statement_id = ${head.statement_id} order by date, row_no`,
    ),
    queryRows<{ statement_line_id: string; date: string; description: string; amount: string }>(
      db,
      sql`select m.statement_line_id, jl.entry_date::text as date,
            coalesce(nullif(je.description, ''), jl.description, '') as description, (jl.debit - jl.credit)::text as amount
          from bank_matches m
          join bank_statement_lines sl on sl.id = m.statement_line_id
          join journal_lines jl on jl.id = m.journal_line_id
          join journal_entries je on je.id = jl.journal_entry_id
          where sl.statement_id = ${head.statement_id}
          order by jl.entry_date, jl.id`,
    ),
  ]);
  const money = (v: string) => fromPaisa(toPaisa(v));
  return {
    id: head.id,
    account: { code: head.code, name: head.name },
    statement: { fileName: head.file_name, periodStart: head.period_start, periodEnd: head.period_end },
    asOfDate: head.as_of,
    statementBalance: money(head.statement_balance),
    reconciledBalance: money(head.reconciled_balance),
    ledgerBalance: money(head.ledger_balance),
    status: head.status,
    finishedAt: head.finished_at,
    finishedBy: head.finished_by,
    reopenedAt: head.reopened_at,
    reopenedBy: head.reopened_by,
    reopenReason: head.reopen_reason,
    outstanding: outstanding.map((o) => ({ ...o, amount: money(o.amount) })),
    lines: lines.map((l) => ({
      date: l.date,
      description: l.description,
      reference: l.reference,
      amount: money(l.amount),
      matched: matches
        .filter((m) => m.statement_line_id === l.id)
        .map((m) => ({ date: m.date, description: m.description, amount: money(m.amount) })),
    })),
  };
}

/**
 * The ledger balance less the outstanding items: the statement balance when the reconciliation's difference is zero
 * and the ledger agreed with the bank on the first statement's opening day (issue 37).
 */
export function ledgerLessOutstanding(report: Pick<ReconciliationReport, "ledgerBalance" | "outstanding">): string {
  const outstanding = report.outstanding.reduce((sum, o) => sum + toPaisa(o.amount), 0n);
  return fromPaisa(toPaisa(report.ledgerBalance) - outstanding);
}

export function reconciliationReportFileName(report: ReconciliationReport): string {
  const code = report.account.code.replace(/[^0-9A-Za-z._-]/g, "");
  return `bank-reconciliation-${code}-${report.asOfDate}${report.status === "reopened" ? "-reopened" : ""}.pdf`;
}

const moment = (dhaka: string) => `${documentDate(dhaka.slice(0, 10))}, ${dhaka.slice(11, 16)}`;

/** The report as a PDF (A4, the house PDF base). `now` is the printed moment. */
export async function renderReconciliationReportPdf(
  db: DbOrTx,
  report: ReconciliationReport,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const company = await getCompanySettings(db);
  const account = `${report.account.code} ${report.account.name}`;
  const printed = moment(
    new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Asia/Dhaka",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(now),
  );
  const pdf = new PdfBuilder({
    title: `Bank reconciliation ${account} as of ${documentDate(report.asOfDate)}`,
    subject: "Bank reconciliation report",
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · Bank reconciliation · ${account} · as of ${documentDate(report.asOfDate)}`,
    footerNote: `Printed ${printed} (Asia/Dhaka)`,
  });
  pdf.companyHeader(
    {
      name: company.name,
      address: company.address,
      phones: company.phones,
      emails: company.emails,
      vatRegistrationNumber: company.vatRegistrationNumber,
    },
    { logo: defaultLogoPath(), width: pdf.contentWidth },
  );
  pdf.gap(14);
  pdf.text("BANK RECONCILIATION", { size: 16, weight: "bold", color: COLORS.brand });
  pdf.text(`Account: ${account}`, { size: 10, weight: "bold" });
  pdf.text(
    `As of ${documentDate(report.asOfDate)} · statement ${report.statement.fileName} (${documentDate(
      report.statement.periodStart,
    )} to ${documentDate(report.statement.periodEnd)})`,
    { size: 9, color: COLORS.muted },
  );
  if (report.status === "reopened") {
    pdf.gap(8);
    const note = `REOPENED${report.reopenedAt ? ` on ${moment(report.reopenedAt)}` : ""}${
      report.reopenedBy ? ` by ${report.reopenedBy}` : ""
    }: ${report.reopenReason ?? ""}. The figures below are those it was finished with; its lines may have changed since.`;
    pdf.banner(note);
  }
  pdf.gap(12);

  const outstandingSum = fromPaisa(report.outstanding.reduce((sum, o) => sum + toPaisa(o.amount), 0n));
  const difference = fromPaisa(toPaisa(report.statementBalance) - toPaisa(report.reconciledBalance));
  pdf.caption("Figures");
  pdf.gap(4);
  pdf.summary(
    [
      { label: "Statement balance (the bank's closing balance)", value: formatMoney(report.statementBalance) },
      { label: "Reconciled ledger balance", value: formatMoney(report.reconciledBalance) },
      { label: "Difference", value: formatMoney(difference), bold: true, ruleAbove: true },
    ],
    { width: pdf.contentWidth },
  );
  pdf.gap(8);
  pdf.summary(
    [
      { label: `Ledger balance on ${documentDate(report.asOfDate)}`, value: formatMoney(report.ledgerBalance) },
      {
        label: `Less outstanding items (${report.outstanding.length}, on no statement up to the day)`,
        value: formatMoney(outstandingSum),
      },
      // The proof (issue 37): what the ledger holds less what the bank has not seen is what the bank says.
      {
        label: "Ledger balance less outstanding items",
        value: formatMoney(ledgerLessOutstanding(report)),
        bold: true,
        ruleAbove: true,
      },
      { label: "Statement balance", value: formatMoney(report.statementBalance) },
    ],
    { width: pdf.contentWidth },
  );
  pdf.gap(14);

  section(
    pdf,
    "Outstanding items",
    report.outstanding.length === 0 ? "None: every ledger line up to the day is on a statement." : null,
  );
  if (report.outstanding.length > 0) {
    const columns: TableColumn[] = [
      { header: "Date", weight: 1.6 },
      { header: "Description", weight: 6 },
      { header: "Amount", weight: 2, align: "right" },
    ];
    const rows = report.outstanding.map((o) => [documentDate(o.date), o.description || "—", formatMoney(o.amount)]);
    rows.push(["Total", "", formatMoney(outstandingSum)]);
    pdf.table(columns, rows, { size: 8.5, zebra: true, boldRows: new Set([rows.length - 1]) });
  }
  pdf.gap(14);

  section(pdf, "Statement lines and the ledger lines matched to them", report.lines.length === 0 ? "No lines." : null);
  if (report.lines.length > 0) {
    pdf.table(
      [
        { header: "Date", weight: 1.6 },
        { header: "Statement line", weight: 3.6 },
        { header: "Amount", weight: 1.9, align: "right" },
        { header: "Matched to (ledger)", weight: 4.4 },
      ],
      report.lines.map((l) => [
        documentDate(l.date),
        [l.description, l.reference ? `Ref. ${l.reference}` : ""].filter(Boolean).join("\n"),
        formatMoney(l.amount),
        l.matched.length === 0
          ? "Not matched"
          : l.matched
              .map((m) => `${documentDate(m.date)} · ${m.description || "—"} · ${formatMoney(m.amount)}`)
              .join("\n"),
      ]),
      { size: 8, zebra: true },
    );
  }
  pdf.gap(16);
  pdf.ensureSpace(40);
  pdf.text(
    `Finished${report.finishedBy ? ` by ${report.finishedBy}` : ""} on ${moment(report.finishedAt)} (Asia/Dhaka).`,
    { size: 9.5, weight: "bold" },
  );
  return pdf.finish();
}

function section(pdf: PdfBuilder, title: string, empty: string | null) {
  pdf.ensureSpace(pdf.lineHeight({ size: 11 }) + 40);
  pdf.text(title, { size: 11, weight: "bold", color: COLORS.brand });
  pdf.gap(4);
  if (empty) pdf.text(empty, { size: 9, color: COLORS.muted });
}
