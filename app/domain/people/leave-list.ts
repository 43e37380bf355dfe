import { defineList } from "../../lib/list-params";
import { LEAVE_STATUSES, LEAVE_TYPES } from "./constants";

// The leave list (/admin/leaves, backoffice.md §2 Leave Management; issue 11): what its URL may ask for.
// Browser-safe.

export const LEAVE_LIST = defineList({
  sorts: { start: "desc", requested: "desc" },
  defaultSort: "start",
  filters: {
    status: { kind: "choice", values: LEAVE_STATUSES },
    type: { kind: "choice", values: LEAVE_TYPES },
    /** Only the signed-in employee's own requests. */
    show: { kind: "choice", values: ["mine", "to-decide"] },
  },
  pageSize: 20,
});
