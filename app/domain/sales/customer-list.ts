import { defineList, type StateOf } from "../../lib/list-params";
import type { CustomerPaymentMethod, InvoiceKind, InvoiceStatus } from "./constants";

// The Customers screen (/admin/customers, issue 22): the live records (a merged one leaves the list), searched by
// name, organisation, e-mail and phone, with how many quotations each has and, for those who see the money, what was
// invoiced, what they owe (the invoices' dues less their credit) and their credit. Browser-safe.

export const CUSTOMER_LIST = defineList({
  sorts: { name: "asc", owes: "desc", created: "desc" },
  defaultSort: "name",
  filters: {},
  pageSize: 20,
});

export type CustomerListState = StateOf<typeof CUSTOMER_LIST>;

export interface CustomerMoney {
  /** Σ the invoices' totals less Σ their credit notes' totals. */
  invoiced: string;
  /** Σ the invoices' dues (total − paid − credited) less the credit: what the customer owes now. */
  owes: string;
  /** Paid beyond what it settled, and credit notes' rest: the customer's credit. */
  credit: string;
}

export interface CustomerRow {
  id: string;
  name: string;
  organisation: string | null;
  email: string | null;
  phone: string | null;
  vatWithholding: boolean;
  quotationCount: number;
  /** Null for a user who does not see the accounts. */
  money: CustomerMoney | null;
}

/** One customer as the Merge dialog offers it. */
export interface CustomerChoice {
  id: string;
  name: string;
  organisation: string | null;
  email: string | null;
}

export const customerChoiceLabel = (c: CustomerChoice) => [c.name, c.organisation, c.email].filter(Boolean).join(" · ");

export interface CustomerQuotation {
  id: string;
  reference: string;
  eventName: string;
  eventDate: string;
  status: string;
  total: string | null;
  createdAt: string;
}

export interface CustomerInvoice {
  id: string;
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string | null;
  total: string;
  paid: string;
  credited: string;
  due: string;
}

export interface CustomerPaymentSummary {
  id: string;
  date: string;
  method: CustomerPaymentMethod;
  methodReference: string | null;
  received: string;
  vdsAmount: string;
  aitAmount: string;
  total: string;
  allocated: string;
  vdsCertificateNo: string | null;
}

export interface CustomerDetail {
  id: string;
  name: string;
  organisation: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  bin: string | null;
  vatWithholding: boolean;
  notes: string | null;
  createdAt: string;
  quotations: CustomerQuotation[];
  /** Null for a user who does not see the accounts. */
  accounts: {
    money: CustomerMoney;
    /** Σ the invoices' dues, before the credit. */
    dues: string;
    invoices: CustomerInvoice[];
    payments: CustomerPaymentSummary[];
  } | null;
}
