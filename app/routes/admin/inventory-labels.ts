import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import {
  labelsFileName,
  loadLabelItems,
  readLabelRequest,
  renderItemLabelsPdf,
} from "~/domain/inventory/item-labels.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import { httpStatusOf } from "~/lib/use-case-http";
import type { Route } from "./+types/inventory-labels";

// GET /admin/inventory/labels?item=<id>[&item=<id>…][&copies=N]: the items' labels with their QR codes (issue 26),
// opened in the browser's PDF viewer to print. A request it cannot print answers a plain sentence saying why.

const refusal = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/inventory/labels");
  const request = readLabelRequest(new URL(args.request.url).searchParams);
  if (!request.ok) return refusal(httpStatusOf(request), request.message);
  const db = getDb();
  const found = await loadLabelItems(db, request);
  if (!found.ok) return refusal(httpStatusOf(found), found.message);
  const response = pdfDownloadResponse({
    filename: labelsFileName(found.labels),
    content: await renderItemLabelsPdf(db, found.labels),
  });
  // Shown in the browser, whose PDF viewer prints it; saved under the same name.
  response.headers.set(
    "Content-Disposition",
    attachmentDisposition(labelsFileName(found.labels)).replace(/^attachment/, "inline"),
  );
  return response;
}
