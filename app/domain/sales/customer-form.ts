import { z } from "zod";
import { EMAIL_ADDRESS_MESSAGES, isEmailAddress } from "../../lib/email-address";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { isUuid } from "../../lib/list-params";
import { nameField } from "../../lib/name-text";
import { CUSTOMER_LIMITS } from "./constants";

// The customer's form (New customer, Edit) and the Merge form (issue 22): one message per field, the same rules in
// the browser and in the use case. Browser-safe.

export const CUSTOMER_MESSAGES = {
  created: "Customer added successfully",
  updated: "Customer updated successfully",
  merged: (duplicate: string, kept: string) => `${duplicate} merged into ${kept}`,
  createFailed: (message: string) => `Failed to add customer: ${message}`,
  updateFailed: (message: string) => `Failed to update customer: ${message}`,
  mergeFailed: (message: string) => `Failed to merge: ${message}`,
  notFound: "This customer does not exist",
  /** ?customer= or the detail's id names a record merged into another: go there. */
  mergedAway: "This customer was merged into another record",
  emailTaken: "Another customer has this e-mail address",
  binInvalid: "BIN must be 9 or 13 digits (hyphens and spaces allowed)",
  phoneInvalid: "Phone may hold digits, spaces, +, -, ( and ) only",
  duplicateRequired: "Choose the duplicate record",
  keepRequired: "Choose the record to keep",
  sameRecord: "Choose two different records: a record cannot be merged into itself",
  duplicateMerged: "This record was already merged into another",
  keepMerged: "This record was merged into another: choose the one it was merged into",
  /** Merging records with money documents moves invoices, payments and credit between customers: the accounts'. */
  mergeNeedsAccounts: (names: readonly string[]) =>
    `${names.join(" and ")} ${names.length > 1 ? "have" : "has"} invoices, credit notes or payments, and merging moves them and the customer's credit to the record kept: only someone who manages the accounts (an accountant or an admin) may merge ${names.length > 1 ? "these records" : "this record"}`,
  /** A quotation came to the duplicate (an approval) while the merge waited for its locks. */
  mergeRaced: "A quotation of the duplicate record changed meanwhile: merge again",
} as const;

export interface CustomerFormValues {
  name: string;
  organisation: string;
  email: string;
  phone: string;
  address: string;
  bin: string;
  /** "on" when ticked (a checkbox posts nothing otherwise). */
  vatWithholding: string;
  notes: string;
}

export const CUSTOMER_FIELDS = [
  "name",
  "organisation",
  "email",
  "phone",
  "address",
  "bin",
  "vatWithholding",
  "notes",
] as const satisfies readonly (keyof CustomerFormValues)[];

export function readCustomerForm(form: FormData): CustomerFormValues {
  return formFields(form, CUSTOMER_FIELDS);
}

export const emptyCustomerForm = (): CustomerFormValues => ({
  name: "",
  organisation: "",
  email: "",
  phone: "",
  address: "",
  bin: "",
  vatWithholding: "",
  notes: "",
});

/** A Bangladesh BIN as stored: its digits, 9 (the old form) or 13; null when `value` is not one. */
export function normalizeBin(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  return /^(\d{9}|\d{13})$/.test(digits) ? digits : null;
}

const L = CUSTOMER_LIMITS;

/** A free text field (address, notes): trimmed, at most `max` characters; line breaks allowed. */
const textField = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

const schema = z.object({
  name: nameField("Name", { max: L.name }),
  organisation: nameField("Organisation", { max: L.organisation, optional: true }),
  email: z
    .string()
    .trim()
    .max(L.email, EMAIL_ADDRESS_MESSAGES.tooLong)
    .refine((v) => v === "" || isEmailAddress(v), EMAIL_ADDRESS_MESSAGES.invalid),
  phone: z
    .string()
    .trim()
    .max(L.phone, `Phone must be at most ${L.phone} characters`)
    .refine((v) => v === "" || (/^[\d\s+()-]+$/.test(v) && /\d/.test(v)), CUSTOMER_MESSAGES.phoneInvalid),
  address: textField("Address", L.address),
  bin: z
    .string()
    .trim()
    .max(L.bin, CUSTOMER_MESSAGES.binInvalid)
    .refine((v) => v === "" || normalizeBin(v) !== null, CUSTOMER_MESSAGES.binInvalid),
  vatWithholding: z.string(),
  notes: textField("Notes", L.notes),
});

export interface CustomerInput {
  name: string;
  organisation: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  bin: string | null;
  vatWithholding: boolean;
  notes: string | null;
}

/** The form's rules: the record to store, or one message per field (in the form's order). */
export function parseCustomerForm(
  values: CustomerFormValues,
): { ok: true; input: CustomerInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return {
      ok: false,
      errors: Object.fromEntries(
        Object.entries(errors).sort(
          ([a], [b]) =>
            CUSTOMER_FIELDS.indexOf(a as keyof CustomerFormValues) -
            CUSTOMER_FIELDS.indexOf(b as keyof CustomerFormValues),
        ),
      ),
    };
  }
  const v = parsed.data;
  return {
    ok: true,
    input: {
      name: v.name,
      organisation: v.organisation || null,
      email: v.email || null,
      phone: v.phone || null,
      address: v.address || null,
      bin: v.bin ? normalizeBin(v.bin) : null,
      vatWithholding: v.vatWithholding === "on" || v.vatWithholding === "true",
      notes: v.notes || null,
    },
  };
}

/** The form as it opens on a stored record. */
export function customerFormOf(c: {
  name: string;
  organisation: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  bin: string | null;
  vatWithholding: boolean;
  notes: string | null;
}): CustomerFormValues {
  return {
    name: c.name,
    organisation: c.organisation ?? "",
    email: c.email ?? "",
    phone: c.phone ?? "",
    address: c.address ?? "",
    bin: c.bin ?? "",
    vatWithholding: c.vatWithholding ? "on" : "",
    notes: c.notes ?? "",
  };
}

// ---- Merge: the duplicate's documents move to the record kept.

export interface MergeFormValues {
  duplicateId: string;
  keepId: string;
}

export function readMergeForm(form: FormData): MergeFormValues {
  return formFields(form, ["duplicateId", "keepId"]);
}

export function parseMergeForm(
  values: MergeFormValues,
): { ok: true; input: MergeFormValues } | { ok: false; errors: Record<string, string> } {
  const duplicateId = values.duplicateId.trim().toLowerCase();
  const keepId = values.keepId.trim().toLowerCase();
  const errors: Record<string, string> = {};
  if (!isUuid(duplicateId)) errors.duplicateId = CUSTOMER_MESSAGES.duplicateRequired;
  if (!isUuid(keepId)) errors.keepId = CUSTOMER_MESSAGES.keepRequired;
  if (!errors.duplicateId && !errors.keepId && duplicateId === keepId) errors.keepId = CUSTOMER_MESSAGES.sameRecord;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: { duplicateId, keepId } };
}
