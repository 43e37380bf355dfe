import type { QuotationStatus } from "~/domain/quotations/constants";
import { Badge, type BadgeTone } from "~/ui/badge";

export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  pending: "Pending",
  sent: "Sent",
  approved: "Approved",
  rejected: "Rejected",
  negotiating: "Negotiating",
};

/** A quotation's status, the same badge in the back office and the portal: approved green, rejected red, any other yellow (backoffice.md §4). */
export function QuotationStatusBadge({ status }: { status: QuotationStatus }) {
  const tone: BadgeTone = status === "approved" ? "green" : status === "rejected" ? "red" : "amber";
  return <Badge tone={tone}>{QUOTATION_STATUS_LABELS[status]}</Badge>;
}
