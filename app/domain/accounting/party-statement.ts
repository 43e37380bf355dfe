import { formatMoney } from "../../lib/format";
import { isCalendarDate } from "../../lib/list-params";
import { documentDate } from "../../lib/pdf/document-dates";
import { slugFromName } from "../../lib/slug";
import { PARTY_KINDS, type PartyKind } from "./constants";

// A party's ledger statement (issue 36: "An accountant used to Tally, Xero or Odoo looks first for a party's ledger
// statement"): what its URLs ask for (the party's kind and id, the period from and to), how a balance reads (Dr or
// Cr; "owes" or "is owed"), the file names of its CSV and PDF, and the e-mail that sends it. The figures come from
// party-ledger.server.ts (debits less credits on the party's control accounts: positive when the party owes the
// company). Browser-safe.

export const PARTY_KIND_LABELS: Record<PartyKind, string> = {
  customer: "Customer",
  supplier: "Supplier",
  employee: "Employee",
};

export const PARTY_STATEMENT_MESSAGES = {
  notFound: "No such customer, supplier or employee.",
  from: "From: enter the first day of the statement as a date (YYYY-MM-DD)",
  to: "To: enter the last day of the statement as a date (YYYY-MM-DD)",
  order: "To: the last day must not be before the first day (From)",
  format: "Choose the statement as csv or pdf",
  noEmail: (kind: PartyKind, name: string) =>
    `${name} has no e-mail address: add one to the ${kind}'s record to e-mail the statement`,
  emailFailed: (reason: string) => `Failed to e-mail the statement: ${reason}`,
  emailQueued: (name: string, to: string) => `The statement of ${name} is queued to be e-mailed to ${to}`,
  mergedAway: "That record was merged into this one: its statement is this one's.",
} as const;

export function isPartyKind(value: string | undefined): value is PartyKind {
  return (PARTY_KINDS as readonly string[]).includes(value ?? "");
}

/** /admin/accounts/parties/customer/<id>/statement, with its period when given. */
export function partyStatementHref(kind: PartyKind, id: string, range?: { from: string; to: string }): string {
  const path = `/admin/accounts/parties/${kind}/${encodeURIComponent(id)}/statement`;
  return range ? `${path}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}` : path;
}

/** The statement's CSV or PDF for the period. */
export function partyStatementExportHref(
  kind: PartyKind,
  id: string,
  format: "csv" | "pdf",
  range: { from: string; to: string },
): string {
  const params = new URLSearchParams({ format, from: range.from, to: range.to });
  return `${partyStatementHref(kind, id)}/export?${params.toString()}`;
}

export const PORTAL_STATEMENT_PATH = "/customer/statement";

/** The portal's statement PDF for the period. */
export function portalStatementPdfHref(range: { from: string; to: string }): string {
  return `${PORTAL_STATEMENT_PATH}/pdf?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}

export interface StatementPeriod {
  from: string;
  to: string;
}

export interface StatementPeriodRequest {
  /** The period shown: what was asked for, the default for a field that cannot be read. */
  period: StatementPeriod;
  /** One message per field that cannot be read ("from", "to"); empty when both are good. */
  errors: Partial<Record<"from" | "to", string>>;
  /** What the URL gave, so the fields show what was typed. */
  typed: { from: string; to: string };
}

/**
 * The period a URL or form asks for: `from` and `to` (YYYY-MM-DD, both included); what is left out is the default
 * (the start of the fiscal year, today). A value that is not a date is named in `errors` and its default shown; a
 * `to` before `from` is named on `to` and the default period shown.
 */
export function readStatementPeriod(
  params: { get(name: string): string | null },
  defaults: StatementPeriod,
): StatementPeriodRequest {
  const typed = { from: (params.get("from") ?? "").trim(), to: (params.get("to") ?? "").trim() };
  const errors: StatementPeriodRequest["errors"] = {};
  const good = (value: string) => isCalendarDate(value) && Number(value.slice(0, 4)) <= 2999;
  let from = defaults.from;
  let to = defaults.to;
  if (typed.from) {
    if (good(typed.from)) from = typed.from;
    else errors.from = PARTY_STATEMENT_MESSAGES.from;
  }
  if (typed.to) {
    if (good(typed.to)) to = typed.to;
    else errors.to = PARTY_STATEMENT_MESSAGES.to;
  }
  if (from > to) {
    if (!errors.from && !errors.to) errors.to = PARTY_STATEMENT_MESSAGES.order;
    from = defaults.from;
    to = defaults.to;
  }
  return { period: { from, to }, errors, typed };
}

/** "1 Jul 2026 – 7 Dec 2026". */
export function statementPeriodLabel(period: StatementPeriod): string {
  return `${documentDate(period.from)} – ${documentDate(period.to)}`;
}

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

/**
 * A balance (debits less credits) as a statement writes it: its size and its side, Dr when the party owes the
 * company, Cr when the company owes the party; no side at nought.
 */
export function balanceSide(amount: string): { amount: string; side: "Dr" | "Cr" | "" } {
  if (isZero(amount)) return { amount: "0.00", side: "" };
  return amount.startsWith("-") ? { amount: amount.slice(1), side: "Cr" } : { amount, side: "Dr" };
}

/** "৳69,000.00 Dr", "৳5,000.00 Cr", "৳0.00". */
export function formatBalance(amount: string): string {
  const { amount: size, side } = balanceSide(amount);
  return side ? `${formatMoney(size)} ${side}` : formatMoney(size);
}

/**
 * What a balance means for the party, in words: "owes ৳69,000.00" (a customer's invoices not yet paid, an advance
 * paid to a supplier), "is owed ৳5,000.00" (a customer's advance or overpayment, a supplier's bill, an employee's
 * unpaid salary), "is settled" at nought.
 */
export function balanceWords(amount: string): string {
  const { amount: size, side } = balanceSide(amount);
  if (!side) return "is settled";
  return side === "Dr" ? `owes ${formatMoney(size)}` : `is owed ${formatMoney(size)}`;
}

/** How Dr and Cr read for a kind of party, under the statement. */
export function balanceLegend(kind: PartyKind): string {
  switch (kind) {
    case "customer":
      return "Dr: the customer owes the company (invoices not yet paid). Cr: the company owes the customer (an advance or an overpayment).";
    case "supplier":
      return "Cr: the company owes the supplier (bills not yet paid). Dr: the supplier owes the company (an advance paid).";
    case "employee":
      return "Cr: the company owes the employee (salary not yet paid). Dr: the employee owes the company.";
  }
}

/** statement-customer-nadia-rahman-2026-07-01-to-2026-12-07.csv */
export function partyStatementFileName(
  party: { kind: PartyKind; name: string },
  period: StatementPeriod,
  extension: "csv" | "pdf",
): string {
  return `statement-${party.kind}-${slugFromName(party.name, party.kind, 60)}-${period.from}-to-${period.to}.${extension}`;
}

export const PARTY_STATEMENT_EMAIL_KIND = "party_statement.sent";

export interface PartyStatementEmailInput {
  kind: PartyKind;
  partyId: string;
  to: string;
  name: string;
  period: StatementPeriod;
  opening: string;
  closing: string;
  /** The portal's statement (absolute), for a customer who signs in there; null otherwise. */
  portalUrl: string | null;
  company: { name: string; phones: string[]; emails: string[] };
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** "Statement of account from Utsab Event Technologies (1 Jul 2026 – 7 Dec 2026)". */
export function partyStatementEmailSubject(input: { company: { name: string }; period: StatementPeriod }): string {
  return oneLine(`Statement of account from ${input.company.name} (${statementPeriodLabel(input.period)})`);
}

/** What the balance at the end of the period says to the party itself. */
function closingSentence(closing: string, on: string): string {
  const { amount, side } = balanceSide(closing);
  if (!side) return `On ${on} your account is settled: nothing is owed either way.`;
  return side === "Dr"
    ? `On ${on} the balance you owe us is ${formatMoney(amount)}.`
    : `On ${on} the balance we owe you is ${formatMoney(amount)}.`;
}

/** The plain-text e-mail that sends the statement; the caller attaches its PDF. */
export function partyStatementEmail(input: PartyStatementEmailInput) {
  const contact = [...input.company.phones, ...input.company.emails].join(" · ");
  const text = [
    `Dear ${oneLine(input.name)},`,
    "",
    `Please find attached your statement of account with ${input.company.name} for ${statementPeriodLabel(input.period)}.`,
    "",
    `Opening balance (${documentDate(input.period.from)}): ${formatBalance(input.opening)}`,
    `Closing balance (${documentDate(input.period.to)}): ${formatBalance(input.closing)}`,
    closingSentence(input.closing, documentDate(input.period.to)),
    "",
    "Dr is what you owe us, Cr what we owe you. If anything on it does not match your records, please reply to this e-mail.",
    "",
    ...(input.portalUrl
      ? ["You can see your statement at any time in your customer portal:", input.portalUrl, ""]
      : []),
    `${input.company.name}${contact ? `\n${contact}` : ""}`,
  ].join("\n");
  return {
    to: input.to,
    subject: partyStatementEmailSubject(input),
    text,
    kind: PARTY_STATEMENT_EMAIL_KIND,
    relatedType: input.kind,
    relatedId: input.partyId,
  };
}
