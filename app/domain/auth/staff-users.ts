import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { EMAIL_ADDRESS_MAX_LENGTH, isEmailAddress } from "../../lib/email-address";
import { nameField } from "../../lib/name-text";
import { ROLE_LABELS, STAFF_ROLES } from "./roles";

// The forms of Settings > Users: invite a staff member, change a role, deactivate, reactivate. Each posts an
// `intent` to /admin/settings/users. No server imports: the screen shares the rules and the messages.

export const USER_NAME_MAX_LENGTH = 100;

export const STAFF_USER_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${USER_NAME_MAX_LENGTH} characters`,
  nameOneLine: "Name must be one line of plain text",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  emailTaken: "A user with this e-mail address already exists",
  roleInvalid: "Choose a role: Administrator, Staff or Accountant",
  userMissing: "That user was not found; reload the page and try again",
  lastAdmin:
    "The last active administrator cannot be demoted or deactivated (one who must still change their password does not count).",
  selfDeactivate: "You cannot deactivate your own account.",
  invited: "User invited successfully",
  inviteFailed: "Failed to invite user",
  roleChanged: "Role updated successfully",
  roleUnchanged: "The role was already set; nothing changed",
  roleFailed: "Failed to update role",
  deactivated: "User deactivated successfully",
  deactivateFailed: "Failed to deactivate user",
  reactivated: "User reactivated successfully",
  reactivateFailed: "Failed to reactivate user",
} as const;

export const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const staffRole = z.enum(STAFF_ROLES, { error: STAFF_USER_MESSAGES.roleInvalid });
const userId = z.uuid({ error: STAFF_USER_MESSAGES.userMissing });

/** A back-office user's name, as the invitation and My account (own-name-form.ts) take it. */
export const userNameField = nameField("Name", {
  max: USER_NAME_MAX_LENGTH,
  messages: {
    required: STAFF_USER_MESSAGES.nameRequired,
    tooLong: STAFF_USER_MESSAGES.nameTooLong,
    control: STAFF_USER_MESSAGES.nameOneLine,
  },
});

export const inviteUserSchema = z.object({
  name: userNameField,
  email: z
    .string({ error: STAFF_USER_MESSAGES.emailRequired })
    .trim()
    .min(1, STAFF_USER_MESSAGES.emailRequired)
    .max(EMAIL_ADDRESS_MAX_LENGTH, STAFF_USER_MESSAGES.emailInvalid)
    .refine((v) => v === "" || isEmailAddress(v), STAFF_USER_MESSAGES.emailInvalid)
    .transform((v) => v.toLowerCase()),
  role: staffRole,
});
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

export const changeRoleSchema = z.object({ userId, role: staffRole });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const userIdSchema = z.object({ userId });

/** The invite form as typed, handed back when it fails. */
export interface InviteFormValues {
  name: string;
  email: string;
  role: string;
}

export function readInviteForm(form: FormData): InviteFormValues {
  return formFields(form, ["name", "email", "role"]);
}

/** The invite form's rules (browser and server): the input, or one message per field. */
export function parseInviteForm(
  values: InviteFormValues,
): { ok: true; input: InviteUserInput } | { ok: false; errors: Record<string, string> } {
  const parsed = inviteUserSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
