import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { payslipDocument, payslipFileName, renderPayslipPdf } from "~/domain/payroll/payslip-pdf.server";
import { PAYSLIP_NOT_FOUND } from "~/domain/payroll/payslip-pdf-text";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/payslip-pdf";

// GET /admin/accounts/payroll/payslips/:id/pdf: any employee's payslip, for those who see the accounts (issue 25).

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/payroll/payslips/:id/pdf");
  const db = getDb();
  const slip = await payslipDocument(db, args.params.id);
  if (!slip) throw data(PAYSLIP_NOT_FOUND, { status: 404 });
  return pdfDownloadResponse({ filename: payslipFileName(slip), content: await renderPayslipPdf(slip) });
}
