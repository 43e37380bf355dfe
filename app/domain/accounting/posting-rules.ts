import { twoLines, type EntryLine } from "./journal";

// What each money document of the Transactions and Payables & Receivables screens posts (DESIGN §10), as pure
// functions of the document and the accounts its roles resolve to; the use cases write what these return. Each rule
// once: a completed transaction, a receivable or payable when saved, and its settlement.

export type MoneyDirection = "income" | "expense";

/** The accounts a document's roles resolved to (Settings > Accounting), as ids. */
export interface DocumentAccounts {
  /** The income or expense (or, for equipment, asset) account of the document's category. */
  category: string;
  /** The cash, bank or wallet account it is paid through (a completed transaction, a settlement). */
  money?: string;
  receivable?: string;
  payable?: string;
}

function required(id: string | undefined, role: string): string {
  if (!id) throw new Error(`posting rule needs the ${role} account`);
  return id;
}

/**
 * A completed transaction, posted on save: income is cash, bank or wallet (debit) against the category's income
 * (credit); an expense is the category's expense or asset (debit) against the money account (credit).
 */
export function completedTransactionLines(
  direction: MoneyDirection,
  amount: bigint,
  accounts: DocumentAccounts,
  description?: string,
): EntryLine[] {
  const money = required(accounts.money, "money");
  return direction === "income"
    ? twoLines(money, accounts.category, amount, description)
    : twoLines(accounts.category, money, amount, description);
}

/**
 * A receivable (pending income) or payable (pending expense), posted on save: the receivable (debit) against the
 * income (credit); the expense or asset (debit) against the payable (credit).
 */
export function openItemLines(
  direction: MoneyDirection,
  amount: bigint,
  accounts: DocumentAccounts,
  description?: string,
): EntryLine[] {
  return direction === "income"
    ? twoLines(required(accounts.receivable, "receivable"), accounts.category, amount, description)
    : twoLines(accounts.category, required(accounts.payable, "payable"), amount, description);
}

/**
 * A receivable received or a payable paid, all or part: the money account (debit) against the receivable
 * (credit); the payable (debit) against the money account (credit).
 */
export function settlementLines(
  direction: MoneyDirection,
  amount: bigint,
  accounts: Omit<DocumentAccounts, "category">,
  description?: string,
): EntryLine[] {
  const money = required(accounts.money, "money");
  return direction === "income"
    ? twoLines(money, required(accounts.receivable, "receivable"), amount, description)
    : twoLines(required(accounts.payable, "payable"), money, amount, description);
}

/**
 * A purchase entered with VAT (issue 22): of the category's debit (the expense or asset, the amount VAT included),
 * `vat` goes to input VAT instead, on its own line after it; the credit (money or payable) stays the whole amount.
 */
export function withInputVat(
  lines: readonly EntryLine[],
  category: string,
  vat: bigint,
  vatInput: string,
): EntryLine[] {
  if (vat <= 0n) return [...lines];
  const at = lines.findIndex((l) => l.accountId === category && l.debit > 0n);
  if (at < 0 || lines[at]!.debit <= vat) throw new Error("posting rule: input VAT needs the category's larger debit");
  const line = lines[at]!;
  return [
    ...lines.slice(0, at),
    { ...line, debit: line.debit - vat },
    { accountId: vatInput, debit: vat, credit: 0n, description: line.description },
    ...lines.slice(at + 1),
  ];
}
