import { Form } from "react-router";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { STAFF_ROLE_OPTIONS } from "~/domain/auth/staff-users";
import type { SignInPreview } from "~/domain/people/employee-sign-in.server";
import { DialogActions, FormDialog } from "../form-dialog";
import { SelectField, SubmitButton, useFormBusy } from "../form";

// Give an employee a sign-in (issue 11, administrators): a back-office user invited by e-mail, or the existing
// back-office user with the employee's e-mail linked. One choice (the role), decided by the server.

export function GiveSignInDialog({
  employee,
  error,
  closeHref,
  action,
}: {
  employee: SignInPreview;
  error?: string;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("give-signin");
  const linking = employee.existingRole && employee.existingRole in ROLE_LABELS;
  return (
    <FormDialog title="Give a sign-in" closeHref={closeHref} size="sm">
      <Form method="post" action={action} replace preventScrollReset>
        <input type="hidden" name="intent" value="give-signin" />
        <input type="hidden" name="id" value={employee.id} />
        <div className="space-y-4 px-5 py-4 text-sm text-slate-700">
          {linking ? (
            <p>
              A back-office sign-in with <span className="font-medium text-ink-900">{employee.email}</span> exists
              already ({ROLE_LABELS[employee.existingRole as keyof typeof ROLE_LABELS]}). It will be linked to{" "}
              <span className="font-medium text-ink-900">{employee.name}</span>; its role stays as it is.
            </p>
          ) : (
            <p>
              <span className="font-medium text-ink-900">{employee.name}</span> gets an e-mail at{" "}
              <span className="font-medium text-ink-900">{employee.email}</span> with a temporary password, to be
              changed at the first sign-in.
            </p>
          )}
          <SelectField
            name="role"
            label="Role"
            required
            defaultValue="staff"
            error={error}
            options={STAFF_ROLE_OPTIONS}
          />
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label={linking ? "Link Sign-in" : "Send Invitation"} busyLabel="Saving..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
