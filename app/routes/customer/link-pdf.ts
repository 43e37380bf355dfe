import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { privatePageMiddleware } from "~/domain/auth/guard.server";
import { getQuotationByLink } from "~/domain/quotations/customer-quotations.server";
import { customerRevisionPdf } from "~/domain/quotations/revision-pdf.server";
import { pdfDownloadResponse, revisionParam } from "~/lib/pdf-response";
import type { Route } from "./+types/link-pdf";

// GET /customer/link/:token/revisions/:revision/pdf: the PDF of a revision of the quotation the e-mailed link opens
// (issue 20), under the link page's own rule: while the token is the quotation's current one and unexpired. An
// expired, replaced or unknown link is a 404. Private, and the token never leaves in a Referer.

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const linked = await getQuotationByLink(db, params.token);
  const pdf =
    linked.state === "open" ? await customerRevisionPdf(db, linked.quotation, revisionParam(params.revision)) : null;
  if (!pdf) throw data("Quotation not found.", { status: 404 });
  const response = pdfDownloadResponse(pdf);
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
