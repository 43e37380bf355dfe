import { useState } from "react";
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  POSITIONS,
  SALARY_PAYMENT_METHOD_LABELS,
  SALARY_PAYMENT_METHODS,
} from "~/domain/people/constants";
import {
  EMPLOYEE_LIMITS,
  EMPLOYEE_MESSAGES,
  parseEmployeeForm,
  readEmployeeForm,
  type EmployeeFormValues,
} from "~/domain/people/employee-form";
import { formCheck } from "~/lib/form-errors";
import { EMPLOYEE_STATUS_LABELS } from "~/domain/people/employee-list";
import { RecordFormDialog } from "../form-dialog";
import { FormError, SelectField, TextField, useFormBusy, useFormCheck } from "../form";

// The Add New Employee / Edit Employee dialog (backoffice.md §2 Employee Management, §5): the spec's fields, its
// positions and departments. It posts to the page with the dialog open, so a refusal answers with it still open.
// For a role that may see pay (issue 25), the pay details too: how the salary is paid, the bank account or wallet,
// and the leaving date. The fields of the other methods are hidden, not removed, so switching back loses nothing.

const CHECK_WITH_PAY = formCheck(readEmployeeForm, (values) => parseEmployeeForm(values, { withPay: true }));
const CHECK_WITHOUT_PAY = formCheck(readEmployeeForm, (values) => parseEmployeeForm(values, { withPay: false }));

export function EmployeeDialog({
  mode,
  values,
  errors: serverErrors,
  withPay,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: EmployeeFormValues;
  errors: Record<string, string | undefined>;
  /** The role may see pay (employees.salary): the pay details are shown and saved. */
  withPay: boolean;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    withPay ? CHECK_WITH_PAY : CHECK_WITHOUT_PAY,
    serverErrors,
    mode === "create" ? EMPLOYEE_MESSAGES.addFailed : EMPLOYEE_MESSAGES.updateFailed,
  );
  return (
    <RecordFormDialog
      title={mode === "create" ? "Add New Employee" : "Edit Employee"}
      closeHref={closeHref}
      action={action}
      intent={mode}
      id={values.id}
      version={values.version}
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Add Employee" : "Update Employee"}
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={errors.form} />
        </div>
        <TextField
          name="name"
          label="Name"
          required
          maxLength={EMPLOYEE_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          required
          maxLength={EMPLOYEE_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
          autoComplete="off"
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          maxLength={EMPLOYEE_LIMITS.phone}
          defaultValue={values.phone}
          error={errors.phone}
          hint="Optional"
        />
        <SelectField
          name="position"
          label="Position"
          required
          defaultValue={values.position}
          error={errors.position}
          options={[{ value: "", label: "Select position" }, ...POSITIONS.map((p) => ({ value: p, label: p }))]}
        />
        <SelectField
          name="department"
          label="Department"
          required
          defaultValue={values.department}
          error={errors.department}
          options={[{ value: "", label: "Select department" }, ...DEPARTMENTS.map((d) => ({ value: d, label: d }))]}
        />
        <TextField
          name="joiningDate"
          label="Joining Date"
          type="date"
          required
          defaultValue={values.joiningDate}
          error={errors.joiningDate}
        />
        <TextField
          name="salary"
          label="Salary (৳)"
          inputMode="decimal"
          required
          defaultValue={values.salary}
          error={errors.salary}
          hint="Monthly basic salary"
        />
        <SelectField
          name="status"
          label="Status"
          required
          defaultValue={values.status}
          error={errors.status}
          options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: EMPLOYEE_STATUS_LABELS[s] }))}
        />
        {withPay && <PayFields values={values} errors={errors} />}
      </div>
    </RecordFormDialog>
  );
}

function PayFields({ values, errors }: { values: EmployeeFormValues; errors: Record<string, string | undefined> }) {
  const [method, setMethod] = useState(values.paymentMethod || "bank");
  const wallet = method === "bkash" || method === "nagad";
  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="sr-only">Payment details</legend>
      <p className="text-sm font-semibold text-ink-900 sm:col-span-2">Payment details</p>
      <SelectField
        name="paymentMethod"
        label="Payment method"
        required
        value={method}
        onChange={(event) => setMethod(event.currentTarget.value)}
        error={errors.paymentMethod}
        options={SALARY_PAYMENT_METHODS.map((m) => ({ value: m, label: SALARY_PAYMENT_METHOD_LABELS[m] }))}
      />
      <TextField
        name="leavingDate"
        label="Leaving date"
        type="date"
        min={values.joiningDate || undefined}
        defaultValue={values.leavingDate}
        error={errors.leavingDate}
        hint="Optional: the month they leave is paid for the days employed"
      />
      {/* Another method's fields stay in the form, hidden, unless they hold a mistake to correct. */}
      <div className={method === "bank" || errors.bankAccountNumber || errors.bankName ? "contents" : "hidden"}>
        <TextField
          name="bankName"
          label="Bank name"
          maxLength={EMPLOYEE_LIMITS.bankName}
          defaultValue={values.bankName}
          error={errors.bankName}
          autoComplete="off"
        />
        <TextField
          name="bankAccountNumber"
          label="Account number"
          inputMode="numeric"
          maxLength={EMPLOYEE_LIMITS.accountNumber}
          defaultValue={values.bankAccountNumber}
          error={errors.bankAccountNumber}
          autoComplete="off"
          hint="6 to 20 digits. Optional here: a missing one is flagged at disbursement"
        />
      </div>
      <div className={wallet || errors.walletNumber ? "contents" : "hidden"}>
        <TextField
          name="walletNumber"
          label="Wallet number"
          type="tel"
          required={wallet}
          maxLength={EMPLOYEE_LIMITS.wallet}
          defaultValue={values.walletNumber}
          error={errors.walletNumber}
          autoComplete="off"
          hint="The bKash or Nagad mobile number: 01XXXXXXXXX"
        />
      </div>
    </fieldset>
  );
}
