import { fitsMoneyColumn, fromPaisa, MONEY_MAX_LABEL, sumPaisa } from "../../lib/money";
import type { PartyKind } from "./constants";

// A journal entry's lines as the posting code builds them: amounts in integer paisa, one side each. The rules every
// entry keeps before it is written (DESIGN §10); the database keeps them again (drizzle/0009_ledger.sql). Browser-safe:
// the General Ledger's lines editor checks the same way.

/** A line's party (issue 36): the customer, supplier or employee a control account's line is owed by or owes. */
export interface PartyRef {
  kind: PartyKind;
  id: string;
}

export interface EntryLine {
  accountId: string;
  /** Paisa, 0 when the line is a credit. */
  debit: bigint;
  /** Paisa, 0 when the line is a debit. */
  credit: bigint;
  description?: string | null;
  /** Set on a control account's line (receivables, payables, salaries payable...), never on another's. */
  party?: PartyRef | null;
}

export const JOURNAL_MESSAGES = {
  tooFewLines: "An entry needs at least two lines: a debit and a credit",
  lineAccount: "Choose an account",
  lineBothSides: "A line is either a debit or a credit, not both",
  lineEmpty: "Enter a debit or a credit",
  lineNegative: "Amounts must be 0 or more",
  lineTooLarge: `An amount can be at most ${MONEY_MAX_LABEL}`,
  unbalanced: (debits: bigint, credits: bigint) =>
    `Total debits (${fromPaisa(debits)}) must equal total credits (${fromPaisa(credits)})`,
  zero: "The entry's total cannot be zero",
  totalTooLarge: `The entry's total can be at most ${MONEY_MAX_LABEL}`,
} as const;

export interface EntryTotals {
  debits: bigint;
  credits: bigint;
}

export function entryTotals(lines: readonly Pick<EntryLine, "debit" | "credit">[]): EntryTotals {
  return { debits: sumPaisa(lines.map((l) => l.debit)), credits: sumPaisa(lines.map((l) => l.credit)) };
}

/**
 * What is wrong with an entry's lines, field by field ("lines.2.debit", "lines" for the whole), or {} when it can
 * be posted: two lines or more, each an account and one positive side, debits equal to credits, not zero, and
 * every amount within what the columns hold.
 */
export function entryLineErrors(lines: readonly EntryLine[]): Record<string, string> {
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (!line.accountId) errors[`lines.${i}.accountId`] = JOURNAL_MESSAGES.lineAccount;
    if (line.debit < 0n || line.credit < 0n) errors[`lines.${i}.debit`] = JOURNAL_MESSAGES.lineNegative;
    else if (line.debit > 0n && line.credit > 0n) errors[`lines.${i}.debit`] = JOURNAL_MESSAGES.lineBothSides;
    else if (line.debit === 0n && line.credit === 0n) errors[`lines.${i}.debit`] = JOURNAL_MESSAGES.lineEmpty;
    else if (!fitsMoneyColumn(line.debit) || !fitsMoneyColumn(line.credit))
      errors[`lines.${i}.debit`] = JOURNAL_MESSAGES.lineTooLarge;
  });
  if (Object.keys(errors).length > 0) return errors;
  if (lines.length < 2) return { lines: JOURNAL_MESSAGES.tooFewLines };
  const { debits, credits } = entryTotals(lines);
  if (debits !== credits) return { lines: JOURNAL_MESSAGES.unbalanced(debits, credits) };
  if (debits === 0n) return { lines: JOURNAL_MESSAGES.zero };
  if (!fitsMoneyColumn(debits)) return { lines: JOURNAL_MESSAGES.totalTooLarge };
  return {};
}

/** A reversal's lines: the original's with debit and credit swapped (DESIGN §10). */
export function mirrorLines(lines: readonly EntryLine[]): EntryLine[] {
  return lines.map((l) => ({
    accountId: l.accountId,
    debit: l.credit,
    credit: l.debit,
    description: l.description,
    party: l.party,
  }));
}

/** A two-line entry: `amount` debited to one account and credited to another. */
export function twoLines(
  debitAccountId: string,
  creditAccountId: string,
  amount: bigint,
  description?: string,
): EntryLine[] {
  return [
    { accountId: debitAccountId, debit: amount, credit: 0n, description },
    { accountId: creditAccountId, debit: 0n, credit: amount, description },
  ];
}

/** A line's party as journal_lines' three columns, at most one of them set. */
export function partyColumns(party: PartyRef | null | undefined): {
  customerId: string | null;
  supplierId: string | null;
  employeeId: string | null;
} {
  return {
    customerId: party?.kind === "customer" ? party.id : null,
    supplierId: party?.kind === "supplier" ? party.id : null,
    employeeId: party?.kind === "employee" ? party.id : null,
  };
}

/** A party as a form's value ("customer:<uuid>"): the party pickers of the General Ledger and bank transactions. */
export function partyValue(party: PartyRef | null | undefined): string {
  return party ? `${party.kind}:${party.id}` : "";
}

const PARTY_VALUE = /^(customer|supplier|employee):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A form's party value read back: null when none was chosen, "invalid" when it is not one `partyValue` writes. */
export function parsePartyValue(value: string | null | undefined): PartyRef | null | "invalid" {
  const text = (value ?? "").trim();
  if (!text) return null;
  const match = PARTY_VALUE.exec(text);
  if (!match) return "invalid";
  return { kind: match[1]!.toLowerCase() as PartyKind, id: match[2]!.toLowerCase() };
}

/** The party of a stored line's three columns, or null. */
export function partyOf(columns: {
  customerId: string | null;
  supplierId: string | null;
  employeeId: string | null;
}): PartyRef | null {
  if (columns.customerId) return { kind: "customer", id: columns.customerId };
  if (columns.supplierId) return { kind: "supplier", id: columns.supplierId };
  if (columns.employeeId) return { kind: "employee", id: columns.employeeId };
  return null;
}
