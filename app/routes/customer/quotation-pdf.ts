import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { customerRevisionPdf } from "~/domain/quotations/revision-pdf.server";
import { pdfDownloadResponse, revisionParam } from "~/lib/pdf-response";
import { requireOwnQuotation } from "./quotation-access.server";
import type { Route } from "./+types/quotation-pdf";

// GET /customer/quotation/:id/revisions/:revision/pdf: a revision of the customer's own quotation as the PDF that
// was sent (issue 20), opened under the quotation page's own rule; another customer's is a 404 like the page.

export async function loader(args: Route.LoaderArgs) {
  const { quotation } = await requireOwnQuotation(args);
  const pdf = await customerRevisionPdf(getDb(), quotation, revisionParam(args.params.revision));
  if (!pdf) throw data("Revision not found.", { status: 404 });
  return pdfDownloadResponse(pdf);
}
