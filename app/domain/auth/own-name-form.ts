import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { userNameField } from "./staff-users";

// Settings > My account's name form (issue 20): every back-office user edits their own name, the only
// administrator included (nobody else could); it is also the name of the employee record the sign-in acts as.
// Browser and server (ADR 0022); the rules of the invitation's name.

export const OWN_NAME_MESSAGES = {
  renamed: "Name updated successfully",
  unchanged: "Your name was already that; nothing changed",
  failed: (reason: string) => `Failed to update name: ${reason}`,
} as const;

export interface OwnNameValues {
  name: string;
}

export function readOwnNameForm(form: FormData): OwnNameValues {
  return formFields(form, ["name"]);
}

const ownNameSchema = z.object({ name: userNameField });

/** The name to store (trimmed), or the field's message. */
export function parseOwnNameForm(
  values: OwnNameValues,
): { ok: true; input: { name: string } } | { ok: false; errors: Record<string, string> } {
  const parsed = ownNameSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
