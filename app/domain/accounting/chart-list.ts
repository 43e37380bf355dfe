import { defineList } from "../../lib/list-params";
import { ACCOUNT_TYPES } from "./constants";

// The chart of accounts (/admin/accounts/chart; issue 21): what its URL may ask for. The accounts are shown as a
// tree in code order (each under its parent), filtered by type and status and searched by code or name; a chart
// has a few hundred accounts at most, so one page holds it whole. Browser-safe.

export const ACCOUNT_STATUSES = ["active", "inactive"] as const;
export const ACCOUNT_STATUS_LABELS = { active: "Active", inactive: "Deactivated" } as const;

export const CHART_LIST = defineList({
  sorts: { code: "asc" },
  defaultSort: "code",
  filters: {
    type: { kind: "choice", values: ACCOUNT_TYPES },
    status: { kind: "choice", values: ACCOUNT_STATUSES },
  },
  pageSize: 200,
});
