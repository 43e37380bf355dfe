import { describe, expect, it } from "vitest";
import { payslipDaysNote, payslipStatusText } from "./payslip-pdf-text";

// What a payslip says in words (issue 25): a part month's days and why, and its status.

describe("payslipDaysNote", () => {
  const base = { month: "2026-11", daysInMonth: 30, joiningDate: "2020-01-01", leavingDate: null };

  it("says nothing for a whole month", () => {
    expect(payslipDaysNote({ ...base, daysPaid: 30 })).toBeNull();
  });

  it("names the joining day, the leaving day, or both, when inside the month", () => {
    expect(payslipDaysNote({ ...base, daysPaid: 15, joiningDate: "2026-11-16" })).toBe(
      "Paid for 15 of 30 days (joined 16 Nov 2026)",
    );
    expect(payslipDaysNote({ ...base, daysPaid: 20, leavingDate: "2026-11-20" })).toBe(
      "Paid for 20 of 30 days (left 20 Nov 2026)",
    );
    expect(payslipDaysNote({ ...base, daysPaid: 5, joiningDate: "2026-11-03", leavingDate: "2026-11-07" })).toBe(
      "Paid for 5 of 30 days (joined 3 Nov 2026, left 7 Nov 2026)",
    );
  });

  it("gives no reason it cannot see (dates since changed, outside the month)", () => {
    expect(payslipDaysNote({ ...base, daysPaid: 10, leavingDate: "2026-12-10" })).toBe("Paid for 10 of 30 days");
  });
});

describe("payslipStatusText", () => {
  it("says pending, paid with the day and the account, or undone", () => {
    expect(payslipStatusText({ status: "pending", paidOn: null, paidFrom: null })).toBe("Pending");
    expect(payslipStatusText({ status: "paid", paidOn: "2026-11-30", paidFrom: "1100 Bank account" })).toBe(
      "Paid on 30 Nov 2026 from 1100 Bank account",
    );
    expect(payslipStatusText({ status: "reversed", paidOn: null, paidFrom: null })).toBe("Undone");
  });
});
