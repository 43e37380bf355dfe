import { formatLongDate, formatMoney, formatTime } from "../../lib/format";
import type { QuotationStatus } from "./constants";
import { quotationReference } from "./reference";

// The two e-mails a new quotation request sends (storefront.md §7.3): one tells the company, one confirms to
// the customer what they asked for. Built from the stored quotation only, never from what a browser sent.

export interface QuotationSummaryLine {
  inventoryItemId: string | null;
  name: string;
  size: string | null;
  quantity: number;
  /** Decimal strings with 2 places, as stored. */
  unitPrice: string;
  total: string;
}

/** A stored quotation as the storefront needs it after submitting, and as its e-mails describe it. */
export interface QuotationSummary {
  id: string;
  status: QuotationStatus;
  customerName: string;
  email: string;
  phone: string;
  eventName: string;
  /** YYYY-MM-DD */
  eventDate: string;
  /** HH:MM:SS */
  eventTime: string;
  eventLocation: string;
  notes: string | null;
  total: string;
  /** ISO 8601 */
  createdAt: string;
  lines: QuotationSummaryLine[];
}

export interface CompanyContact {
  name: string;
  notificationEmail: string;
  phones: string[];
  emails: string[];
}

export const QUOTATION_CREATED_KINDS = {
  company: "quotation.created.company",
  customer: "quotation.created.customer",
} as const;

export interface QuotationEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  kind: (typeof QUOTATION_CREATED_KINDS)[keyof typeof QUOTATION_CREATED_KINDS];
  relatedType: "quotation";
  relatedId: string;
}

/** Told to the company when the customer's confirmation was held back by its limits. */
export const CONFIRMATION_NOT_SENT_NOTE = "No confirmation was sent to the customer (limit reached).";

/** A subject is one line: whatever the visitor typed, line breaks and runs of spaces become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function itemLabel(line: QuotationSummaryLine): string {
  return line.size ? `${line.name} (${line.size})` : line.name;
}

function itemList(lines: QuotationSummaryLine[]): string[] {
  return lines.map(
    (line, i) =>
      `  ${i + 1}. ${itemLabel(line)}: ${line.quantity} × ${formatMoney(line.unitPrice)} = ${formatMoney(line.total)}`,
  );
}

function when(q: QuotationSummary): string {
  return `${formatLongDate(q.eventDate)} at ${formatTime(q.eventTime)}`;
}

function indented(text: string): string[] {
  return text.split(/\r?\n/).map((line) => `  ${line}`);
}

/** The company's notification: everything the customer typed, for the staff who price the request. */
export function companyNotification(
  q: QuotationSummary,
  company: CompanyContact,
  options: { customerConfirmed: boolean } = { customerConfirmed: true },
): QuotationEmail {
  const text = [
    `${q.customerName} asked ${company.name} for a quotation through the website.`,
    "",
    "Customer",
    `  Name:     ${q.customerName}`,
    `  E-mail:   ${q.email}`,
    `  Phone:    ${q.phone}`,
    "",
    "Event",
    `  Name:     ${q.eventName}`,
    `  When:     ${when(q)}`,
    `  Location: ${q.eventLocation}`,
    "",
    "Requested items (quantity × list price)",
    ...itemList(q.lines),
    `  Total at list prices: ${formatMoney(q.total)}`,
    "",
    "Notes",
    ...(q.notes ? indented(q.notes) : ["  none"]),
    "",
    ...(options.customerConfirmed ? [] : [CONFIRMATION_NOT_SENT_NOTE, ""]),
    "The request is waiting in the back office under Quotations (status pending): price it there and send the quotation to the customer.",
    `Reference: ${q.id}`,
  ].join("\n");
  return {
    to: company.notificationEmail,
    subject: oneLine(`New quotation request: ${q.eventName}`),
    text,
    // A reply from the company's inbox reaches the customer.
    replyTo: q.email,
    kind: QUOTATION_CREATED_KINDS.company,
    relatedType: "quotation",
    relatedId: q.id,
  };
}

/** "We received your quotation request (reference 7f3a9c2e)": the short reference the portal shows. */
export function customerConfirmationSubject(quotationId: string): string {
  return `We received your quotation request (reference ${quotationReference(quotationId)})`;
}

/**
 * The customer's confirmation. Anyone can type any address into the form, so this message carries nothing the
 * visitor typed (no name, event name, location or notes): only fixed text, the reference, the event's date and
 * time (both checked formats) and the lines, whose names, sizes and prices come from the inventory. Otherwise
 * the form would let anyone make the company's server mail their own text to any address.
 */
export function customerConfirmation(q: QuotationSummary, company: CompanyContact): QuotationEmail {
  const contact = [
    company.emails[0] ? `write to ${company.emails[0]}` : null,
    company.phones[0] ? `call ${company.phones[0]}` : null,
  ].filter(Boolean);
  const text = [
    "Hello,",
    "",
    `Thank you for your quotation request. ${company.name} has received it and will send you a priced quotation for your event soon.`,
    "",
    `Event date: ${when(q)}`,
    "",
    "What you asked for (quantity × list price)",
    ...itemList(q.lines),
    `  Total at list prices: ${formatMoney(q.total)}`,
    "",
    "These are our list prices; the quotation we send you sets the final price.",
    ...(contact.length ? [`To change anything in your request, ${contact.join(" or ")}, quoting your reference.`] : []),
    "If you did not ask for a quotation, you can ignore this message.",
    "",
    `Your reference: ${quotationReference(q.id)}`,
    "",
    company.name,
  ].join("\n");
  return {
    to: q.email,
    subject: customerConfirmationSubject(q.id),
    text,
    kind: QUOTATION_CREATED_KINDS.customer,
    relatedType: "quotation",
    relatedId: q.id,
  };
}

/** The e-mails of a new request: the company's first, then the customer's when it may be sent. */
export function quotationCreatedEmails(
  q: QuotationSummary,
  company: CompanyContact,
  options: { confirmCustomer: boolean } = { confirmCustomer: true },
): QuotationEmail[] {
  const notification = companyNotification(q, company, { customerConfirmed: options.confirmCustomer });
  return options.confirmCustomer ? [notification, customerConfirmation(q, company)] : [notification];
}
