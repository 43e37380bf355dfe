import { defineList, type StateOf } from "../../lib/list-params";
import type { CustomerPaymentMethod } from "./constants";

// The payments screen (/admin/payments, issue 22): customer payments newest first, searched by customer, reference,
// invoice number and VDS certificate number; a filter for the VDS whose certificate (Mushak-6.6) has not come in (a
// voided payment awaits none). A voided payment stays listed, marked.
// Dialogs: ?new=1 (&customer=<id>&invoice=<id> preselect) Record payment, ?certificate=<id> the VDS certificate.
// Browser-safe.

export const CUSTOMER_PAYMENT_LIST = defineList({
  sorts: { date: "desc", total: "desc" },
  defaultSort: "date",
  filters: {
    vds: { kind: "choice", values: ["awaiting", "certified"] },
  },
  pageSize: 20,
});

export type CustomerPaymentListState = StateOf<typeof CUSTOMER_PAYMENT_LIST>;

export const VDS_FILTER_LABELS = { awaiting: "VDS certificate awaited", certified: "VDS certificate in" } as const;

export interface CustomerPaymentRow {
  id: string;
  date: string;
  customerId: string;
  customerName: string;
  method: CustomerPaymentMethod;
  methodReference: string | null;
  accountCode: string;
  accountName: string;
  received: string;
  vdsAmount: string;
  aitRatePercent: string;
  aitAmount: string;
  total: string;
  /** What it settled on invoices; total − allocated went to the customer's credit. */
  allocated: string;
  invoiceNumbers: string[];
  vdsCertificateNo: string | null;
  vdsCertificateDate: string | null;
  /** Voided (issue 36: a bounced cheque): the void's date and why; both null while it stands. */
  voidDate: string | null;
  voidReason: string | null;
}
