import { DEPARTMENTS, EMPLOYEE_STATUSES, POSITIONS } from "~/domain/people/constants";
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

const CHECK_EMPLOYEE_FORM = formCheck(readEmployeeForm, parseEmployeeForm);

export function EmployeeDialog({
  mode,
  values,
  errors: serverErrors,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: EmployeeFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    CHECK_EMPLOYEE_FORM,
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
      </div>
    </RecordFormDialog>
  );
}
