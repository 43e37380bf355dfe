import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import {
  reconciliationReport,
  reconciliationReportFileName,
  renderReconciliationReportPdf,
} from "~/domain/banking/reconciliation-report-pdf";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/reconciliation-pdf";

// GET /admin/accounts/reconciliation/:id/pdf: a finished (or reopened, marked so) bank reconciliation's report
// (issue 23). 404 for an id that names none.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reconciliation/:id/pdf");
  const db = getDb();
  const report = await reconciliationReport(db, args.params.id);
  if (!report) throw new Response("This reconciliation does not exist", { status: 404 });
  return pdfDownloadResponse({
    filename: reconciliationReportFileName(report),
    content: await renderReconciliationReportPdf(db, report),
  });
}
