import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { PayslipStatus } from "../accounting/constants";

// My account's "My payslips" (issue 25): the payslips of the employee a signed-in user is (employees.user_id, the
// same link /admin/payslips/:id/pdf checks), newest month first. An undone month's payslip is left out: it was never
// paid, and the month processed again has its own. Null for a user who is no employee: the page shows no section.

export interface MyPayslip {
  id: string;
  /** YYYY-MM. */
  month: string;
  net: string;
  status: PayslipStatus;
  /** The calendar day in Dhaka it was paid. */
  paidOn: string | null;
  daysPaid: number;
  daysInMonth: number;
}

export async function myPayslips(db: DbOrTx, userId: string): Promise<MyPayslip[] | null> {
  const [employee] = await queryRows<{ id: string }>(db, sql`select id from employees where user_id = ${userId}`);
  if (!employee) return null;
  const rows = await queryRows<{
    id: string;
    month: string;
    net: string;
    status: PayslipStatus;
    paid_on: string | null;
    days_paid: number;
    days_in_month: number;
  }>(
    db,
    sql`select p.id, to_char(r.period_month, 'YYYY-MM') as month, p.net::text as net, p.status,
          to_char(p.paid_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as paid_on, p.days_paid, p.days_in_month
        from payslips p join payroll_runs r on r.id = p.payroll_run_id
        where p.employee_id = ${employee.id} and p.status <> 'reversed'
        order by r.period_month desc, r.created_at desc, p.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    net: fromPaisa(toPaisa(r.net)),
    status: r.status,
    paidOn: r.paid_on,
    daysPaid: Number(r.days_paid),
    daysInMonth: Number(r.days_in_month),
  }));
}
