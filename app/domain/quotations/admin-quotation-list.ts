import { defineList } from "../../lib/list-params";
import { QUOTATION_STATUSES } from "./constants";

// The back office's quotation list (/admin/quotations, backoffice.md §2 Quotation Management; issue 10): what
// its URL may ask for. Beyond the spec: a status filter, a search over name, e-mail and event, and a sort by
// event date or by when the request came in. Browser-safe: the loader, the query and the page share it.

export const ADMIN_QUOTATION_LIST = defineList({
  sorts: { received: "desc", event: "asc" },
  defaultSort: "received",
  filters: { status: { kind: "choice", values: QUOTATION_STATUSES } },
  pageSize: 10,
});

/**
 * The statuses staff may price and send from (Send Quotation): the spec's pending and negotiating, and sent, to
 * send again when the e-mail was lost or the link expired (a new revision and link).
 */
export const SENDABLE_STATUSES = ["pending", "negotiating", "sent"] as const;
/** The statuses staff may approve or reject from (change-status.server.ts decides; the page shows the buttons). */
export const STAFF_DECIDABLE_STATUSES = ["pending", "sent", "negotiating"] as const;

export const QUOTATIONS_PATH = "/admin/quotations";

/** A revision's PDF, as sent. */
export function revisionPdfHref(id: string, revision: number): string {
  return `${QUOTATIONS_PATH}/${id}/revisions/${revision}/pdf`;
}
