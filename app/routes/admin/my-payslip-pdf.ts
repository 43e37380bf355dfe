import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { payslipDocument, payslipFileName, renderPayslipPdf } from "~/domain/payroll/payslip-pdf.server";
import { PAYSLIP_NOT_FOUND } from "~/domain/payroll/payslip-pdf-text";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/my-payslip-pdf";

// GET /admin/payslips/:id/pdf: one's own payslip, from My account (issue 25). Served only when the payslip's employee
// is the signed-in user (employees.user_id), or to one who sees the accounts; anyone else's is answered exactly as an
// id that names none (404), so the ids of others' payslips are not confirmed.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/payslips/:id/pdf");
  const db = getDb();
  const slip = await payslipDocument(db, args.params.id);
  if (!slip || (slip.employeeUserId !== user.id && !can(user.role, "accounts.view")))
    throw data(PAYSLIP_NOT_FOUND, { status: 404 });
  return pdfDownloadResponse({ filename: payslipFileName(slip), content: await renderPayslipPdf(slip) });
}
