import { defineList } from "../../lib/list-params";
import { QUOTATION_STATUSES } from "./constants";
import { quotationReference } from "./reference";

// The customer portal's quotation list (/customer/dashboard, backoffice.md §2 Customer Quotations dashboard):
// what its URL may ask for. Browser-safe: the loader, the query and the page share it.

export const CUSTOMER_QUOTATION_LIST = defineList({
  sorts: { created: "desc", date: "desc", event: "asc" },
  defaultSort: "created",
  filters: { status: { kind: "choice", values: QUOTATION_STATUSES } },
  pageSize: 20,
});

/** The spec's short id: the first 8 characters, then an ellipsis. */
export function shortQuotationId(id: string): string {
  return `${quotationReference(id)}...`;
}
