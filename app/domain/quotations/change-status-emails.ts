import { formatLongDate } from "../../lib/format";

// The e-mail the company gets when a customer approves, rejects or asks to negotiate a quotation (issue 10:
// "the company is e-mailed on every customer action"). It goes to the company's own notification address only.

export const CUSTOMER_RESPONSE_KINDS = {
  approved: "quotation.customer.approved",
  rejected: "quotation.customer.rejected",
  negotiating: "quotation.customer.negotiating",
} as const;

export type CustomerResponse = keyof typeof CUSTOMER_RESPONSE_KINDS;

export interface CustomerResponseFacts {
  id: string;
  customerName: string;
  email: string;
  eventName: string;
  /** YYYY-MM-DD */
  eventDate: string;
  rentalEndDate: string | null;
  reason: string | null;
  /** How the customer acted: signed in to the portal, or through the e-mailed link. */
  via: "portal" | "link";
}

const VERBS: Record<CustomerResponse, string> = {
  approved: "approved",
  rejected: "rejected",
  negotiating: "asked to negotiate",
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function customerResponseEmail(
  to: CustomerResponse,
  q: CustomerResponseFacts,
  notificationEmail: string,
): {
  to: string;
  subject: string;
  text: string;
  replyTo: string;
  kind: string;
  relatedType: "quotation";
  relatedId: string;
} {
  const period =
    q.rentalEndDate && q.rentalEndDate !== q.eventDate
      ? `${formatLongDate(q.eventDate)} to ${formatLongDate(q.rentalEndDate)}`
      : formatLongDate(q.eventDate);
  const text = [
    `${q.customerName} (${q.email}) ${VERBS[to]} the quotation for ${q.eventName}${q.via === "link" ? " through the e-mailed link" : " in the customer portal"}.`,
    "",
    `Event: ${q.eventName}`,
    `Dates: ${period}`,
    "",
    to === "approved" ? "Message" : "Reason",
    ...(q.reason ? q.reason.split(/\r?\n/).map((line) => `  ${line}`) : ["  none"]),
    "",
    to === "negotiating"
      ? "The quotation is now negotiating: change it in the back office under Quotations and send it again."
      : `The quotation is now ${to}; see it in the back office under Quotations.`,
    `Reference: ${q.id}`,
  ].join("\n");
  return {
    to: notificationEmail,
    subject: oneLine(`Quotation ${to === "negotiating" ? "negotiation requested" : to}: ${q.eventName}`),
    text,
    replyTo: q.email,
    kind: CUSTOMER_RESPONSE_KINDS[to],
    relatedType: "quotation",
    relatedId: q.id,
  };
}
