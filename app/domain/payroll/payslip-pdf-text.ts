import type { PayrollRunStatus, PayslipStatus } from "../accounting/constants";
import { documentDate } from "../../lib/pdf/document-dates";

// What a payslip and the month's register say in words (issue 25): the days paid for a part month, the payslip's and
// the run's status. Browser-safe and pure, so the PDFs and My account say the same.

/**
 * A part month's days, with why: "Paid for 15 of 30 days (joined 16 Nov 2026)", "… (left 20 Nov 2026)", or both.
 * Null for a whole month. The joining and leaving dates are the employee's; only one inside the month is named.
 */
export function payslipDaysNote(slip: {
  month: string;
  daysPaid: number;
  daysInMonth: number;
  joiningDate: string | null;
  leavingDate: string | null;
}): string | null {
  if (slip.daysPaid >= slip.daysInMonth) return null;
  const inMonth = (date: string | null): date is string => date !== null && date.slice(0, 7) === slip.month;
  const why = [
    inMonth(slip.joiningDate) ? `joined ${documentDate(slip.joiningDate)}` : null,
    inMonth(slip.leavingDate) ? `left ${documentDate(slip.leavingDate)}` : null,
  ].filter((w): w is string => w !== null);
  return `Paid for ${slip.daysPaid} of ${slip.daysInMonth} days${why.length > 0 ? ` (${why.join(", ")})` : ""}`;
}

export const PAYSLIP_STATUS_LABELS: Record<PayslipStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  reversed: "Undone",
};

export const PAYROLL_RUN_STATUS_LABELS: Record<PayrollRunStatus, string> = {
  processed: "Processed, not yet paid",
  disbursed: "Paid",
  reversed: "Undone",
};

/** "Pending", "Paid on 30 Nov 2026 from 1100 Bank account" (the day in Dhaka), or "Undone". */
export function payslipStatusText(slip: {
  status: PayslipStatus;
  paidOn: string | null;
  paidFrom: string | null;
}): string {
  if (slip.status !== "paid") return PAYSLIP_STATUS_LABELS[slip.status];
  return `Paid${slip.paidOn ? ` on ${documentDate(slip.paidOn)}` : ""}${slip.paidFrom ? ` from ${slip.paidFrom}` : ""}`;
}

/** An unknown payslip, and one that is someone else's on one's own page: the same answer. */
export const PAYSLIP_NOT_FOUND = "This payslip does not exist";
