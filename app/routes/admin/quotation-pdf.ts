import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { quotationRevisionPdf } from "~/domain/quotations/revision-pdf.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import type { Route } from "./+types/quotation-pdf";

// GET /admin/quotations/:id/revisions/:revision/pdf: a revision of a quotation as a PDF, as it was sent (its own
// lines, money and validity; quotation_revisions).

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/quotations/:id/revisions/:revision/pdf");
  const revision = /^\d{1,6}$/.test(args.params.revision) ? Number(args.params.revision) : 0;
  const pdf = await quotationRevisionPdf(getDb(), args.params.id, revision);
  if (!pdf) throw data("Revision not found.", { status: 404 });
  return new Response(new Uint8Array(pdf.content), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(pdf.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
