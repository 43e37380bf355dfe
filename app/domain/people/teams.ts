import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { isUuid } from "../../lib/list-params";
import { nameField } from "../../lib/name-text";

// The Teams screen's texts, limits and form rules (issue 11), shared by the page and its use cases. Browser-safe.

export const TEAM_MESSAGES = {
  created: "Team created successfully",
  updated: "Team updated successfully",
  deleted: "Team deleted successfully",
  memberAdded: "Member added",
  memberRemoved: "Member removed",
  failed: (message: string) => `Failed to save team: ${message}`,
  nameTaken: "Another team has this name",
  notFound: "This team no longer exists",
  employeeNotFound: "Choose an active employee",
  hasTasks: (count: number) =>
    `This team has ${count} ${count === 1 ? "task" : "tasks"}; delete or finish them first, or rename the team instead`,
  alreadyMember: "This employee is already in the team",
  confirmDelete: "Are you sure you want to delete this team?",
} as const;

export const TEAM_NAME_MAX = 80;

/** A team's form as typed: its name and lead (the create and rename forms). */
export interface TeamFormValues {
  name: string;
  leadId: string;
}

export function readTeamForm(form: FormData): TeamFormValues {
  return formFields(form, ["name", "leadId"]);
}

const teamSchema = z.object({
  name: nameField("Team name", { max: TEAM_NAME_MAX }),
  leadId: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || null)
    .refine((v) => v === null || isUuid(v), TEAM_MESSAGES.employeeNotFound),
});

export type TeamInput = z.output<typeof teamSchema>;

/** The form's rules (browser and server): the name and lead to store, or one message per field. */
export function parseTeamForm(values: {
  name?: unknown;
  leadId?: unknown;
}): { ok: true; input: TeamInput } | { ok: false; errors: Record<string, string> } {
  const parsed = teamSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
