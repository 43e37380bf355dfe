import type { EMPLOYEE_STATUSES } from "./constants";

// Who may be given a team's task (backoffice.md §2 Task Management; issue 20): an active member of that team.
// Browser-safe and written once: the dialog's Assignee list offers exactly these people for the chosen team, and
// the use case refuses anyone else, so the browser never offers someone the server would refuse.

/** One employee's membership of one team, as the task rules read it. */
export interface TeamMembership {
  teamId: string;
  /** The employee's id. */
  id: string;
  status: (typeof EMPLOYEE_STATUSES)[number];
}

/** The members of `teamId` a task of that team may be assigned to, in the order given. */
export function assigneesOfTeam<M extends TeamMembership>(members: readonly M[], teamId: string): M[] {
  return members.filter((m) => m.teamId === teamId && m.status === "active");
}

/** Whether `employeeId` may be given a task of `teamId`. */
export function mayBeAssigned(members: readonly TeamMembership[], teamId: string, employeeId: string): boolean {
  return assigneesOfTeam(members, teamId).some((m) => m.id === employeeId);
}
