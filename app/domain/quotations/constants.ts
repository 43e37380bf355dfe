/** Quotation statuses (backoffice.md §4). */
export const QUOTATION_STATUSES = ["pending", "sent", "approved", "rejected", "negotiating"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** What a row of quotation_events records. */
export const QUOTATION_EVENT_KINDS = ["created", "status_changed", "sent", "message"] as const;
export type QuotationEventKind = (typeof QUOTATION_EVENT_KINDS)[number];
