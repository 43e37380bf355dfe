import { describe, expect, it } from "vitest";
import { DISBURSEMENT_MESSAGES as M, missingPaymentDetail, parseDisbursementForm } from "./disbursement-form";

// Salary Disbursement's form rules (issue 25), shared by the dialog and the use case.

const ACCOUNT = "0b7c3b0e-6a43-4d6c-9f1e-2f1f7a1a0c11";
const SLIP = "7d1f2c55-9a2b-4c3d-8e4f-5a6b7c8d9e0f";
const TODAY = "2026-11-27";
const base = { month: "2026-10", moneyAccountId: ACCOUNT, date: "2026-10-31", payslipIds: [] as string[] };

describe("parseDisbursementForm", () => {
  it("reads a month, an account and a date; no payslips named means every pending one", () => {
    expect(parseDisbursementForm(base, TODAY)).toEqual({
      ok: true,
      input: { month: "2026-10", moneyAccountId: ACCOUNT, date: "2026-10-31", payslipIds: null },
    });
  });

  it("keeps the payslips named, lower case and once each", () => {
    const result = parseDisbursementForm({ ...base, payslipIds: [SLIP.toUpperCase(), SLIP], chosen: true }, TODAY);
    expect(result).toMatchObject({ ok: true, input: { payslipIds: [SLIP] } });
  });

  it.each([
    [{ month: " " }, { month: "Month is required" }],
    [{ moneyAccountId: "cash" }, { moneyAccountId: M.accountInvalid }],
    [{ date: "2026-10-32" }, { date: M.dateInvalid }],
    [{ date: "2026-10-01" }, null],
    [{ date: "2026-09-30" }, { date: M.dateBeforeMonth("2026-10") }],
    [{ date: TODAY }, null],
    [{ date: "2026-11-28" }, { date: M.dateInFuture }],
    [{ payslipIds: ["1"] }, { payslipIds: M.payslipInvalid }],
    [{ chosen: true }, { payslipIds: M.noneChosen }],
  ])("%j", (change, errors) => {
    const result = parseDisbursementForm({ ...base, ...change }, TODAY);
    if (errors === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, errors });
  });
});

describe("missingPaymentDetail", () => {
  it("flags a bank payee without an account number and a wallet payee without a wallet number", () => {
    expect(missingPaymentDetail({ method: "bank", accountNumber: null, walletNumber: null })).toMatch(/bank account/);
    expect(missingPaymentDetail({ method: "bank", accountNumber: "123", walletNumber: null })).toBeNull();
    expect(missingPaymentDetail({ method: "nagad", accountNumber: null, walletNumber: null })).toMatch(/wallet/);
    expect(missingPaymentDetail({ method: "cash", accountNumber: null, walletNumber: null })).toBeNull();
  });
});
