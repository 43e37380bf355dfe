import { defineList } from "../../lib/list-params";

/** The audit log list (/admin/audit): what its URL may ask for. Browser-safe. */
export const AUDIT_LIST = defineList({
  sorts: { time: "desc" },
  defaultSort: "time",
  filters: {
    /** The acting user's id (a select of the users who appear in the log). */
    user: { kind: "uuid" },
    /** An action name as written by recordAudit, e.g. contact_message.handled. */
    action: { kind: "text", maxLength: 80, pattern: /^[A-Za-z0-9_.:-]+$/ },
    /** From and to: calendar dates in Dhaka, both included. */
    from: { kind: "date" },
    to: { kind: "date" },
  },
  pageSize: 50,
  // A count over the whole log stops here (200 pages); the date and other filters reach older lines.
  countCap: 10_000,
});

/** The back-office page of the record an audit line is about, when there is one. */
export function auditRecordHref(entityType: string | null, entityId: string | null): string | null {
  if (!entityType) return null;
  switch (entityType) {
    case "contact_message":
      return entityId ? `/admin/inbox/${encodeURIComponent(entityId)}` : null;
    case "email":
      return entityId ? `/admin/outbox/${encodeURIComponent(entityId)}` : null;
    case "user":
      return "/admin/settings/users";
    case "inventory_item":
      return entityId ? `/admin/inventory?edit=${encodeURIComponent(entityId)}` : null;
    case "account":
      return entityId ? `/admin/accounts/chart/${encodeURIComponent(entityId)}` : null;
    case "accounting_settings":
      return "/admin/settings/accounting";
    case "year_end_close":
      return "/admin/accounts/reports/year-end";
    case "budget":
      return "/admin/accounts/budget";
    // Issue 36: a payable's, receivable's or transaction's details (its payments and their voids); the tax screen.
    case "transaction":
      return entityId ? `/admin/accounts?view=${encodeURIComponent(entityId)}` : null;
    case "tax_deposit":
    case "tax_record":
      return "/admin/accounts/tax";
    default:
      return null;
  }
}
