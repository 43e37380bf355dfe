import { defineList } from "../../lib/list-params";
import { DEPARTMENTS, EMPLOYEE_STATUSES } from "./constants";

// The employee list (/admin/employees, backoffice.md §2 Employee Management; issue 11): what its URL may ask for.
// Beyond the spec: a search over name, e-mail and phone, filters by department and status, sorts, pages.
// Browser-safe.

export const EMPLOYEE_LIST = defineList({
  sorts: { name: "asc", joined: "desc", department: "asc", position: "asc" },
  defaultSort: "name",
  filters: {
    department: { kind: "choice", values: DEPARTMENTS },
    status: { kind: "choice", values: EMPLOYEE_STATUSES },
  },
  pageSize: 20,
});

export const EMPLOYEE_STATUS_LABELS = { active: "Active", inactive: "Inactive" } as const;
