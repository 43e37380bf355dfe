import { z } from "zod";
import { EMAIL_ADDRESS_MESSAGES, isEmailAddress } from "../../lib/email-address";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { nameField } from "../../lib/name-text";
import { ACCOUNT_NUMBER, bankNameField, MOBILE, normalizeWalletNumber, PAYEE_MESSAGES } from "../../lib/payee-details";
import { normalizeBin } from "../sales/customer-form";

// The supplier's form (issue 36: New supplier, Edit): one message per field, the same rules in the browser and in
// the use case. Browser-safe.

export const SUPPLIER_LIMITS = {
  name: 160,
  email: 254,
  phone: 30,
  address: 500,
  bin: 20,
  tin: 20,
  bankName: 120,
  notes: 2000,
  paymentTermsDays: 365,
} as const;

export const SUPPLIER_MESSAGES = {
  created: "Supplier added successfully",
  updated: "Supplier updated successfully",
  createFailed: (message: string) => `Failed to add supplier: ${message}`,
  updateFailed: (message: string) => `Failed to update supplier: ${message}`,
  notFound: "This supplier does not exist",
  mergedAway: "This supplier was merged into another record",
  binInvalid: "BIN must be 9 or 13 digits (hyphens and spaces allowed)",
  tinInvalid: "TIN must be 12 digits (hyphens and spaces allowed)",
  phoneInvalid: "Phone may hold digits, spaces, +, -, ( and ) only",
  bankNameTooLong: `Bank name must be at most ${SUPPLIER_LIMITS.bankName} characters`,
  accountWithoutBank: "Enter the bank's name with the account number",
  paymentTermsInvalid: `Payment terms must be a whole number of days from 0 to ${SUPPLIER_LIMITS.paymentTermsDays}`,
  // Merge (the duplicate's ledger lines move to the record kept); the form's own messages are the customers'
  // (parseMergeForm: choose both, two different records).
  merged: (duplicate: string, kept: string) => `${duplicate} merged into ${kept}`,
  mergeFailed: (message: string) => `Failed to merge: ${message}`,
  duplicateMerged: "This supplier was already merged into another",
  keepMerged: "This supplier was merged into another: choose the one it was merged into",
} as const;

export interface SupplierFormValues {
  name: string;
  bin: string;
  tin: string;
  phone: string;
  email: string;
  address: string;
  bankName: string;
  bankAccountNumber: string;
  walletNumber: string;
  /** Days from a bill's date it is due in; "" for due on receipt. */
  paymentTermsDays: string;
  notes: string;
}

export const SUPPLIER_FIELDS = [
  "name",
  "bin",
  "tin",
  "phone",
  "email",
  "address",
  "bankName",
  "bankAccountNumber",
  "walletNumber",
  "paymentTermsDays",
  "notes",
] as const satisfies readonly (keyof SupplierFormValues)[];

export function readSupplierForm(form: FormData): SupplierFormValues {
  return formFields(form, SUPPLIER_FIELDS);
}

export const emptySupplierForm = (): SupplierFormValues => ({
  name: "",
  bin: "",
  tin: "",
  phone: "",
  email: "",
  address: "",
  bankName: "",
  bankAccountNumber: "",
  walletNumber: "",
  paymentTermsDays: "",
  notes: "",
});

/** A Bangladesh e-TIN as stored: its 12 digits; null when `value` is not one. */
export function normalizeTin(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  return /^\d{12}$/.test(digits) ? digits : null;
}

const L = SUPPLIER_LIMITS;

/** Optional free text: trimmed, at most `max` characters, null when empty. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .transform((v) => v || null);

const schema = z
  .object({
    name: nameField("Name", { max: L.name }),
    bin: z
      .string()
      .trim()
      .max(L.bin, SUPPLIER_MESSAGES.binInvalid)
      .refine((v) => v === "" || normalizeBin(v) !== null, SUPPLIER_MESSAGES.binInvalid)
      .transform((v) => (v ? normalizeBin(v) : null)),
    tin: z
      .string()
      .trim()
      .max(L.tin, SUPPLIER_MESSAGES.tinInvalid)
      .refine((v) => v === "" || normalizeTin(v) !== null, SUPPLIER_MESSAGES.tinInvalid)
      .transform((v) => (v ? normalizeTin(v) : null)),
    phone: z
      .string()
      .trim()
      .max(L.phone, `Phone must be at most ${L.phone} characters`)
      .refine((v) => v === "" || (/^[\d\s+()-]+$/.test(v) && /\d/.test(v)), SUPPLIER_MESSAGES.phoneInvalid)
      .transform((v) => v || null),
    email: z
      .string()
      .trim()
      .max(L.email, EMAIL_ADDRESS_MESSAGES.tooLong)
      .refine((v) => v === "" || isEmailAddress(v), EMAIL_ADDRESS_MESSAGES.invalid)
      .transform((v) => v.toLowerCase() || null),
    address: optionalText("Address", L.address),
    bankName: bankNameField(L.bankName, SUPPLIER_MESSAGES.bankNameTooLong),
    bankAccountNumber: z
      .string()
      .trim()
      .refine((v) => v === "" || ACCOUNT_NUMBER.test(v), PAYEE_MESSAGES.accountNumberInvalid)
      .transform((v) => v || null),
    walletNumber: z
      .string()
      .transform(normalizeWalletNumber)
      .refine((v) => v === "" || MOBILE.test(v), PAYEE_MESSAGES.walletInvalid)
      .transform((v) => v || null),
    paymentTermsDays: z
      .string()
      .trim()
      .refine(
        (v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= L.paymentTermsDays),
        SUPPLIER_MESSAGES.paymentTermsInvalid,
      )
      .transform((v) => (v === "" ? null : Number(v))),
    notes: optionalText("Notes", L.notes),
  })
  .superRefine((v, ctx) => {
    if (v.bankAccountNumber && !v.bankName)
      ctx.addIssue({ code: "custom", path: ["bankName"], message: SUPPLIER_MESSAGES.accountWithoutBank });
  });

export type SupplierInput = z.output<typeof schema>;

/** The form's rules: the record to store, or one message per field (in the form's order). */
export function parseSupplierForm(
  values: SupplierFormValues,
): { ok: true; input: SupplierInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = fieldErrors(parsed.error);
  const order = (field: string) => SUPPLIER_FIELDS.indexOf(field as keyof SupplierFormValues);
  return { ok: false, errors: Object.fromEntries(Object.entries(errors).sort(([a], [b]) => order(a) - order(b))) };
}

/** The form as it opens on a stored record. */
export function supplierFormOf(s: { [K in keyof SupplierInput]: SupplierInput[K] }): SupplierFormValues {
  return {
    name: s.name,
    bin: s.bin ?? "",
    tin: s.tin ?? "",
    phone: s.phone ?? "",
    email: s.email ?? "",
    address: s.address ?? "",
    bankName: s.bankName ?? "",
    bankAccountNumber: s.bankAccountNumber ?? "",
    walletNumber: s.walletNumber ?? "",
    paymentTermsDays: s.paymentTermsDays === null ? "" : String(s.paymentTermsDays),
    notes: s.notes ?? "",
  };
}
