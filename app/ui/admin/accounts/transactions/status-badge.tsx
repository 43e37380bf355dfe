import { TRANSACTION_STATUS_LABELS } from "~/domain/accounting/money-document-form";
import { Badge } from "~/ui/badge";

// A transaction's status as the spec colours it (backoffice.md §4): completed green, pending yellow, others red.

export function TransactionStatusBadge({ status }: { status: string }) {
  const tone = status === "completed" ? "green" : status === "pending" ? "amber" : "red";
  const label = (TRANSACTION_STATUS_LABELS as Record<string, string>)[status] ?? status;
  return <Badge tone={tone}>{label}</Badge>;
}
