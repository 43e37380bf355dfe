import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { DISBURSEMENT_MESSAGES as M } from "~/domain/payroll/disbursement-form";
import { parsePayrollMonth } from "~/domain/payroll/payroll-form";
import { salaryAdviceCsv, salaryAdviceFileName } from "~/domain/payroll/salary-advice.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import type { Route } from "./+types/salary-advice";

// GET /admin/accounts/salary-disbursement/advice?month=YYYY-MM: Salary Disbursement's bank advice (issue 25), a CSV
// of the month's payees still to pay with their accounts and wallets. A bad month is answered 400, a month never
// processed or wholly paid 404;
// the employees' payment details are for one who may see salaries (employees.salary), others 403.

export const SALARY_ADVICE_MESSAGES = {
  forbidden: "The bank advice holds the employees' payment details: only those who see salaries may download it",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/salary-disbursement/advice");
  const month = parsePayrollMonth(new URL(args.request.url).searchParams.get("month") ?? "");
  if (!month.ok) throw data(`${M.adviceMonthRequired}: ${month.message}`, { status: 400 });
  if (!can(user.role, "employees.salary")) throw data(SALARY_ADVICE_MESSAGES.forbidden, { status: 403 });
  const csv = await salaryAdviceCsv(getDb(), month.month);
  if (csv === "not-processed") throw data(M.notProcessed(month.month), { status: 404 });
  if (csv === "all-paid") throw data(M.nothingPending(month.month), { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(salaryAdviceFileName(month.month)),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
