import type { VoidFormValues } from "~/domain/accounting/void-form";
import { CUSTOMER_PAYMENT_METHOD_LABELS } from "~/domain/sales/constants";
import type { CustomerPaymentSummary } from "~/domain/sales/customer-list";
import { CUSTOMER_PAYMENT_VOID_MESSAGES as M } from "~/domain/sales/void-customer-payment-messages";
import { formatMoney, formatShortDate } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { VoidDocumentDialog } from "~/ui/admin/accounts/void-dialog";

// Void a customer's payment (issue 36: a bounced cheque), opened from the customer's page (?void=<paymentId>): what is
// taken back (its date, how it was paid, its total and what it settled), then the void's date and the reason.

export function VoidCustomerPaymentDialog({
  payment: p,
  customerName,
  values,
  errors,
  closeHref,
  action,
}: {
  payment: CustomerPaymentSummary;
  customerName: string;
  values: VoidFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const toCredit = toPaisa(p.total) - toPaisa(p.allocated);
  const withheld = p.vdsAmount !== "0.00" || p.aitAmount !== "0.00";
  return (
    <VoidDocumentDialog
      title="Void payment"
      description={`A reversing entry takes the payment back: ${
        p.settled.length > 0 ? "the invoices it settled owe it again" : "the customer's credit goes down by it"
      }${withheld ? ", and what the customer withheld (VDS, AIT) leaves the tax register" : ""}. The payment stays on record, marked voided.`}
      facts={[
        { term: "Customer", value: customerName },
        { term: "Date", value: formatShortDate(p.date) },
        {
          term: "Method",
          value: [CUSTOMER_PAYMENT_METHOD_LABELS[p.method], p.methodReference, `into ${p.account}`]
            .filter(Boolean)
            .join(" · "),
        },
        {
          term: "Total",
          value: withheld
            ? `${formatMoney(p.total)} (received ${formatMoney(p.received)}, VDS ${formatMoney(p.vdsAmount)}, AIT ${formatMoney(p.aitAmount)})`
            : formatMoney(p.total),
        },
        {
          term: "Settled",
          value:
            p.settled.length > 0 ? (
              <span className="block" data-testid="void-settled">
                {p.settled.map((s) => (
                  <span key={s.invoiceId} className="block">
                    {s.number}: {formatMoney(s.amount)}
                  </span>
                ))}
              </span>
            ) : (
              "No invoice: an advance"
            ),
        },
        ...(toCredit > 0n
          ? [{ term: "To credit", value: `${formatMoney(fromPaisa(toCredit))}, taken off the customer's credit` }]
          : []),
      ]}
      values={values}
      minDate={p.date}
      errors={errors}
      idRequired={M.idRequired}
      failed={M.failed}
      closeHref={closeHref}
      action={action}
      intent="void"
      submitLabel="Void payment"
      busyLabel="Voiding..."
    />
  );
}
