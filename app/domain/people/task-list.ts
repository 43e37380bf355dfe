import { defineList } from "../../lib/list-params";
import { TASK_PRIORITIES, TASK_STATUSES } from "./constants";

// The task cards (/admin/tasks, backoffice.md §2 Task Management; issue 11): what their URL may ask for. Beyond
// the spec: filters by status, priority and team, "mine", and the overdue ones. Browser-safe.

export const TASK_LIST = defineList({
  sorts: { due: "asc", created: "desc" },
  defaultSort: "created",
  filters: {
    status: { kind: "choice", values: TASK_STATUSES },
    priority: { kind: "choice", values: TASK_PRIORITIES },
    team: { kind: "uuid" },
    show: { kind: "choice", values: ["mine", "overdue"] },
  },
  pageSize: 12,
});
