import { NEW_PASSWORD_MIN_LENGTH } from "~/domain/auth/forms";
import { Form } from "react-router";
import { FormError, SubmitButton, TextField, useFormBusy } from "./form";

export interface ChangePasswordResult {
  errors: Record<string, string>;
}

/** The password form of the forced change and of My account: current, new (8 or more), new again. */
export function ChangePasswordForm({ result, intent }: { result?: ChangePasswordResult | null; intent?: string }) {
  const busy = useFormBusy(intent);
  return (
    <Form method="post" className="space-y-4" noValidate>
      {intent && <input type="hidden" name="intent" value={intent} />}
      <FormError message={result?.errors.form} />
      <TextField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={result?.errors.currentPassword}
        required
      />
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        minLength={NEW_PASSWORD_MIN_LENGTH}
        hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters, hard to guess (no common password or pattern), different from the current one.`}
        error={result?.errors.newPassword}
        required
      />
      <TextField
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={result?.errors.confirmPassword}
        required
      />
      <SubmitButton label="Change Password" busyLabel="Changing..." busy={busy} />
    </Form>
  );
}
