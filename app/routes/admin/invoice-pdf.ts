import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { invoicePdf } from "~/domain/sales/invoice-pdf-input.server";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/invoice-pdf";

// GET /admin/invoices/:id/pdf: a tax invoice (Mushak-6.3) as the PDF that was e-mailed, read from its own rows.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/invoices/:id/pdf");
  const pdf = await invoicePdf(getDb(), args.params.id);
  if (!pdf) throw data("Invoice not found.", { status: 404 });
  return pdfDownloadResponse(pdf);
}
