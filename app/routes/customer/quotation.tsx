import { getDb } from "~/db/client.server";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { shortQuotationId } from "~/domain/quotations/customer-quotation-list";
import { CustomerQuotationActions } from "~/ui/customer/quotation-actions";
import { CustomerQuotationView } from "~/ui/customer/quotation-view";
import { CustomerRecordError } from "~/ui/customer/record-error";
import { answerCustomerForm } from "./customer-answer.server";
import { requireOwnQuotation } from "./quotation-access.server";
import type { Route } from "./+types/quotation";

// backoffice.md §2 Customer Quotation detail. Only the customer's own quotation opens; any other id, a
// malformed one included, is a 404 that does not tell whether the quotation exists; so is every answer posted
// about one (change-status.server.ts compares the quotation's e-mail with the customer's).

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Quotation ${shortQuotationId(data.quotation.id)}` : "Quotation" },
];

export async function loader(args: Route.LoaderArgs) {
  const { quotation } = await requireOwnQuotation(args);
  return { quotation };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args);
  const form = await args.request.formData().catch(() => new FormData());
  // The page's own quotation: an id posted for another is refused like an unknown one.
  if (form.get("id") !== args.params.id) form.set("id", "");
  return answerCustomerForm(getDb(), form, { kind: "customer", userId: user.id, email: user.email });
}

export function ErrorBoundary() {
  return <CustomerRecordError />;
}

export default function CustomerQuotationPage({ loaderData }: Route.ComponentProps) {
  const { quotation } = loaderData;
  return (
    <CustomerQuotationView
      quotation={quotation}
      backTo="/customer/dashboard"
      pdfHref={(revision) => `/customer/quotation/${quotation.id}/revisions/${revision}/pdf`}
      actions={<CustomerQuotationActions quotation={quotation} afterDecision="/customer/dashboard" />}
    />
  );
}
