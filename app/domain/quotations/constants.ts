/** Quotation statuses (backoffice.md §4). */
export const QUOTATION_STATUSES = ["pending", "sent", "approved", "rejected", "negotiating"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** What a row of quotation_events records. */
export const QUOTATION_EVENT_KINDS = ["created", "status_changed", "sent", "message"] as const;
export type QuotationEventKind = (typeof QUOTATION_EVENT_KINDS)[number];

/** A line of a quotation as a revision keeps it (quotation_revisions.lines): a snapshot, money as exact strings. */
export interface QuotationRevisionLine {
  inventoryItemId: string | null;
  name: string;
  size: string | null;
  quantity: number;
  unitPrice: string;
  /** The price unit and the days charged (ADR 0019); absent in revisions sent before pricing by period. */
  priceUnit?: string | null;
  days?: number | null;
  /**
   * The item's supplementary-duty rate when sent (issue 37), a decimal string; absent in revisions sent before items
   * carried one (0). The tax invoice charges it.
   */
  sdRatePercent?: string;
  total: string;
}

/** The longest reason a status change keeps (staff's or the customer's). */
export const REASON_MAX_LENGTH = 1000;
