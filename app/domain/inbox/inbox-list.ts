import { defineList } from "../../lib/list-params";
import { CONTACT_MESSAGE_STATUSES, type ContactMessageStatus } from "../content/constants";

// The contact inbox (/admin/inbox): what its URL may ask for, and how a message's state reads. Browser-safe.

export const INBOX_LIST = defineList({
  sorts: { received: "desc", name: "asc", subject: "asc" },
  defaultSort: "received",
  filters: { status: { kind: "choice", values: CONTACT_MESSAGE_STATUSES } },
  pageSize: 20,
});

export const CONTACT_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  new: "New",
  read: "Read",
  handled: "Handled",
};

/** The mailto: link that answers a message: to the visitor, subject "Re: <their subject>". */
export function replyHref(email: string, subject: string): string {
  const re = /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(re)}`;
}
