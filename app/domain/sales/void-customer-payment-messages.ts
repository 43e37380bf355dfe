import { formatMoney, formatShortDate } from "../../lib/format";

// Void a customer payment (issue 36: a bounced cheque): the messages of the use case (void-customer-payment.server.ts)
// and of its dialog on the customer's page. Browser-safe.

export const CUSTOMER_PAYMENT_VOID_MESSAGES = {
  voided: (amount: string, customer: string) =>
    `Payment of ${formatMoney(amount)} from ${customer} voided: the invoices it settled owe it again`,
  failed: (reason: string) => `Failed to void the payment: ${reason}`,
  idRequired: "Choose the payment to void",
  notFound: "This payment does not exist",
  alreadyVoided: (date: string | null) =>
    `This payment was already voided${date ? ` on ${formatShortDate(date)}` : ""}`,
  beforePayment: (date: string) =>
    `The void cannot be dated before the payment it takes back (${formatShortDate(date)})`,
  creditSpent: (credit: string, left: string) =>
    `${formatMoney(credit)} of this payment went to the customer's credit, and only ${formatMoney(left)} of that credit is left: it was applied to invoices since. Undo that first`,
} as const;
