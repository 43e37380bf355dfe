import type { JournalSource, PaymentMethod } from "./constants";
import type { TransactionRow } from "./transaction-list";

// A transaction's details as its panel shows them (transaction-details.server.ts). Browser-safe.

export const TRANSACTION_DETAILS_MESSAGES = {
  /** ?view= names no transaction (Transactions). */
  transactionGone: "This transaction does not exist",
  /** ?view= names no payable or receivable (Payables & Receivables). */
  openItemGone: "This payable or receivable does not exist",
} as const;

export interface SettlementDetails {
  id: string;
  date: string;
  amount: string;
  paymentMethod: PaymentMethod;
  reference: string | null;
  journalEntryId: string;
  /** "1100 Bank - Current Account". */
  account: string;
  /** Its entry was reversed: the amount is owed again. */
  reversed: boolean;
  /** Voided, or its entry reversed in the General Ledger (issue 36): the reversing entry, its date, and why. */
  void: { entryId: string; date: string; reason: string } | null;
}

/** The Void dialog of a settlement (issue 36): its own page, which goes back to `back` (the screen it was opened on). */
export function voidSettlementHref(settlementId: string, back: string): string {
  return `/admin/accounts/settlements/${settlementId}/void?back=${encodeURIComponent(back)}`;
}

/** A list's row (the same columns) and what the details add: the entry, the category's account, the settlements. */
export interface TransactionDetails extends TransactionRow {
  entrySource: JournalSource | null;
  categoryAccount: string | null;
  createdAt: string;
  settlements: SettlementDetails[];
  /** The VAT included in an expense's amount (issue 22): its input VAT row of the tax register; null without. */
  vat: { rate: string; value: string; vat: string; partyBin: string | null } | null;
}

/** The General Ledger showing one entry. */
export function ledgerEntryHref(entryId: string): string {
  return `/admin/accounts/ledger?entry=${entryId}`;
}
