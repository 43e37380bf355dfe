import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { pickListFileName } from "~/domain/jobs/pick-list";
import { renderPickListPdf } from "~/domain/jobs/pick-list-pdf.server";
import { loadPickList } from "~/domain/jobs/pick-list.server";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/pick-list-pdf";

// GET /admin/jobs/:id/pick-list/pdf: the job's pick list for the warehouse on paper (issue 26), JOB-000042-pick-list.pdf.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs/:id/pick-list/pdf");
  const db = getDb();
  const list = await loadPickList(db, args.params.id);
  if (!list) throw data("No such job.", { status: 404 });
  return pdfDownloadResponse({
    filename: pickListFileName(list.job.reference),
    content: await renderPickListPdf(db, list),
  });
}
