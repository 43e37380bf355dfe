import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { renderReportPdf, reportCsv, reportFileName } from "~/domain/reports/report-export.server";
import { loadReportExport } from "~/domain/reports/reports-page.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import { todayInDhaka } from "~/lib/dhaka-time";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/reports-export";

// GET /admin/accounts/reports/export?format=csv|pdf&<the screen's parameters>: Financial Reports' Export Report
// (issue 24), the report the screen shows with the same tab, period and account as a CSV or a PDF file (the General
// Ledger's every line in the period, not one page). A parameter the screen would name as wrong: 400 with its message.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reports/export");
  const params = new URL(args.request.url).searchParams;
  const db = getDb();
  const result = await loadReportExport(db, params, todayInDhaka());
  if (!result.ok) throw data(result.message, { status: 400 });
  const { table, format, startMonth } = result;
  if (format === "pdf")
    return pdfDownloadResponse({
      filename: reportFileName(table, startMonth, "pdf"),
      content: await renderReportPdf(db, table, startMonth),
    });
  const company = await getCompanySettings(db);
  return new Response(reportCsv(table, company.name, startMonth), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(reportFileName(table, startMonth, "csv")),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
