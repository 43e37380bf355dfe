import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { customerCreditNotePdf } from "~/domain/sales/portal-invoices.server";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/credit-note-pdf";

// GET /customer/credit-notes/:id/pdf: a credit note (Mushak-6.7) on one of the signed-in customer's own invoices;
// any other id is a 404.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const pdf = await customerCreditNotePdf(getDb(), user, args.params.id);
  if (!pdf) throw data("Credit note not found.", { status: 404 });
  return pdfDownloadResponse(pdf);
}
