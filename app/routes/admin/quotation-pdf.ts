import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { quotationRevisionPdf } from "~/domain/quotations/revision-pdf.server";
import { pdfDownloadResponse, revisionParam } from "~/lib/pdf-response";
import type { Route } from "./+types/quotation-pdf";

// GET /admin/quotations/:id/revisions/:revision/pdf: a revision of a quotation as a PDF, as it was sent (its own
// lines, money and validity; quotation_revisions).

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/quotations/:id/revisions/:revision/pdf");
  const pdf = await quotationRevisionPdf(getDb(), args.params.id, revisionParam(args.params.revision));
  if (!pdf) throw data("Revision not found.", { status: 404 });
  return pdfDownloadResponse(pdf);
}
