import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { customerInvoicePdf } from "~/domain/sales/portal-invoices.server";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/invoice-pdf";

// GET /customer/invoices/:id/pdf: one of the signed-in customer's own tax invoices (Mushak-6.3), under the rule of
// their quotations; another customer's, an unknown or a malformed id is a 404 that does not tell them apart.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const pdf = await customerInvoicePdf(getDb(), user, args.params.id);
  if (!pdf) throw data("Invoice not found.", { status: 404 });
  return pdfDownloadResponse(pdf);
}
