import { defineList } from "../../lib/list-params";
import { EMAIL_STATUSES } from "./constants";

/** The e-mail outbox list (/admin/outbox): what its URL may ask for. Browser-safe. */
export const OUTBOX_LIST = defineList({
  sorts: { created: "desc", to: "asc", subject: "asc", attempts: "desc" },
  defaultSort: "created",
  filters: { status: { kind: "choice", values: EMAIL_STATUSES } },
  pageSize: 25,
});
