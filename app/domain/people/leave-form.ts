import { z } from "zod";
import { fieldErrors } from "../../lib/form-errors";
import { isCalendarDate } from "../../lib/list-params";
import { LEAVE_TYPES } from "./constants";
import { formFields } from "../../lib/form-data";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// A leave request (issue 11, beyond the spec's read-only list): the type, the first and last day, a reason.
// Browser-safe: the dialog and the use case share the rules and the messages.

export const LEAVE_MESSAGES = {
  requested: "Leave requested",
  approved: "Leave approved",
  rejected: "Leave rejected",
  requestFailed: (message: string) => `Failed to request leave: ${message}`,
  decideFailed: (message: string) => `Failed to update leave: ${message}`,
  noEmployee: "Your sign-in is not linked to an employee record; ask an administrator to add you as an employee",
  overlap: (start: string, end: string) => `You already have leave from ${start} to ${end} on some of these days`,
  notFound: "This leave request no longer exists",
  notPending: (status: string) => `Only a pending request can be decided (this one is ${status})`,
  notYourTeam: "Only an administrator or the lead of one of the employee's teams may decide this request",
  ownLeave: "You cannot decide your own leave: another administrator or a lead of one of your teams decides it",
  tooLong: "Leave can be at most 90 days at a time",
} as const;

export const LEAVE_LIMITS = { reason: 1000, days: 90 } as const;

export const LEAVE_TYPE_LABELS = { sick: "Sick", vacation: "Vacation", other: "Other" } as const;
export const LEAVE_STATUS_LABELS = { pending: "Pending", approved: "Approved", rejected: "Rejected" } as const;

export interface LeaveFormValues {
  type: string;
  startDate: string;
  endDate: string;
  reason: string;
}

export const EMPTY_LEAVE_FORM: LeaveFormValues = { type: "", startDate: "", endDate: "", reason: "" };

export function readLeaveForm(form: FormData): LeaveFormValues {
  return formFields(form, ["type", "startDate", "endDate", "reason"]);
}

/** Days from the first to the last, both counted (calendar days; the company works through weekends at events). */
export function leaveDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const date = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine(isRealDate, { error: `${label} must be a date`, abort: true })
    .refine(isBusinessDate, businessDateRangeMessage(label));

export const leaveSchema = z
  .object({
    type: z
      .string()
      .refine(
        (v): v is (typeof LEAVE_TYPES)[number] => (LEAVE_TYPES as readonly string[]).includes(v),
        "Choose sick, vacation or other",
      ),
    startDate: date("Start date"),
    endDate: date("End date"),
    reason: z
      .string()
      .trim()
      .max(LEAVE_LIMITS.reason, `Reason must be at most ${LEAVE_LIMITS.reason} characters`)
      .refine((v) => !CONTROL.test(v), "Reason contains characters that are not allowed")
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date cannot be before the start date" });
    else if (leaveDays(v.startDate, v.endDate) > LEAVE_LIMITS.days)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: LEAVE_MESSAGES.tooLong });
  });

export type LeaveInput = z.output<typeof leaveSchema>;

export function parseLeaveForm(
  values: LeaveFormValues,
): { ok: true; input: LeaveInput } | { ok: false; errors: Record<string, string> } {
  const parsed = leaveSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
