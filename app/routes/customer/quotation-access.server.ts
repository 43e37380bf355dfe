import { data } from "react-router";
import { getDb } from "~/db/client.server";
import type { GuardArgs } from "~/domain/auth/guard.server";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { getCustomerQuotation } from "~/domain/quotations/customer-quotations.server";

// Who may open a quotation in the portal, for its page and everything under it (the revisions' PDFs): the
// signed-in customer whose e-mail it was sent to. Any other id, another customer's, an unknown or a malformed one,
// is a 404 that does not tell whether the quotation exists.

export async function requireOwnQuotation(args: GuardArgs & { params: { id?: string } }) {
  const user = await requireCustomer(args);
  const quotation = await getCustomerQuotation(getDb(), user, args.params.id ?? "");
  if (!quotation) throw data("Quotation not found.", { status: 404 });
  return { user, quotation };
}
