import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { creditNotePdf } from "~/domain/sales/invoice-pdf-input.server";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/credit-note-pdf";

// GET /admin/credit-notes/:id/pdf: a credit note (Mushak-6.7) as the PDF that was e-mailed, read from its own rows.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/credit-notes/:id/pdf");
  const pdf = await creditNotePdf(getDb(), args.params.id);
  if (!pdf) throw data("Credit note not found.", { status: 404 });
  return pdfDownloadResponse(pdf);
}
