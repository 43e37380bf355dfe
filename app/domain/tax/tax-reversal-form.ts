import { formatShortDate } from "../../lib/format";
import type { TaxDepositKind } from "../accounting/constants";
import { TAX_DEPOSIT_KIND_LABELS } from "./tax-filing-form";

// Reverse a tax deposit or a hand-typed tax record (issue 36; DESIGN §10): Tax Management's two Reverse dialogs post
// the void form (void-form.ts: the document's id, a date, a reason); these are their messages. Browser-safe.

export const TAX_DEPOSIT_REVERSAL_MESSAGES = {
  reversed: (kind: TaxDepositKind, challan: string) =>
    `${TAX_DEPOSIT_KIND_LABELS[kind]} deposit of challan ${challan} reversed: it no longer counts as paid`,
  failed: (reason: string) => `Failed to reverse the deposit: ${reason}`,
  idRequired: "Choose the deposit to reverse",
  notFound: "This deposit does not exist",
  alreadyReversed: (date: string | null) =>
    `This deposit was already reversed${date ? ` on ${formatShortDate(date)}` : ""}`,
  beforeDeposit: (date: string) =>
    `The reversal cannot be dated before the deposit it takes back (${formatShortDate(date)})`,
} as const;

export const TAX_RECORD_REVERSAL_MESSAGES = {
  reversed: "Tax record reversed: it no longer counts in the registers or the VAT return",
  /** A record whose tax was 0 posted no entry: it is only marked. */
  reversedUnposted: "Tax record reversed: it no longer counts in the registers; it had posted nothing to the books",
  failed: (reason: string) => `Failed to reverse the tax record: ${reason}`,
  idRequired: "Choose the tax record to reverse",
  notFound: "This tax record does not exist",
  notTyped:
    "Only a tax record typed by hand is reversed here: a document's tax is corrected by its document (a credit note, or reversing the purchase)",
  alreadyReversed: (date: string | null) =>
    `This tax record was already reversed${date ? ` on ${formatShortDate(date)}` : ""}`,
  beforeRecord: (date: string) =>
    `The reversal cannot be dated before the record it takes back (${formatShortDate(date)})`,
  recordPeriodClosed: (date: string, start: string, end: string) =>
    `This record's VAT (${formatShortDate(date)}) is in the VAT period ${formatShortDate(start)} to ${formatShortDate(end)}, closed and filed: it cannot be reversed`,
} as const;
