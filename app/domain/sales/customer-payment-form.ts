import { z } from "zod";
import { dateField } from "../accounting/money-document-form";
import { formFields, formTexts } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { formatMoney, formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import {
  fitsMoneyColumn,
  fromPaisa,
  moneyField,
  MONEY_MAX_LABEL,
  optionalMoneyField,
  roundedShare,
  sumPaisa,
  toPaisa,
} from "../../lib/money";
import { nameField } from "../../lib/name-text";
import { vatOn } from "../quotations/quote-form";
import {
  CUSTOMER_PAYMENT_METHOD_LABELS,
  CUSTOMER_PAYMENT_METHODS,
  CUSTOMER_PAYMENT_REFERENCE_LABELS,
  type CustomerPaymentMethod,
} from "./constants";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// Record payment (issue 22, DESIGN §10): what a customer paid, on a date, by a method, into a money account; what a
// VAT withholding customer kept back (VDS, at most the VAT share of what it settles) and the income tax withheld
// (AIT, at the rate typed, on the value before VAT of what it settles); how it is allocated to the customer's open
// invoices (each at most its due). total = received + VDS + AIT; what is not allocated is the customer's credit.
// One set of rules and one arithmetic for the dialog (which shows, as one types, what the customer will be left
// owing and their credit) and the use case (which decides under the invoices' locks). Browser-safe.

export const CUSTOMER_PAYMENT_MESSAGES = {
  recorded: (amount: string) => `Payment of ${formatMoney(amount)} recorded`,
  failed: (message: string) => `Failed to record payment: ${message}`,
  customerRequired: "Choose the customer who paid",
  customerUnknown: "This customer does not exist",
  customerMerged: "This customer was merged into another record: record the payment there",
  dateFuture: "Date cannot be in the future",
  methodRequired: "Choose how the customer paid: cash, bank transfer, cheque, bKash or Nagad",
  referenceRequired: (label: string) => `${label} is required`,
  accountRequired: "Choose the account the money went into",
  aitRateInvalid: "AIT rate must be a number from 0 to 100, with at most 2 decimals",
  totalPositive: "The payment must be more than 0: enter the amount received",
  totalTooLarge: `The payment's total can be at most ${MONEY_MAX_LABEL}`,
  walletReferenceTaken: (label: string, date: string, customer: string) =>
    `This ${label} is already recorded: the payment of ${formatShortDate(date)} from ${customer}`,
  allocationInvoice: "Choose one of the customer's open invoices",
  allocationTwice: "This invoice is allocated twice",
  allocationNotOpen: "This invoice is not one of this customer's open invoices",
  allocationAboveDue: (due: string) => `At most the invoice's due: ${formatMoney(due)}`,
  allocationSettled: (number: string) => `${number} is settled already: nothing is left to pay on it`,
  allocationBeforeIssue: (number: string, date: string) =>
    `The payment is dated before ${number} was issued (${formatShortDate(date)})`,
  allocatedAboveTotal: (allocated: string, total: string) =>
    `The allocations (${formatMoney(allocated)}) are more than the payment's total (${formatMoney(total)}: received + VDS + AIT)`,
  vdsNotWithholding: "Only a VAT withholding customer keeps back VDS: tick it on the customer's record first",
  vdsWithoutAllocation: "VDS is withheld on what the payment settles: allocate it to invoices",
  vdsAboveShare: (share: string) => `VDS can be at most the VAT share of what is settled: ${formatMoney(share)}`,
  aitWithoutAllocation: "AIT is withheld on what the payment settles: allocate it to invoices, or leave the rate at 0",
  // The VDS certificate (Mushak-6.6).
  certificateRecorded: "VDS certificate recorded",
  certificateFailed: (message: string) => `Failed to record the certificate: ${message}`,
  paymentRequired: "Choose the payment",
  paymentNotFound: "This payment does not exist",
  noVds: "This payment has no VAT withheld: there is no certificate to record",
  certificateVoided: "This payment was voided: its VDS was taken back, so there is no certificate to record",
  certificateTwice: (no: string, date: string) =>
    `The certificate of this payment is already recorded: No. ${no} of ${formatShortDate(date)}`,
  certificateDateRequired: "Certificate date is required",
  certificateDateInvalid: "Certificate date must be a date",
  certificateBeforePayment: (date: string) =>
    `The certificate cannot be dated before the payment (${formatShortDate(date)})`,
  certificateFuture: "Certificate date cannot be in the future",
} as const;

export const CUSTOMER_PAYMENT_LIMITS = { reference: 100, notes: 1000, certificateNo: 60 } as const;

export interface CustomerPaymentFormValues {
  customerId: string;
  date: string;
  method: string;
  methodReference: string;
  moneyAccountId: string;
  received: string;
  vdsAmount: string;
  aitRate: string;
  notes: string;
  /** One row per open invoice offered: its id and the amount typed ("" for none). */
  allocations: { invoiceId: string; amount: string }[];
}

const FIELDS = [
  "customerId",
  "date",
  "method",
  "methodReference",
  "moneyAccountId",
  "received",
  "vdsAmount",
  "aitRate",
  "notes",
] as const;

export function readCustomerPaymentForm(form: FormData): CustomerPaymentFormValues {
  const ids = formTexts(form, "allocationInvoiceId");
  const amounts = formTexts(form, "allocationAmount");
  return {
    ...formFields(form, FIELDS),
    allocations: ids.map((invoiceId, i) => ({ invoiceId, amount: amounts[i] ?? "" })),
  };
}

/** An open invoice of the customer, as the dialog lists it and the rules weigh it. */
export interface OpenInvoice {
  id: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  netAmount: string;
  vatAmount: string;
  total: string;
  /** total − paid − credited. */
  due: string;
}

export const AIT_RATE = /^\d{1,3}(?:\.\d{1,2})?$/;

/** "5" → "5.00"; null when not a rate from 0 to 100 with at most 2 decimals ("" is 0). */
export function normalizeRate(raw: string): string | null {
  const v = raw.trim().replace(/%$/, "").trim();
  if (v === "") return "0.00";
  if (!AIT_RATE.test(v)) return null;
  const paisa = toPaisa(v);
  return paisa <= 10_000n ? fromPaisa(paisa) : null;
}

const methodField = z
  .string()
  .refine(
    (v): v is CustomerPaymentMethod => (CUSTOMER_PAYMENT_METHODS as readonly string[]).includes(v),
    CUSTOMER_PAYMENT_MESSAGES.methodRequired,
  );

const schema = z.object({
  customerId: z
    .string()
    .trim()
    .refine(isUuid, CUSTOMER_PAYMENT_MESSAGES.customerRequired)
    .transform((v) => v.toLowerCase()),
  date: dateField("Date is required", "Date must be a date"),
  method: methodField,
  methodReference: nameField("Reference", { max: CUSTOMER_PAYMENT_LIMITS.reference, optional: true }),
  moneyAccountId: z
    .string()
    .trim()
    .refine(isUuid, CUSTOMER_PAYMENT_MESSAGES.accountRequired)
    .transform((v) => v.toLowerCase()),
  received: moneyField("Amount received"),
  vdsAmount: optionalMoneyField("VDS"),
  aitRate: z.string().refine((v) => normalizeRate(v) !== null, CUSTOMER_PAYMENT_MESSAGES.aitRateInvalid),
  notes: z
    .string()
    .trim()
    .max(CUSTOMER_PAYMENT_LIMITS.notes, `Notes must be at most ${CUSTOMER_PAYMENT_LIMITS.notes} characters`),
});

export interface CustomerPaymentInput {
  customerId: string;
  date: string;
  method: CustomerPaymentMethod;
  methodReference: string | null;
  moneyAccountId: string;
  received: string;
  vdsAmount: string;
  aitRate: string;
  notes: string | null;
  /** The amounts above 0, by invoice. */
  allocations: { invoiceId: string; amount: string; index: number }[];
}

const allocationKey = (index: number) => `allocations.${index}`;

/** The form's own rules (what depends on the invoices and the customer is paymentErrors'). */
export function parseCustomerPaymentForm(
  values: CustomerPaymentFormValues,
): { ok: true; input: CustomerPaymentInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const method = values.method as CustomerPaymentMethod;
  const referenceLabel = CUSTOMER_PAYMENT_REFERENCE_LABELS[method];
  if (
    !errors.methodReference &&
    (method === "cheque" || method === "bkash" || method === "nagad") &&
    values.methodReference.trim() === ""
  )
    errors.methodReference = CUSTOMER_PAYMENT_MESSAGES.referenceRequired(referenceLabel!);
  const allocations: CustomerPaymentInput["allocations"] = [];
  const seen = new Set<string>();
  values.allocations.forEach((row, index) => {
    const amount = optionalMoneyField("Allocation").safeParse(row.amount);
    if (!amount.success) {
      errors[allocationKey(index)] = amount.error.issues[0]!.message;
      return;
    }
    if (amount.data === null || toPaisa(amount.data) === 0n) return;
    const invoiceId = row.invoiceId.trim().toLowerCase();
    if (!isUuid(invoiceId)) errors[allocationKey(index)] = CUSTOMER_PAYMENT_MESSAGES.allocationInvoice;
    else if (seen.has(invoiceId)) errors[allocationKey(index)] = CUSTOMER_PAYMENT_MESSAGES.allocationTwice;
    else allocations.push({ invoiceId, amount: amount.data, index });
    seen.add(invoiceId);
  });
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors: inFormOrder(errors) };
  const v = parsed.data;
  return {
    ok: true,
    input: {
      customerId: v.customerId,
      date: v.date,
      method: v.method as CustomerPaymentMethod,
      methodReference: v.methodReference || null,
      moneyAccountId: v.moneyAccountId,
      received: v.received,
      vdsAmount: v.vdsAmount ?? "0.00",
      aitRate: normalizeRate(v.aitRate)!,
      notes: v.notes || null,
      allocations,
    },
  };
}

const ORDER = ["customerId", "date", "method", "methodReference", "moneyAccountId", "received", "allocations"];
function inFormOrder(errors: Record<string, string>): Record<string, string> {
  const rank = (key: string) => {
    const base = key.startsWith("allocations") ? "allocations" : key;
    const i = ORDER.indexOf(base);
    return (i < 0 ? ORDER.length : i) * 1000 + (key.startsWith("allocations.") ? Number(key.split(".")[1]) : 0);
  };
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b)));
}

export interface PaymentFigures {
  received: bigint;
  vds: bigint;
  ait: bigint;
  /** received + VDS + AIT. */
  total: bigint;
  allocated: bigint;
  /** The most VDS may be: Σ the VAT share of each allocation. */
  vdsMax: bigint;
  /** What AIT is reckoned on: Σ the value-before-VAT share of each allocation. */
  aitBase: bigint;
  /** total − allocated: the customer's credit from this payment (negative when over-allocated). */
  toCredit: bigint;
}

/** The payment's arithmetic, exactly: the dialog's live figures and the amounts the use case stores. */
export function paymentFigures(
  amounts: { received: string; vdsAmount: string; aitRate: string },
  allocations: readonly { invoiceId: string; amount: string }[],
  invoices: readonly OpenInvoice[],
): PaymentFigures {
  const byId = new Map(invoices.map((i) => [i.id, i]));
  let vdsMax = 0n;
  let aitBase = 0n;
  for (const a of allocations) {
    const invoice = byId.get(a.invoiceId);
    if (!invoice) continue;
    const total = toPaisa(invoice.total);
    vdsMax += roundedShare(toPaisa(a.amount), toPaisa(invoice.vatAmount), total);
    aitBase += roundedShare(toPaisa(a.amount), toPaisa(invoice.netAmount), total);
  }
  const received = toPaisa(amounts.received);
  const vds = toPaisa(amounts.vdsAmount);
  const ait = vatOn(aitBase, amounts.aitRate);
  const total = received + vds + ait;
  const allocated = sumPaisa(allocations.map((a) => toPaisa(a.amount)));
  return { received, vds, ait, total, allocated, vdsMax, aitBase, toCredit: total - allocated };
}

export interface PaymentContext {
  /** The customer's issued invoices it allocates to (locked, on the server, where one settled meanwhile is named as
   * such), or their open invoices (the dialog). */
  invoices: readonly OpenInvoice[];
  vatWithholding: boolean;
  today: string;
}

/** The rules that weigh the customer and their invoices: one message per field, {} when it can be recorded. */
export function paymentErrors(input: CustomerPaymentInput, ctx: PaymentContext): Record<string, string> {
  const M = CUSTOMER_PAYMENT_MESSAGES;
  const errors: Record<string, string> = {};
  if (input.date > ctx.today) errors.date = M.dateFuture;
  const byId = new Map(ctx.invoices.map((i) => [i.id, i]));
  for (const a of input.allocations) {
    const invoice = byId.get(a.invoiceId);
    const key = allocationKey(a.index);
    if (!invoice) errors[key] = M.allocationNotOpen;
    else if (toPaisa(invoice.due) <= 0n) errors[key] = M.allocationSettled(invoice.number);
    else if (toPaisa(a.amount) > toPaisa(invoice.due)) errors[key] = M.allocationAboveDue(invoice.due);
    else if (input.date < invoice.issueDate) errors[key] = M.allocationBeforeIssue(invoice.number, invoice.issueDate);
  }
  const f = paymentFigures(input, input.allocations, ctx.invoices);
  if (f.vds > 0n) {
    if (!ctx.vatWithholding) errors.vdsAmount = M.vdsNotWithholding;
    else if (f.allocated === 0n) errors.vdsAmount = M.vdsWithoutAllocation;
    else if (f.vds > f.vdsMax) errors.vdsAmount = M.vdsAboveShare(fromPaisa(f.vdsMax));
  }
  if (toPaisa(input.aitRate) > 0n && f.allocated === 0n) errors.aitRate = M.aitWithoutAllocation;
  if (f.total <= 0n) errors.received = M.totalPositive;
  else if (!fitsMoneyColumn(f.total)) errors.received = M.totalTooLarge;
  else if (f.allocated > f.total && !Object.keys(errors).some((k) => k.startsWith("allocations.")))
    errors.allocations = M.allocatedAboveTotal(fromPaisa(f.allocated), fromPaisa(f.total));
  return inFormOrder(errors);
}

export interface PaymentPreview {
  /** The figures when the amounts typed can be read; null otherwise. */
  figures: PaymentFigures | null;
  /** Σ the open invoices' dues before and after. */
  duesBefore: bigint;
  duesAfter: bigint;
  creditBefore: bigint;
  creditAfter: bigint;
  /** What the customer owes before and after: dues less credit. */
  owesBefore: bigint;
  owesAfter: bigint;
  /** Per invoice: its due after the allocation typed. */
  leftOn: Record<string, bigint>;
}

/** What the dialog shows as one types (the use case's message says the same once recorded). */
export function paymentPreview(
  values: Pick<CustomerPaymentFormValues, "received" | "vdsAmount" | "aitRate" | "allocations">,
  invoices: readonly OpenInvoice[],
  credit: string,
): PaymentPreview {
  const read = (raw: string) => {
    const r = optionalMoneyField("x").safeParse(raw);
    return r.success ? (r.data ?? "0.00") : null;
  };
  const allocations = values.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: read(a.amount) }));
  const received = read(values.received);
  const vdsAmount = read(values.vdsAmount);
  const aitRate = normalizeRate(values.aitRate);
  const readable = received !== null && vdsAmount !== null && aitRate !== null && allocations.every((a) => a.amount);
  const figures = readable
    ? paymentFigures({ received, vdsAmount, aitRate }, allocations as { invoiceId: string; amount: string }[], invoices)
    : null;
  const duesBefore = sumPaisa(invoices.map((i) => toPaisa(i.due)));
  const leftOn: Record<string, bigint> = {};
  for (const invoice of invoices) {
    const typed = allocations.find((a) => a.invoiceId === invoice.id)?.amount;
    leftOn[invoice.id] = toPaisa(invoice.due) - (typed ? toPaisa(typed) : 0n);
  }
  const creditBefore = toPaisa(credit);
  const duesAfter = figures ? duesBefore - figures.allocated : duesBefore;
  const creditAfter = figures ? creditBefore + figures.toCredit : creditBefore;
  return {
    figures,
    duesBefore,
    duesAfter,
    creditBefore,
    creditAfter,
    owesBefore: duesBefore - creditBefore,
    owesAfter: duesAfter - creditAfter,
    leftOn,
  };
}

/** The dialog's empty form for a customer: today, the method's default account, each open invoice's due typed in
 * when one invoice was asked for (?invoice=). */
export function emptyCustomerPaymentForm(
  today: string,
  customerId: string,
  invoices: readonly OpenInvoice[],
  defaultAccount: string,
  invoiceId: string | null,
): CustomerPaymentFormValues {
  return {
    customerId,
    date: today,
    method: "bank_transfer",
    methodReference: "",
    moneyAccountId: defaultAccount,
    received: invoiceId ? (invoices.find((i) => i.id === invoiceId)?.due ?? "") : "",
    vdsAmount: "",
    aitRate: "",
    notes: "",
    allocations: invoices.map((i) => ({ invoiceId: i.id, amount: i.id === invoiceId ? i.due : "" })),
  };
}

export const methodLabel = (method: CustomerPaymentMethod) => CUSTOMER_PAYMENT_METHOD_LABELS[method];

// ---- The VDS certificate (Mushak-6.6): its number and date, recorded when it comes in.

export interface VdsCertificateFormValues {
  id: string;
  vdsCertificateNo: string;
  vdsCertificateDate: string;
}

export function readVdsCertificateForm(form: FormData): VdsCertificateFormValues {
  return formFields(form, ["id", "vdsCertificateNo", "vdsCertificateDate"]);
}

const certificateSchema = z.object({
  id: z
    .string()
    .trim()
    .refine(isUuid, CUSTOMER_PAYMENT_MESSAGES.paymentRequired)
    .transform((v) => v.toLowerCase()),
  vdsCertificateNo: nameField("Certificate number", { max: CUSTOMER_PAYMENT_LIMITS.certificateNo }),
  vdsCertificateDate: z
    .string()
    .trim()
    .min(1, CUSTOMER_PAYMENT_MESSAGES.certificateDateRequired)
    .refine(isRealDate, { error: CUSTOMER_PAYMENT_MESSAGES.certificateDateInvalid, abort: true })
    .refine(isBusinessDate, businessDateRangeMessage("Certificate date")),
});

export function parseVdsCertificateForm(
  values: VdsCertificateFormValues,
  known: { today?: string; paymentDate?: string } = {},
): { ok: true; input: VdsCertificateFormValues } | { ok: false; errors: Record<string, string> } {
  const parsed = certificateSchema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  if (parsed.success) {
    const date = parsed.data.vdsCertificateDate;
    if (known.today && date > known.today) errors.vdsCertificateDate = CUSTOMER_PAYMENT_MESSAGES.certificateFuture;
    else if (known.paymentDate && date < known.paymentDate)
      errors.vdsCertificateDate = CUSTOMER_PAYMENT_MESSAGES.certificateBeforePayment(known.paymentDate);
  }
  return Object.keys(errors).length > 0 || !parsed.success ? { ok: false, errors } : { ok: true, input: parsed.data };
}
