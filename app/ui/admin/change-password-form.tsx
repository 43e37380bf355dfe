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
      <NewPasswordFields errors={result?.errors ?? {}} differentFromCurrent />
      <SubmitButton label="Change Password" busyLabel="Changing..." busy={busy} />
    </Form>
  );
}

/**
 * The new password and its repeat, with the change-password rules' hint: the password change's and the e-mailed
 * reset link's forms (app/ui/auth/reset-password-page.tsx).
 */
export function NewPasswordFields({
  errors,
  differentFromCurrent = false,
}: {
  errors: Record<string, string | undefined>;
  /** The form asks for the current password too: the new one must differ from it. */
  differentFromCurrent?: boolean;
}) {
  return (
    <>
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        minLength={NEW_PASSWORD_MIN_LENGTH}
        hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters, hard to guess (no common password or pattern)${
          differentFromCurrent ? ", different from the current one" : ""
        }.`}
        error={errors.newPassword}
        required
      />
      <TextField
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        required
      />
    </>
  );
}
