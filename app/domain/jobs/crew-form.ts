import { z } from "zod";
import { dhakaDateTime } from "../../lib/dhaka-time";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { MONTHS } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { nameField } from "../../lib/name-text";
import { TASK_LIMITS } from "../people/task-form";
import { JOB_ROLE_LABELS, JOB_ROLES, type JobRole } from "./constants";

// A job's crew (issue 26): the Assign crew form of /admin/jobs/:id/crew. Browser-safe: the dialog and the use case
// share the rules, the messages and the default time of each part of the job.

export const CREW_MESSAGES = {
  assigned: (name: string, role: string) => `${name} assigned to ${role}`,
  unassigned: (name: string, role: string) => `${name} taken off ${role}`,
  assignFailed: (message: string) => `Failed to assign crew: ${message}`,
  unassignFailed: (message: string) => `Failed to take off the crew: ${message}`,
  jobNotFound: "This job no longer exists",
  taskNotFound: "This crew task no longer exists",
  roleUnknown: "Choose Setup, Operate or Strike",
  teamRequired: "Team is required",
  teamNotFound: "Team not found: choose one of the teams listed",
  employeeRequired: "Employee is required",
  notMember: "Employee is not an active member of the chosen team",
  onLeave: (name: string, period: string) => `Employee ${name} is on approved leave ${period}, during this job`,
  alreadyOnRole: (name: string, role: string) => `Employee ${name} is already on ${role} of this job`,
  badWhen: "When must be a date and time",
  doubleBooked: (name: string, others: string) =>
    `${name} is also on ${others} at the same time. Assign anyway if that is intended.`,
  emptyCrew: "No crew yet",
  emptyCrewHint: "Assign the people who set up, operate and strike this job.",
} as const;

export interface CrewFormValues {
  role: string;
  teamId: string;
  employeeId: string;
  title: string;
  /** YYYY-MM-DDTHH:mm in Dhaka (a datetime-local input); empty for the role's default. */
  when: string;
  /** "1" once the double-booking warning was seen and the person is assigned anyway. */
  confirm: string;
}

export const EMPTY_CREW_FORM: CrewFormValues = {
  role: "setup",
  teamId: "",
  employeeId: "",
  title: "",
  when: "",
  confirm: "",
};

export function readCrewForm(form: FormData): CrewFormValues {
  return formFields(form, ["role", "teamId", "employeeId", "title", "when", "confirm"]);
}

/** What the defaults are made from: the job's period and its event's time. */
export interface CrewJob {
  title: string;
  startDate: string;
  endDate: string;
  /** HH:MM or HH:MM:SS */
  eventTime: string;
}

/** Hours before the event's time the setup crew is due. */
export const SETUP_HOURS_BEFORE = 3;
/** The hour of the job's last day the strike crew is due: the evening. */
export const STRIKE_HOUR = 22;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * When a crew task is due unless typed: setup on the start date 3 hours before the event's time (midnight at the
 * earliest), operate at the event's time on the start date, strike on the end date at 22:00 (or at the event's time,
 * if a one-day job's event starts later than that). YYYY-MM-DDTHH:mm, Dhaka time.
 */
export function defaultCrewWhen(role: JobRole, job: CrewJob): string {
  const [h = 0, m = 0] = job.eventTime.split(":").map(Number);
  if (role === "operate") return `${job.startDate}T${pad(h)}:${pad(m)}`;
  if (role === "setup") {
    const minutes = Math.max(0, h * 60 + m - SETUP_HOURS_BEFORE * 60);
    return `${job.startDate}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const late = job.endDate === job.startDate && h * 60 + m > STRIKE_HOUR * 60;
  return late ? `${job.endDate}T${pad(h)}:${pad(m)}` : `${job.endDate}T${pad(STRIKE_HOUR)}:00`;
}

/** The task's title unless typed: "Setup: <job title>". */
export function defaultCrewTitle(role: JobRole, jobTitle: string): string {
  return `${JOB_ROLE_LABELS[role]}: ${jobTitle}`.slice(0, TASK_LIMITS.title);
}

/** "12–14 Dec", "30 Dec – 2 Jan", "12 Dec" for a leave or a job's days, short. */
export function shortPeriod(start: string, end: string): string {
  const [, sm, sd] = start.split("-").map(Number) as [number, number, number];
  const [, em, ed] = end.split("-").map(Number) as [number, number, number];
  const mon = (m: number) => MONTHS[m - 1]!.slice(0, 3);
  if (start === end) return `${sd} ${mon(sm)}`;
  if (sm === em) return `${sd}–${ed} ${mon(sm)}`;
  return `${sd} ${mon(sm)} – ${ed} ${mon(em)}`;
}

const crewSchema = z.object({
  role: z.string().refine((v): v is JobRole => (JOB_ROLES as readonly string[]).includes(v), CREW_MESSAGES.roleUnknown),
  teamId: z
    .string()
    .min(1, CREW_MESSAGES.teamRequired)
    .refine(isUuid, CREW_MESSAGES.teamNotFound)
    .transform((v) => v.toLowerCase()),
  employeeId: z
    .string()
    .min(1, CREW_MESSAGES.employeeRequired)
    .refine(isUuid, CREW_MESSAGES.notMember)
    .transform((v) => v.toLowerCase()),
  // The task's title, the task form's rule; empty is the default title.
  title: nameField("Title", { max: TASK_LIMITS.title, optional: true }),
  when: z
    .string()
    .trim()
    .refine((v) => v === "" || dhakaDateTime(v) !== null, CREW_MESSAGES.badWhen),
  confirm: z.string().transform((v) => v === "1"),
});

export type CrewInput = z.output<typeof crewSchema>;

export function parseCrewForm(
  values: CrewFormValues,
): { ok: true; input: CrewInput } | { ok: false; errors: Record<string, string> } {
  const parsed = crewSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
