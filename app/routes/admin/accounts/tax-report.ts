import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import {
  renderTaxReportPdf,
  TAX_REPORT_FORMATS,
  TAX_REPORT_PARTS,
  taxReportCsv,
  taxReportData,
  taxReportFileName,
  taxReportPeriod,
  type TaxReportFormat,
  type TaxReportPart,
} from "~/domain/tax/tax-report.server";
import { PERIOD_KEY_PATTERN } from "~/domain/tax/vat-period";
import { attachmentDisposition } from "~/lib/content-disposition";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/tax-report";

// GET /admin/accounts/tax/report?period=2026-04&format=pdf|csv&part=return|sales|purchases: Tax Management's Generate
// Report (issue 22). The PDF holds the return's figures and both registers; a CSV holds one part (the return's
// figures when none is named). `period` is the VAT period's first month (any month of a quarter names the quarter).

export const TAX_REPORT_MESSAGES = {
  periodRequired: "Choose a VAT period: ?period=YYYY-MM",
  formatInvalid: "Choose a format: pdf or csv",
  partInvalid: "Choose a part: return, sales or purchases",
} as const;

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/tax/report");
  const params = new URL(args.request.url).searchParams;
  const key = params.get("period") ?? "";
  const format = (params.get("format") || "pdf") as TaxReportFormat;
  const part = (params.get("part") || "return") as TaxReportPart;
  if (!PERIOD_KEY_PATTERN.test(key)) throw data(TAX_REPORT_MESSAGES.periodRequired, { status: 400 });
  if (!TAX_REPORT_FORMATS.includes(format)) throw data(TAX_REPORT_MESSAGES.formatInvalid, { status: 400 });
  if (!TAX_REPORT_PARTS.includes(part)) throw data(TAX_REPORT_MESSAGES.partInvalid, { status: 400 });
  const db = getDb();
  const period = await taxReportPeriod(db, key);
  const report = await taxReportData(db, period);
  if (format === "pdf")
    return pdfDownloadResponse({
      filename: taxReportFileName(period, "pdf", part),
      content: await renderTaxReportPdf(db, report),
    });
  return new Response(taxReportCsv(report, part), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(taxReportFileName(period, "csv", part)),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
