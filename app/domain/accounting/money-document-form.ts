import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { isCalendarDate, isUuid } from "../../lib/list-params";
import { moneyField, toPaisa } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import { normalizeBin } from "../sales/customer-form";
import { INPUT_VAT_CLAIM_MESSAGES, inputVatClaim, STANDARD_VAT_RATE } from "../tax/input-vat-claim";
import { isPurchaseVatRate, PURCHASE_VAT_RATES, type PurchaseVatRate } from "../tax/purchase-vat";
import { categoriesOf } from "./account-roles";
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, TRANSACTION_TYPES, type PaymentMethod } from "./constants";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// The money documents' form (backoffice.md §2 Transactions, Payables & Receivables, §5; issue 21): New Transaction,
// New Payable and New Receivable are one form. A transaction chooses its type; a payable is an expense and a
// receivable an income, each naming its party. Completed: paid or received at once, through a cash, bank or wallet
// account of its payment method (posted at once); pending: a payable or receivable, owed until settled. One schema
// for the browser's messages and the use case's decision. Browser-safe.
// An expense (a completed one, or a payable) may be entered with VAT (issue 22): its amount stays what was paid or
// is owed, VAT included; the VAT rate and the supplier's BIN go to the purchase register (Mushak-6.1), which names
// the supplier: the party is required then. Only VAT at 15% with the supplier's 13-digit BIN is claimed (issue 37,
// inputVatClaim); the use case refuses 15% without one and puts a reduced rate's VAT into the cost (no register row,
// so no supplier required).

export type MoneyDocumentKind = "transaction" | "payable" | "receivable";
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** The statuses a new document may be saved with (cancelled comes only from reversing its entry). */
export const NEW_DOCUMENT_STATUSES = ["completed", "pending"] as const;
export type NewDocumentStatus = (typeof NEW_DOCUMENT_STATUSES)[number];

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = { income: "Income", expense: "Expense" };
export const TRANSACTION_STATUS_LABELS = {
  completed: "Completed",
  pending: "Pending",
  cancelled: "Cancelled",
} as const;

/** The spec's toasts (backoffice.md §8) for a transaction, and ours for payables and receivables in the same words. */
export const MONEY_DOCUMENT_MESSAGES = {
  added: {
    transaction: "Transaction added successfully",
    payable: "Payable added successfully",
    receivable: "Receivable added successfully",
  },
  addFailed: {
    transaction: (message: string) => `Failed to add transaction: ${message}`,
    payable: (message: string) => `Failed to add payable: ${message}`,
    receivable: (message: string) => `Failed to add receivable: ${message}`,
  },
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  typeRequired: "Choose a type: income or expense",
  categoryRequired: "Choose a category",
  categoryOfOtherType: (category: string, type: TransactionType) =>
    `${category} is not ${type === "income" ? "an income" : "an expense"} category`,
  amountPositive: "Amount must be more than 0",
  methodRequired: "Choose a payment method: cash, bank or mobile banking",
  accountRequired: (type: TransactionType | "") =>
    type === "income" ? "Choose the account the money was received into" : "Choose the account the money was paid from",
  statusRequired: "Choose a status: completed or pending",
  partyRequired: { payable: "Supplier is required", receivable: "Customer is required" },
  pendingPartyRequired: "Party is required for a pending one: who owes it, or whom it is owed to",
  dueDateInvalid: "Due date must be a date",
  dueBeforeDate: "Due date cannot be before the date",
  dueDateOfCompleted: "A completed one is not due: leave the due date empty or choose Pending",
  vatRateInvalid: `Choose a VAT rate: ${PURCHASE_VAT_RATES.map((r) => `${r}%`).join(", ")}, or none`,
  vatOnIncome: "VAT is entered on expenses only: choose none, or the type Expense",
  vatPartyRequired: "Supplier is required when VAT at 15% or 0% is entered: the purchase register names it",
  binInvalid: "BIN must be 9 or 13 digits (hyphens and spaces allowed)",
  binWithoutVat: "The supplier's BIN is kept with the VAT: choose the VAT rate, or leave the BIN empty",
  // Checked by the use case, with the BIN typed or the one on the supplier's record (inputVatClaim, issue 37).
  vatBinRequired: `Supplier's BIN is required to claim VAT at ${STANDARD_VAT_RATE}% as input VAT: ${INPUT_VAT_CLAIM_MESSAGES.binReason}. Type it (or keep it on the supplier's record), or choose No VAT when there is no Mushak-6.3: the whole amount is then the expense`,
  // Checked by the use case against the chart of accounts.
  accountUnknown: "This account does not exist any more: choose another",
  accountNotMoney: "Choose a cash, bank or mobile banking account",
  accountOfOtherMethod: (method: PaymentMethod) =>
    `This account is not a ${PAYMENT_METHOD_LABELS[method].toLowerCase()} account: choose one of ${PAYMENT_METHOD_LABELS[method].toLowerCase()}, or change the method`,
} as const;

export const MONEY_DOCUMENT_LIMITS = { description: 500, reference: 100, party: 120, partyBin: 20 } as const;

export interface MoneyAccountChoice {
  id: string;
  code: string;
  name: string;
  paymentMethod: PaymentMethod;
}

/** The choices of the money dialogs (money-accounts.server.ts). */
export interface MoneyAccountChoices {
  /** The active money accounts, by code. */
  accounts: MoneyAccountChoice[];
  /** Each method's default account (its role's, when that is active). */
  defaults: Partial<Record<PaymentMethod, string>>;
}

export interface MoneyDocumentFormValues {
  date: string;
  type: string;
  category: string;
  description: string;
  amount: string;
  paymentMethod: string;
  /** The cash, bank or wallet account (a chart account whose payment method is the one chosen). */
  moneyAccountId: string;
  reference: string;
  status: string;
  /** Who is paid or who pays: a supplier (payable), a customer (receivable). */
  party: string;
  dueDate: string;
  /** An expense's VAT included in its amount: a rate of PURCHASE_VAT_RATES, or "" (none; absent is none too). */
  vatRate?: string;
  /** The supplier's BIN, with the VAT (optional). */
  partyBin?: string;
}

const FIELDS = [
  "date",
  "type",
  "category",
  "description",
  "amount",
  "paymentMethod",
  "moneyAccountId",
  "reference",
  "status",
  "party",
  "dueDate",
  "vatRate",
  "partyBin",
] as const satisfies readonly (keyof MoneyDocumentFormValues)[];

/** The form as typed; a payable's or receivable's type is fixed by its kind, whatever was posted. */
export function readMoneyDocumentForm(
  form: FormData,
  kind: MoneyDocumentKind = "transaction",
): MoneyDocumentFormValues {
  const values = formFields(form, FIELDS);
  const type = typeOfKind(kind);
  return type ? { ...values, type } : values;
}

/** The type a payable or receivable always has; null for a transaction, which chooses. */
export function typeOfKind(kind: MoneyDocumentKind): TransactionType | null {
  return kind === "payable" ? "expense" : kind === "receivable" ? "income" : null;
}

/** The empty form: today's date, a transaction completed through the bank, a payable or receivable pending. */
export function emptyMoneyDocumentForm(
  kind: MoneyDocumentKind,
  today: string,
  defaultAccounts: Partial<Record<PaymentMethod, string>> = {},
): MoneyDocumentFormValues {
  return {
    date: today,
    type: typeOfKind(kind) ?? "",
    category: "",
    description: "",
    amount: "",
    paymentMethod: "bank",
    moneyAccountId: defaultAccounts.bank ?? "",
    reference: "",
    status: kind === "transaction" ? "completed" : "pending",
    party: "",
    dueDate: "",
    vatRate: "",
    partyBin: "",
  };
}

const choice = <T extends readonly string[]>(values: T, message: string) =>
  z.string().refine((v): v is T[number] => (values as readonly string[]).includes(v), message);

/**
 * A date field: "" is `required`'s message, anything but a calendar date `invalid`'s, and a date outside the
 * business range "<label> must be between 1 Jan 2000 and 31 Dec 2099".
 */
export function dateField(required: string, invalid: string, label = "Date") {
  return z
    .string()
    .trim()
    .min(1, required)
    .refine(isRealDate, { error: invalid, abort: true })
    .refine(isBusinessDate, businessDateRangeMessage(label));
}

/** An amount more than 0: moneyField's rules (at most 2 decimals, never negative, at most the column) and not 0. */
export function positiveMoneyField(label: string, message: string) {
  return moneyField(label).refine((amount) => toPaisa(amount) > 0n, message);
}

function schemaOf(kind: MoneyDocumentKind) {
  const M = MONEY_DOCUMENT_MESSAGES;
  return z
    .object({
      date: dateField(M.dateRequired, M.dateInvalid),
      type: choice(TRANSACTION_TYPES, M.typeRequired),
      category: z.string().trim().min(1, M.categoryRequired),
      description: nameField("Description", { max: MONEY_DOCUMENT_LIMITS.description, optional: true }),
      amount: positiveMoneyField("Amount", M.amountPositive),
      paymentMethod: choice(PAYMENT_METHODS, M.methodRequired),
      moneyAccountId: z.string().trim(),
      reference: nameField("Reference", { max: MONEY_DOCUMENT_LIMITS.reference, optional: true }),
      status: choice(NEW_DOCUMENT_STATUSES, M.statusRequired),
      party:
        kind === "transaction"
          ? nameField("Party", { max: MONEY_DOCUMENT_LIMITS.party, optional: true })
          : nameField(kind === "payable" ? "Supplier" : "Customer", {
              max: MONEY_DOCUMENT_LIMITS.party,
              messages: { required: M.partyRequired[kind] },
            }),
      dueDate: z
        .string()
        .trim()
        .refine((v) => v === "" || isRealDate(v), { error: M.dueDateInvalid, abort: true })
        .refine((v) => v === "" || isBusinessDate(v), businessDateRangeMessage("Due date")),
      vatRate: z
        .string()
        .trim()
        .optional()
        .refine((v) => !v || isPurchaseVatRate(v), M.vatRateInvalid),
      partyBin: z
        .string()
        .trim()
        .max(MONEY_DOCUMENT_LIMITS.partyBin, M.binInvalid)
        .optional()
        .refine((v) => !v || normalizeBin(v) !== null, M.binInvalid),
    })
    .transform((v) => ({
      date: v.date,
      type: v.type as TransactionType,
      category: v.category,
      description: v.description,
      amount: v.amount,
      paymentMethod: v.paymentMethod as PaymentMethod,
      // Only a completed one moves money now; a pending one names its method, and its account when settled.
      moneyAccountId: v.status === "completed" ? v.moneyAccountId.toLowerCase() : null,
      reference: v.reference || null,
      status: v.status as NewDocumentStatus,
      party: v.party || null,
      dueDate: v.dueDate || null,
      /** The VAT included in the amount, when entered: its rate, and the supplier's BIN (digits) or null. */
      vat: v.vatRate
        ? { rate: v.vatRate as PurchaseVatRate, partyBin: v.partyBin ? normalizeBin(v.partyBin) : null }
        : null,
    }));
}

const SCHEMAS = {
  transaction: schemaOf("transaction"),
  payable: schemaOf("payable"),
  receivable: schemaOf("receivable"),
};

export type MoneyDocumentInput = z.output<(typeof SCHEMAS)["transaction"]>;

/**
 * The rules between fields, on the values as typed (so they show together with the fields' own messages): the
 * category is one of the type's, a completed one names its account and has no due date, a due date is not before
 * the date.
 */
function crossFieldErrors(values: MoneyDocumentFormValues): Record<string, string> {
  const M = MONEY_DOCUMENT_MESSAGES;
  const errors: Record<string, string> = {};
  const type = values.type.trim();
  const category = values.category.trim();
  const date = values.date.trim();
  const dueDate = values.dueDate.trim();
  if (category && (TRANSACTION_TYPES as readonly string[]).includes(type)) {
    const t = type as TransactionType;
    if (!categoriesOf(t).includes(category)) errors.category = M.categoryOfOtherType(category, t);
  }
  if (values.status === "completed") {
    if (!isUuid(values.moneyAccountId.trim())) errors.moneyAccountId = M.accountRequired(type as TransactionType | "");
    if (dueDate) errors.dueDate = M.dueDateOfCompleted;
  }
  // A pending one is an open item on the receivable or the payable, whose every line names its party (issue 36).
  if (values.status === "pending" && !values.party.trim())
    errors.party =
      type === "expense"
        ? M.partyRequired.payable
        : type === "income"
          ? M.partyRequired.receivable
          : M.pendingPartyRequired;
  if (!errors.dueDate && isCalendarDate(dueDate) && isCalendarDate(date) && dueDate < date)
    errors.dueDate = M.dueBeforeDate;
  const vatRate = (values.vatRate ?? "").trim();
  if (vatRate) {
    if (type === "income") errors.vatRate = M.vatOnIncome;
    // A reduced rate's VAT is part of the cost (issue 37): no row of the purchase register names a supplier.
    else if (!values.party.trim() && !isReducedRate(vatRate)) errors.party = M.vatPartyRequired;
  } else if ((values.partyBin ?? "").trim()) errors.partyBin = M.binWithoutVat;
  return errors;
}

/** A rate of PURCHASE_VAT_RATES whose VAT is never input VAT (7.5%, 5%): inputVatClaim's reduced_rate. */
function isReducedRate(rate: string): boolean {
  if (!isPurchaseVatRate(rate)) return false;
  const claim = inputVatClaim({ rate, supplierBin: null });
  return !claim.claimable && claim.reason === "reduced_rate";
}

/** The form's own rules: the input to store, or one message per field. */
export function parseMoneyDocumentForm(
  values: MoneyDocumentFormValues,
  kind: MoneyDocumentKind = "transaction",
): { ok: true; input: MoneyDocumentInput } | { ok: false; errors: Record<string, string> } {
  const parsed = SCHEMAS[kind].safeParse(values);
  const errors = { ...crossFieldErrors(values), ...(parsed.success ? {} : fieldErrors(parsed.error)) };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors: inFormOrder(errors, kind) };
  return { ok: true, input: parsed.data };
}

/**
 * The messages in the dialog's order, so the first (the toast's) is the first field shown: a payable's supplier and
 * a receivable's customer come first.
 */
function inFormOrder(errors: Record<string, string>, kind: MoneyDocumentKind): Record<string, string> {
  const order: readonly string[] = kind === "transaction" ? FIELDS : ["party", ...FIELDS.filter((f) => f !== "party")];
  return Object.fromEntries(
    Object.entries(errors).sort(([a], [b]) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0)),
  );
}
