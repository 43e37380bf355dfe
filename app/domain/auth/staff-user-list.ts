import { defineList } from "../../lib/list-params";
import { STAFF_ROLES } from "./roles";

// Settings > Users' list (/admin/settings/users): what its URL may ask for. A search over name and e-mail, the
// role and whether the user can sign in, sorts, pages; all in SQL (issue 19). Browser-safe.

export const STAFF_USER_LIST = defineList({
  sorts: { name: "asc", lastSignIn: "desc", created: "desc" },
  defaultSort: "name",
  filters: {
    role: { kind: "choice", values: STAFF_ROLES },
    status: { kind: "choice", values: ["active", "deactivated"] },
  },
  pageSize: 20,
});

export const STAFF_USER_STATUS_LABELS = { active: "Active", deactivated: "Deactivated" } as const;
