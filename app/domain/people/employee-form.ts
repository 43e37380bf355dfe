import { z } from "zod";
import { isEmailAddress } from "../../lib/email-address";
import { fieldErrors } from "../../lib/form-errors";
import { moneyField } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import { DEPARTMENTS, EMPLOYEE_STATUSES, POSITIONS, SALARY_PAYMENT_METHODS } from "./constants";
import { formFields } from "../../lib/form-data";
import { ACCOUNT_NUMBER, bankNameField, MOBILE, normalizeWalletNumber, PAYEE_MESSAGES } from "../../lib/payee-details";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// The Add New Employee / Edit Employee form (backoffice.md §2 Employee Management, §5; issue 11): one schema for
// the browser's messages and the action's decision. Browser-safe.
//
// Issue 25 adds the employee's pay details: how the salary is paid (bank transfer by default, bKash, Nagad or cash),
// the bank and account number, the wallet number, and the leaving date (a part month is paid for the days
// employed). Like the salary, they are shown and saved only for those who may see pay (employees.salary):
// parseEmployeeForm checks them only when asked to.

/** The spec's texts (backoffice.md §8), word for word, and ours beside them. */
export const EMPLOYEE_MESSAGES = {
  added: "Employee added successfully",
  updated: "Employee updated successfully",
  deleted: "Employee deleted successfully",
  addFailed: (message: string) => `Failed to add employee: ${message}`,
  updateFailed: (message: string) => `Failed to update employee: ${message}`,
  deleteFailed: (message: string) => `Failed to delete employee: ${message}`,
  confirmDelete: "Are you sure you want to delete this employee?",
  madeInactive:
    "Employee made inactive: tasks, leave or payslips refer to them, so they are kept for that history. They no longer appear in the choices of new tasks, events and payroll.",
  notFound: "This employee no longer exists",
  fieldsInvalid: "Please correct the highlighted fields",
  emailTaken: "Another employee has this e-mail address",
  changedMeanwhile:
    "Someone else changed this employee while you were editing. Your changes were not saved; the form now shows theirs.",
  idRequired: "Employee ID is required for update",
  // Giving an employee a sign-in (beyond the spec; issue 11).
  signInInvited: (email: string) => `Sign-in created: an e-mail with a temporary password is on its way to ${email}`,
  signInLinked: (email: string) => `Linked to the existing back-office sign-in of ${email}`,
  signInFailed: (message: string) => `Failed to give a sign-in: ${message}`,
  signInExists: "This employee can already sign in",
  signInInactive: "An inactive employee cannot be given a sign-in",
  signInCustomer: "A customer's portal account has this e-mail address. Change the employee's e-mail address first.",
  signInTakenByOther: "That sign-in already belongs to another employee",
  roleInvalid: "Choose a role: Administrator, Staff or Accountant",
  // Pay details (issue 25).
  paymentMethodInvalid: "Choose a payment method: Bank transfer, bKash, Nagad or Cash",
  bankNameTooLong: "Bank name must be at most 120 characters",
  accountNumberInvalid: PAYEE_MESSAGES.accountNumberInvalid,
  walletRequired: "Wallet number is required for a salary paid by bKash or Nagad",
  walletInvalid: PAYEE_MESSAGES.walletInvalid,
  leavingDateInvalid: "Leaving date must be a date",
  leavingBeforeJoining: "Leaving date cannot be before the joining date",
} as const;

export const EMPLOYEE_LIMITS = {
  name: 120,
  email: 254,
  phone: 30,
  bankName: 120,
  accountNumber: 20,
  wallet: 16,
} as const;

export interface EmployeeFormValues {
  id: string;
  /** updated_at as the form was opened (ISO); empty for a new employee. */
  version: string;
  name: string;
  email: string;
  phone: string;
  position: string;
  department: string;
  joiningDate: string;
  salary: string;
  status: string;
  /** Pay details (issue 25): only for those who may see pay. */
  paymentMethod: string;
  bankName: string;
  bankAccountNumber: string;
  walletNumber: string;
  leavingDate: string;
}

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  id: "",
  version: "",
  name: "",
  email: "",
  phone: "",
  position: "",
  department: "",
  joiningDate: "",
  salary: "",
  status: "active",
  paymentMethod: "bank",
  bankName: "",
  bankAccountNumber: "",
  walletNumber: "",
  leavingDate: "",
};

export function readEmployeeForm(form: FormData): EmployeeFormValues {
  return formFields(form, [
    "id",
    "version",
    "name",
    "email",
    "phone",
    "position",
    "department",
    "joiningDate",
    "salary",
    "status",
    "paymentMethod",
    "bankName",
    "bankAccountNumber",
    "walletNumber",
    "leavingDate",
  ]);
}

const PHONE = /^\+?[0-9][0-9 ()-]{5,28}$/;

const choice = <T extends readonly string[]>(values: T, message: string) =>
  z.string().refine((v): v is T[number] => (values as readonly string[]).includes(v), message);

export const employeeSchema = z.object({
  name: nameField("Name", { max: EMPLOYEE_LIMITS.name }),
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(EMPLOYEE_LIMITS.email, `Email must be at most ${EMPLOYEE_LIMITS.email} characters`)
    .refine(isEmailAddress, "Enter a valid e-mail address")
    .transform((v) => v.toLowerCase()),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || PHONE.test(v), "Enter a phone number of digits, spaces, dashes or brackets")
    .transform((v) => v || null),
  position: choice(POSITIONS, "Choose a position"),
  department: choice(DEPARTMENTS, "Choose a department"),
  joiningDate: z
    .string()
    .trim()
    .min(1, "Joining date is required")
    .refine(isRealDate, { error: "Joining date must be a date", abort: true })
    .refine(isBusinessDate, businessDateRangeMessage("Joining date")),
  salary: moneyField("Salary"),
  status: choice(EMPLOYEE_STATUSES, "Choose a status"),
});

export const employeePaySchema = z
  .object({
    // Left out (a form without the field), it is the spec's default: bank.
    paymentMethod: z
      .string()
      .trim()
      .transform((v) => v || "bank")
      .pipe(choice(SALARY_PAYMENT_METHODS, EMPLOYEE_MESSAGES.paymentMethodInvalid)),
    bankName: bankNameField(EMPLOYEE_LIMITS.bankName, EMPLOYEE_MESSAGES.bankNameTooLong),
    bankAccountNumber: z
      .string()
      .trim()
      .refine((v) => v === "" || ACCOUNT_NUMBER.test(v), EMPLOYEE_MESSAGES.accountNumberInvalid)
      .transform((v) => v || null),
    walletNumber: z
      .string()
      .transform(normalizeWalletNumber)
      .refine((v) => v === "" || MOBILE.test(v), EMPLOYEE_MESSAGES.walletInvalid)
      .transform((v) => v || null),
    leavingDate: z
      .string()
      .trim()
      .refine((v) => v === "" || isRealDate(v), { error: EMPLOYEE_MESSAGES.leavingDateInvalid, abort: true })
      .refine((v) => v === "" || isBusinessDate(v), businessDateRangeMessage("Leaving date"))
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if ((v.paymentMethod === "bkash" || v.paymentMethod === "nagad") && v.walletNumber === null)
      ctx.addIssue({ code: "custom", path: ["walletNumber"], message: EMPLOYEE_MESSAGES.walletRequired });
  });

export type EmployeeInput = z.output<typeof employeeSchema>;
export type EmployeePayInput = z.output<typeof employeePaySchema>;

/**
 * The form's own rules: the input to store, or one message per field. The pay details are checked (and returned)
 * only `withPay`: for a role that may not see pay they are neither shown nor saved.
 */
export function parseEmployeeForm(
  values: EmployeeFormValues,
  options: { withPay?: boolean } = {},
): { ok: true; input: EmployeeInput; pay: EmployeePayInput | null } | { ok: false; errors: Record<string, string> } {
  const withPay = options.withPay ?? true;
  const parsed = employeeSchema.safeParse(values);
  const pay = withPay ? employeePaySchema.safeParse(values) : null;
  const errors = {
    ...(parsed.success ? {} : fieldErrors(parsed.error)),
    ...(pay && !pay.success ? fieldErrors(pay.error) : {}),
  };
  if (parsed.success && pay?.success && pay.data.leavingDate !== null && pay.data.leavingDate < parsed.data.joiningDate)
    errors.leavingDate = EMPLOYEE_MESSAGES.leavingBeforeJoining;
  if (!parsed.success || (pay && !pay.success) || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data, pay: pay?.success ? pay.data : null };
}
