import { defineList } from "../../lib/list-params";
import { EVENT_STATUSES } from "./constants";

// The event cards of the back office (/admin/events, backoffice.md §2 Event Management; issue 11): what their URL
// may ask for. Beyond the spec: a search over title and location, a status filter, sorts and pages. Browser-safe.

export const EVENT_LIST = defineList({
  sorts: { date: "desc", title: "asc", created: "desc" },
  defaultSort: "date",
  filters: { status: { kind: "choice", values: EVENT_STATUSES } },
  pageSize: 12,
});
