import { Form } from "react-router";
import { formCheck } from "~/lib/form-errors";
import { OWN_NAME_MESSAGES, parseOwnNameForm, readOwnNameForm } from "~/domain/auth/own-name-form";
import { primaryButton } from "../../buttons";
import { SubmitButton, TextField, useFormBusy, useFormCheck } from "../form";

const checkOwnName = formCheck(readOwnNameForm, parseOwnNameForm);

/**
 * My account's name form: checked in the browser first (ADR 0022), a plain form post without JavaScript; what was
 * typed stays when the server refuses it.
 */
export function OwnNameForm({
  name,
  hint,
  result,
}: {
  name: string;
  hint: string;
  result?: { errors: Record<string, string>; values?: { name: string } } | null;
}) {
  const busy = useFormBusy("rename");
  const { errors, onSubmit } = useFormCheck(checkOwnName, result?.errors ?? {}, OWN_NAME_MESSAGES.failed);
  return (
    <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="rename" />
      <TextField
        name="name"
        label="Name"
        autoComplete="name"
        defaultValue={result?.values?.name ?? name}
        // A new default after a save: the field shows the stored name.
        key={name}
        hint={hint}
        error={errors.name}
        className="min-w-0 flex-1"
        required
      />
      <SubmitButton label="Save Name" busyLabel="Saving..." busy={busy} className={`${primaryButton} sm:mt-6`} />
    </Form>
  );
}
