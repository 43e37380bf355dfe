import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { moneyField, toPaisa } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import { parsePartyValue, type PartyRef } from "../accounting/journal";
import {
  BANK_DIRECTIONS,
  BANK_TRANSACTION_KIND_LABELS,
  BANK_TRANSACTION_KINDS,
  KIND_DIRECTION,
  type BankDirection,
  type BankTransactionKind,
} from "./constants";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// Bank Reconciliation's Add Transaction (issue 23; backoffice.md §2, the button that had no form): money into or out
// of a bank or wallet account that no document has posted yet. A deposit (from any account that is not cash, bank or
// wallet: a loan, the owner's capital, an income), a withdrawal (to such an account: the owner's drawings, an expense),
// a bank charge (an expense, by default Settings > Accounting's "Bank charges"), interest (an income, by default
// "Interest income"), or a transfer between the company's own cash, bank and wallet accounts, either way.
// Browser-safe: the dialog checks with the same rules before sending. When the other side is a control account
// (issue 36: receivable, payable...) the form names its party ("customer:<uuid>", journal.ts's partyValue); whether
// one is needed is the chart's to say, so the posting checks that (post-bank-transaction.server.ts).

export const BANK_TRANSACTION_FORM_MESSAGES = {
  added: (kind: BankTransactionKind, amount: string) =>
    `${BANK_TRANSACTION_KIND_LABELS[kind]} of ${formatMoney(amount)} recorded`,
  failed: (reason: string) => `Failed to add the transaction: ${reason}`,
  accountRequired: "Choose the bank or wallet account",
  kindRequired: "Choose the kind: deposit, withdrawal, bank charge, interest or transfer between own accounts",
  directionRequired: "Choose whether the money goes to the other account or comes from it",
  counterRequired: {
    deposit: "Choose the account the deposit comes from",
    withdrawal: "Choose the account the withdrawal goes to",
    charge: "Choose the expense account of the charge",
    interest: "Choose the income account of the interest",
    transfer: "Choose the other cash, bank or wallet account",
  } satisfies Record<BankTransactionKind, string>,
  counterSame: "Choose an account other than the bank account itself",
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  amountPositive: "Amount must be more than 0",
  partyInvalid: "Choose the customer, supplier or employee from the list",
} as const;

export const BANK_TRANSACTION_LIMITS = { description: 200, reference: 60 } as const;

/** A transfer's direction as the dialog asks it: to the other account (money out) or from it (money in). */
export const TRANSFER_DIRECTION_LABELS: Record<BankDirection, string> = {
  out: "To the other account (money goes out)",
  in: "From the other account (money comes in)",
};

export interface BankTransactionFormValues {
  accountId: string;
  kind: string;
  direction: string;
  counterAccountId: string;
  /** The party of a control account's line: partyValue ("customer:<uuid>"), or "". */
  party: string;
  date: string;
  amount: string;
  description: string;
  reference: string;
}

export const BANK_TRANSACTION_FIELDS = [
  "accountId",
  "kind",
  "direction",
  "counterAccountId",
  "party",
  "date",
  "amount",
  "description",
  "reference",
] as const satisfies readonly (keyof BankTransactionFormValues)[];

export function readBankTransactionForm(form: FormData): BankTransactionFormValues {
  return formFields(form, BANK_TRANSACTION_FIELDS);
}

export function emptyBankTransactionForm(
  today: string,
  defaults: { accountId?: string; kind?: BankTransactionKind; counterAccountId?: string } = {},
): BankTransactionFormValues {
  return {
    accountId: defaults.accountId ?? "",
    kind: defaults.kind ?? "deposit",
    direction: "",
    counterAccountId: defaults.counterAccountId ?? "",
    party: "",
    date: today,
    amount: "",
    description: "",
    reference: "",
  };
}

/** Which accounts the other side may be for a kind (the dialog's choices; the posting checks again). */
export function counterAccountFits(
  kind: BankTransactionKind,
  account: { type: string; paymentMethod: string | null },
): boolean {
  if (kind === "transfer") return account.paymentMethod !== null;
  if (account.paymentMethod !== null) return false;
  if (kind === "charge") return account.type === "expense";
  if (kind === "interest") return account.type === "income";
  return true;
}

const M = BANK_TRANSACTION_FORM_MESSAGES;
const isKind = (v: string): v is BankTransactionKind => (BANK_TRANSACTION_KINDS as readonly string[]).includes(v);
const uuidOrBlank = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase());

const schema = z
  .object({
    accountId: z
      .string()
      .trim()
      .refine(isUuid, M.accountRequired)
      .transform((v) => v.toLowerCase()),
    kind: z.string().trim().refine(isKind, M.kindRequired),
    direction: z.string().trim(),
    counterAccountId: uuidOrBlank,
    party: z
      .string()
      .trim()
      .refine((v) => parsePartyValue(v) !== "invalid", M.partyInvalid),
    date: z
      .string()
      .trim()
      .min(1, M.dateRequired)
      .refine(isRealDate, { error: M.dateInvalid, abort: true })
      .refine(isBusinessDate, businessDateRangeMessage("Date")),
    amount: moneyField("Amount").refine((a) => toPaisa(a) > 0n, M.amountPositive),
    description: nameField("Description", { max: BANK_TRANSACTION_LIMITS.description, optional: true }),
    reference: nameField("Reference", { max: BANK_TRANSACTION_LIMITS.reference, optional: true }),
  })
  .superRefine((v, ctx) => {
    if (!isKind(v.kind)) return;
    if (v.kind === "transfer" && !(BANK_DIRECTIONS as readonly string[]).includes(v.direction))
      ctx.addIssue({ code: "custom", path: ["direction"], message: M.directionRequired });
    // A charge's and interest's other side may be left to Settings > Accounting's roles.
    const optional = v.kind === "charge" || v.kind === "interest";
    if (v.counterAccountId === "" ? !optional : !isUuid(v.counterAccountId))
      ctx.addIssue({ code: "custom", path: ["counterAccountId"], message: M.counterRequired[v.kind] });
    else if (v.counterAccountId !== "" && v.counterAccountId === v.accountId)
      ctx.addIssue({ code: "custom", path: ["counterAccountId"], message: M.counterSame });
  })
  .transform((v) => {
    const kind = v.kind as BankTransactionKind;
    return {
      accountId: v.accountId,
      kind,
      direction: kind === "transfer" ? (v.direction as BankDirection) : KIND_DIRECTION[kind],
      counterAccountId: v.counterAccountId || null,
      party: parsePartyValue(v.party) as PartyRef | null,
      date: v.date,
      amount: v.amount,
      description: v.description,
      reference: v.reference || null,
    };
  });

export type BankTransactionFormInput = z.output<typeof schema>;

export function parseBankTransactionForm(
  values: BankTransactionFormValues,
): { ok: true; input: BankTransactionFormInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = fieldErrors(parsed.error);
  const order: readonly string[] = BANK_TRANSACTION_FIELDS;
  return {
    ok: false,
    errors: Object.fromEntries(
      Object.entries(errors).sort(([a], [b]) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0)),
    ),
  };
}
