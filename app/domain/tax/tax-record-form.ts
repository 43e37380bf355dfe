import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, moneyField, normalizeMoney, toPaisa } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import {
  TAX_KIND_TYPE,
  TAX_KINDS,
  TAX_TYPES,
  type ControlPartyKind,
  type TaxKind,
  type TaxType,
} from "../accounting/constants";
import { vatOn } from "../quotations/quote-form";
import { INPUT_VAT_CLAIM_MESSAGES, inputVatClaim } from "./input-vat-claim";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// Add Tax Record (backoffice.md §2 Tax Management, §5, §9; DESIGN §10; issue 22): the spec's type (VAT, Income Tax,
// Other), and within it what the tax is, which says where it posts: output VAT owed, input VAT claimable, VAT
// withheld by a customer (VDS); income tax withheld by a customer (AIT), income tax withheld from a supplier or an
// employee; other tax, an expense. The rate's choices follow the type (§9): VAT 15, 7.5, 0; income tax 0 to 25 by
// the slabs; other a rate typed. Tax amount = taxable amount × rate / 100, rounded half up to the paisa, exactly.
// A tax of 0 (a zero-rated supply at 0%, or an amount too small to carry a paisa of tax) is kept for the registers
// and posts nothing. Input VAT is claimed only at 15% with the supplier's 13-digit BIN (inputVatClaim, issue 37): at
// 7.5% it is refused here, naming the rate (a record has no cost to put it in); without a BIN the use case refuses,
// having looked for one on the supplier's record.
// One schema for the browser's messages and the use case's decision. Browser-safe.

export const TAX_TYPE_LABELS: Record<TaxType, string> = { vat: "VAT", income_tax: "Income Tax", other: "Other" };

/** The cards' titles. */
export const TAX_TYPE_CARD_TITLES: Record<TaxType, string> = {
  vat: "VAT",
  income_tax: "Income Tax",
  other: "Other Taxes",
};

export const TAX_KIND_LABELS: Record<TaxKind, string> = {
  output_vat: "Output VAT (owed on a sale)",
  input_vat: "Input VAT (claimable on a purchase)",
  vat_withheld: "VAT withheld by a customer (VDS)",
  ait: "Income tax withheld by a customer (AIT)",
  income_tax_withheld: "Income tax withheld from a supplier or employee",
  other: "Other tax (an expense)",
};

/** What the chosen account is, for each kind: the other side of the tax's own account. */
export const TAX_KIND_ACCOUNT_HINTS: Record<TaxKind, string> = {
  output_vat: "The account charged with the VAT: the receivable, or the cash the sale came in",
  input_vat: "The account the VAT was paid from or is owed on: the bank, or the payable",
  vat_withheld: "The account the customer paid less of: usually the receivable",
  ait: "The account the customer paid less of: usually the receivable",
  income_tax_withheld: "The account the tax was held back from: the payable, or salaries payable",
  other: "The account the tax was paid from or is owed on",
};

/** The kinds of each type, in the select's order. */
export const TAX_KINDS_OF: Record<TaxType, readonly TaxKind[]> = {
  vat: TAX_KINDS.filter((k) => TAX_KIND_TYPE[k] === "vat"),
  income_tax: TAX_KINDS.filter((k) => TAX_KIND_TYPE[k] === "income_tax"),
  other: ["other"],
};

export interface RateOption {
  value: string;
  label: string;
}

/** The spec's rate options (backoffice.md §9); Other has none: its rate is typed. */
export const TAX_RATE_OPTIONS: Record<"vat" | "income_tax", readonly RateOption[]> = {
  vat: [
    { value: "15", label: "15% (standard)" },
    { value: "7.5", label: "7.5% (reduced)" },
    { value: "0", label: "0% (zero)" },
  ],
  income_tax: [
    { value: "0", label: "0% (up to 3,00,000)" },
    { value: "5", label: "5% (3,00,001-4,00,000)" },
    { value: "10", label: "10% (4,00,001-7,00,000)" },
    { value: "15", label: "15% (7,00,001-11,00,000)" },
    { value: "20", label: "20% (11,00,001-16,00,000)" },
    { value: "25", label: "25% (above 16,00,000)" },
  ],
};

/** The rate a new record of the type starts with: VAT's standard rate, none for income tax, 0 for other (§9). */
export const DEFAULT_TAX_RATE: Record<TaxType, string> = { vat: "15", income_tax: "", other: "0" };

export const TAX_RECORD_LIMITS = { reference: 100, description: 500, party: 160, partyBin: 20 } as const;

export const TAX_RECORD_MESSAGES = {
  /** The spec's toasts (backoffice.md §8). */
  added: "Tax record added successfully",
  /** A record whose tax is 0: in the register, with no entry in the books. */
  addedUnposted: "Tax record added successfully: its tax is ৳0.00, so nothing was posted to the books",
  failed: (reason: string) => `Failed to add tax record: ${reason}`,
  typeRequired: "Choose a tax type: VAT, Income Tax or Other",
  kindRequired: (type: TaxType) =>
    type === "vat"
      ? "Choose what the VAT is: output, input or withheld by a customer"
      : "Choose what the income tax is",
  kindOfOtherType: (type: TaxType) => `Choose one of the kinds of ${TAX_TYPE_LABELS[type]}`,
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  accountRequired: "Choose an account",
  rateRequired: "Choose a tax rate",
  rateNotOffered: (type: "vat" | "income_tax") =>
    type === "vat"
      ? "Choose one of the VAT rates: 15%, 7.5% or 0%"
      : "Choose one of the income tax rates: 0%, 5%, 10%, 15%, 20% or 25%",
  rateInvalid: "Tax rate must be a percentage from 0 to 100 with at most 2 decimals, e.g. 2.5",
  zeroTaxable: "Taxable amount must be more than 0",
  partyRequired: "Supplier is required for input VAT: the purchase register names it",
  inputVatReducedRate: (rate: string) =>
    `${INPUT_VAT_CLAIM_MESSAGES.reducedRate(rate)}. Enter the purchase as an expense or payable with its VAT rate instead: its whole amount is then the cost`,
  // The use case's, with the BIN typed or the one on the supplier's record.
  inputVatBinRequired: `Supplier's BIN is required for input VAT: ${INPUT_VAT_CLAIM_MESSAGES.binReason}. Type it as printed there, or keep it on the supplier's record`,
  // The use case's, against the chart and the roles.
  controlPartyRequired: (code: string, name: string, kind: ControlPartyKind) =>
    `Party is required: account ${code} ${name} is kept by ${kind === "any" ? "party" : kind}, so its line names ${kind === "employee" ? "the employee" : kind === "customer" ? "the customer" : kind === "supplier" ? "the supplier" : "whom the tax was withheld from"}`,
  employeeUnknown: (name: string) => `No employee is named ${name}: type the employee's name as on their record`,
  accountUnknown: "This account does not exist any more: choose another",
  accountIsTaxOwn: (code: string, name: string) =>
    `${code} ${name} is the tax's own account: choose the account on the other side`,
} as const;

export interface TaxRecordFormValues {
  taxType: string;
  kind: string;
  date: string;
  accountId: string;
  taxableAmount: string;
  taxRate: string;
  reference: string;
  description: string;
  /** The supplier or customer (the purchase register's supplier), and their BIN. */
  party: string;
  partyBin: string;
}

const FIELDS = [
  "taxType",
  "kind",
  "date",
  "accountId",
  "taxableAmount",
  "taxRate",
  "reference",
  "description",
  "party",
  "partyBin",
] as const satisfies readonly (keyof TaxRecordFormValues)[];

export function readTaxRecordForm(form: FormData): TaxRecordFormValues {
  const values = formFields(form, FIELDS);
  // Other has one kind: the form does not ask.
  return values.taxType === "other" ? { ...values, kind: "other" } : values;
}

export function emptyTaxRecordForm(today: string, taxType: TaxType = "vat"): TaxRecordFormValues {
  return {
    taxType,
    kind: taxType === "other" ? "other" : "",
    date: today,
    accountId: "",
    taxableAmount: "",
    taxRate: DEFAULT_TAX_RATE[taxType],
    reference: "",
    description: "",
    party: "",
    partyBin: "",
  };
}

/** "7.5" → "7.50": a percentage from 0 to 100 with at most 2 decimals, or null. */
export function normalizeRate(value: string): string | null {
  const v = value.trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(v)) return null;
  const [whole, fraction = ""] = v.split(".");
  const rate = `${Number(whole)}.${fraction.padEnd(2, "0")}`;
  return toPaisa(rate) <= 10_000n ? rate : null;
}

/** Tax on an amount at a rate: taxable × rate / 100, rounded half up to the paisa (exact, integer paisa). */
export function taxAmountPaisa(taxablePaisa: bigint, rate: string): bigint {
  return vatOn(taxablePaisa, rate);
}

/** The tax amount as the dialog shows it while typing ("1725.00"), or null until both amounts read. */
export function liveTaxAmount(taxableAmount: string, taxRate: string): string | null {
  const taxable = normalizeMoney(taxableAmount);
  const rate = normalizeRate(taxRate);
  if (taxable === null || rate === null) return null;
  return fromPaisa(taxAmountPaisa(toPaisa(taxable), rate));
}

const isTaxType = (v: string): v is TaxType => (TAX_TYPES as readonly string[]).includes(v);
const isTaxKind = (v: string): v is TaxKind => (TAX_KINDS as readonly string[]).includes(v);

const schema = z.object({
  date: z
    .string()
    .trim()
    .min(1, TAX_RECORD_MESSAGES.dateRequired)
    .refine(isRealDate, { error: TAX_RECORD_MESSAGES.dateInvalid, abort: true })
    .refine(isBusinessDate, businessDateRangeMessage("Date")),
  accountId: z
    .string()
    .trim()
    .refine(isUuid, TAX_RECORD_MESSAGES.accountRequired)
    .transform((v) => v.toLowerCase()),
  taxableAmount: moneyField("Taxable amount"),
  reference: nameField("Reference No.", { max: TAX_RECORD_LIMITS.reference, optional: true }),
  description: nameField("Description", { max: TAX_RECORD_LIMITS.description, optional: true }),
  party: nameField("Party", { max: TAX_RECORD_LIMITS.party, optional: true }),
  partyBin: nameField("BIN", { max: TAX_RECORD_LIMITS.partyBin, optional: true }),
});

export interface TaxRecordInput {
  taxType: TaxType;
  kind: TaxKind;
  date: string;
  accountId: string;
  /** Decimal strings: "11500.00", "15.00", "1725.00". */
  taxableAmount: string;
  taxRate: string;
  taxAmount: string;
  reference: string | null;
  description: string | null;
  party: string | null;
  partyBin: string | null;
}

/** The type, kind and rate: the rules between them, one message per field. */
function taxChoiceErrors(values: TaxRecordFormValues): {
  errors: Record<string, string>;
  taxType?: TaxType;
  kind?: TaxKind;
  rate?: string;
} {
  const M = TAX_RECORD_MESSAGES;
  const errors: Record<string, string> = {};
  const type = values.taxType.trim();
  if (!isTaxType(type)) return { errors: { taxType: M.typeRequired } };
  const kindValue = type === "other" ? "other" : values.kind.trim();
  let kind: TaxKind | undefined;
  if (kindValue === "") errors.kind = M.kindRequired(type);
  else if (!isTaxKind(kindValue) || TAX_KIND_TYPE[kindValue] !== type) errors.kind = M.kindOfOtherType(type);
  else kind = kindValue;

  let rate: string | undefined;
  const typed = values.taxRate.trim();
  if (typed === "") errors.taxRate = M.rateRequired;
  else if (type === "other") {
    const normalized = normalizeRate(typed);
    if (normalized === null) errors.taxRate = M.rateInvalid;
    else rate = normalized;
  } else {
    const normalized = normalizeRate(typed);
    const offered = TAX_RATE_OPTIONS[type].map((o) => normalizeRate(o.value));
    if (normalized === null || !offered.includes(normalized)) errors.taxRate = M.rateNotOffered(type);
    else rate = normalized;
  }
  return { errors, taxType: type, kind, rate };
}

/** The form's own rules: the record to store (its tax amount worked out), or one message per field. */
export function parseTaxRecordForm(
  values: TaxRecordFormValues,
): { ok: true; input: TaxRecordInput } | { ok: false; errors: Record<string, string> } {
  const M = TAX_RECORD_MESSAGES;
  const choice = taxChoiceErrors(values);
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...choice.errors };
  if (choice.kind === "input_vat" && values.party.trim() === "" && !errors.party) errors.party = M.partyRequired;
  // The BIN is the use case's to judge (it may be on the supplier's record); the rate is known here.
  if (choice.kind === "input_vat" && choice.rate !== undefined) {
    const claim = inputVatClaim({ rate: choice.rate, supplierBin: null });
    if (!claim.claimable && claim.reason === "reduced_rate") errors.taxRate = M.inputVatReducedRate(choice.rate);
  }

  let taxAmount: bigint | null = null;
  if (parsed.success && choice.rate !== undefined) {
    const taxable = toPaisa(parsed.data.taxableAmount);
    taxAmount = taxAmountPaisa(taxable, choice.rate);
    if (taxable === 0n) errors.taxableAmount = M.zeroTaxable;
  }
  if (!parsed.success || Object.keys(errors).length > 0 || taxAmount === null)
    return { ok: false, errors: inFormOrder(errors) };
  const d = parsed.data;
  return {
    ok: true,
    input: {
      taxType: choice.taxType!,
      kind: choice.kind!,
      date: d.date,
      accountId: d.accountId,
      taxableAmount: d.taxableAmount,
      taxRate: choice.rate!,
      taxAmount: fromPaisa(taxAmount),
      reference: d.reference || null,
      description: d.description || null,
      party: d.party || null,
      partyBin: d.partyBin || null,
    },
  };
}

/** The messages in the dialog's order, so the toast names the first field shown. */
function inFormOrder(errors: Record<string, string>): Record<string, string> {
  const order: readonly string[] = ["form", ...FIELDS];
  return Object.fromEntries(
    Object.entries(errors).sort(([a], [b]) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0)),
  );
}

/** The rate as the table shows it: "15%", "7.5%", "2.25%". */
export function formatRate(rate: string): string {
  return `${rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate}%`;
}

/** The audit line's and the entry's words for a record. */
export function taxRecordSummary(input: Pick<TaxRecordInput, "kind" | "taxableAmount" | "taxRate" | "taxAmount">) {
  return `${TAX_KIND_LABELS[input.kind]}: ${formatMoney(input.taxAmount)} at ${formatRate(input.taxRate)} on ${formatMoney(input.taxableAmount)}`;
}
