import { z } from "zod";
import { fieldErrors } from "../../lib/form-errors";
import { dhakaDateTime } from "../../lib/dhaka-time";
import { isUuid } from "../../lib/list-params";
import { TASK_PRIORITIES, TASK_STATUSES } from "./constants";
import { formFields } from "../../lib/form-data";
import { nameField } from "../../lib/name-text";

// The Add New Task / Edit Task form (backoffice.md §2 Task Management, §5; issue 11). Browser-safe: the dialog
// and the use cases share the rules and the spec's messages. The due date and time are typed in Dhaka time.

export const TASK_MESSAGES = {
  added: "Task added successfully",
  updated: "Task updated successfully",
  deleted: "Task deleted successfully",
  statusChanged: "Task status updated",
  addFailed: (message: string) => `Failed to add task: ${message}`,
  updateFailed: (message: string) => `Failed to update task: ${message}`,
  deleteFailed: (message: string) => `Failed to delete task: ${message}`,
  confirmDelete: "Are you sure you want to delete this task?",
  emptyTitle: "No tasks found",
  emptyHint: "Start by creating a new task.",
  notFound: "This task no longer exists",
  noEmployee: "Your sign-in is not linked to an employee record; ask an administrator to add you as an employee",
  notLead: "Choose a team you lead",
  notMember: "Choose a member of the chosen team",
  notYours: "Only the team's lead, the one who assigned it or an administrator may change this task",
  notAssignee: "Only the assignee, the team's lead or an administrator may change this task's status",
  changedMeanwhile:
    "Someone else changed this task while you were editing. Your changes were not saved; the form now shows theirs.",
} as const;

export const TASK_LIMITS = { title: 200, description: 5000 } as const;

export const TASK_STATUS_LABELS = {
  pending: "Pending",
  "in-progress": "In Progress",
  completed: "Completed",
  blocked: "Blocked",
} as const;
export const TASK_PRIORITY_LABELS = { low: "Low", medium: "Medium", high: "High" } as const;

export interface TaskFormValues {
  id: string;
  version: string;
  title: string;
  description: string;
  teamId: string;
  assignedTo: string;
  status: string;
  priority: string;
  /** YYYY-MM-DDTHH:mm, Dhaka time (a datetime-local input). */
  dueDate: string;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  id: "",
  version: "",
  title: "",
  description: "",
  teamId: "",
  assignedTo: "",
  status: "pending",
  priority: "medium",
  dueDate: "",
};

export function readTaskForm(form: FormData): TaskFormValues {
  return formFields(form, [
    "id",
    "version",
    "title",
    "description",
    "teamId",
    "assignedTo",
    "status",
    "priority",
    "dueDate",
  ]);
}

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  z.string().refine((v): v is T[number] => (values as readonly string[]).includes(v), message);

export const taskSchema = z.object({
  // A title names the task in lists: the one rule for names (one line, nothing hidden).
  title: nameField("Title", { max: TASK_LIMITS.title }),
  description: z
    .string()
    .trim()
    .max(TASK_LIMITS.description, `Description must be at most ${TASK_LIMITS.description} characters`)
    .refine((v) => !CONTROL.test(v), "Description contains characters that are not allowed")
    .transform((v) => v || null),
  teamId: z
    .string()
    .min(1, "Team is required")
    .refine(isUuid, TASK_MESSAGES.notLead)
    .transform((v) => v.toLowerCase()),
  assignedTo: z
    .string()
    .min(1, "Assignee is required")
    .refine(isUuid, TASK_MESSAGES.notMember)
    .transform((v) => v.toLowerCase()),
  status: oneOf(TASK_STATUSES, "Choose a status"),
  priority: oneOf(TASK_PRIORITIES, "Choose a priority"),
  dueDate: z
    .string()
    .min(1, "Due date is required")
    .transform((v, ctx) => {
      const date = dhakaDateTime(v);
      if (!date) {
        ctx.addIssue({ code: "custom", message: "Due date must be a date and time" });
        return z.NEVER;
      }
      return date;
    }),
});

export type TaskInput = z.output<typeof taskSchema>;

export function parseTaskForm(
  values: TaskFormValues,
): { ok: true; input: TaskInput } | { ok: false; errors: Record<string, string> } {
  const parsed = taskSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
