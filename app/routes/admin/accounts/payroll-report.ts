import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { parsePayrollMonth } from "~/domain/payroll/payroll-form";
import {
  PAYROLL_REGISTER_FORMATS,
  PAYROLL_REGISTER_MESSAGES as M,
  payrollRegister,
  payrollRegisterCsv,
  payrollRegisterFileName,
  renderPayrollRegisterPdf,
  type PayrollRegisterFormat,
} from "~/domain/payroll/payroll-register.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/payroll-report";

// GET /admin/accounts/payroll/report?month=YYYY-MM&format=pdf|csv: Payroll's Generate Report (issue 25), the month's
// register. A bad month or format is answered 400 naming the parameter; a month never processed 404.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/payroll/report");
  const params = new URL(args.request.url).searchParams;
  const month = parsePayrollMonth(params.get("month") ?? "");
  const format = (params.get("format") || "pdf") as PayrollRegisterFormat;
  if (!month.ok) throw data(M.monthInvalid, { status: 400 });
  if (!PAYROLL_REGISTER_FORMATS.includes(format)) throw data(M.formatInvalid, { status: 400 });
  const db = getDb();
  const register = await payrollRegister(db, month.month);
  if (!register) throw data(M.notProcessed(month.month), { status: 404 });
  if (format === "pdf")
    return pdfDownloadResponse({
      filename: payrollRegisterFileName(register.month, "pdf"),
      content: await renderPayrollRegisterPdf(db, register),
    });
  return new Response(payrollRegisterCsv(register), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(payrollRegisterFileName(register.month, "csv")),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
