import { describe, expect, it } from "vitest";
import { TAX_DEPOSIT_KINDS } from "../accounting/constants";
import {
  emptyTaxDepositForm,
  netVatText,
  parseTaxDepositForm,
  TAX_DEPOSIT_KIND_LABELS,
  TAX_DEPOSIT_MESSAGES as M,
  TAX_DEPOSIT_ROLE,
  VAT_CLOSE_MESSAGES,
} from "./tax-filing-form";

// Closing a VAT period and recording a tax deposit (issue 22): a negative net is a credit carried forward, shown as
// such; a deposit pays VAT, the company's income tax, or income tax withheld from suppliers and employees, each
// against its own liability, and only a VAT deposit names a VAT period.

const BANK = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const PERIOD = "6f9619ff-8b86-4011-b42d-00c04fc964ff";
const valid = { ...emptyTaxDepositForm("2026-04-10", { moneyAccountId: BANK }), challanNo: "TR-1", amount: "1500" };

describe("a period's net VAT", () => {
  it("reads as payable, or as a credit to carry forward when negative", () => {
    expect(netVatText("9300.00")).toBe("৳9,300.00");
    expect(netVatText("0.00")).toBe("৳0.00");
    expect(netVatText("-1500.00")).toBe("৳-1,500.00 (to carry forward)");
    expect(VAT_CLOSE_MESSAGES.closed("March 2025", "-1500.00")).toBe(
      "VAT period March 2025 closed: ৳1,500.00 carried forward",
    );
  });
});

describe("a tax deposit", () => {
  it("pays VAT, the company's income tax, or income tax withheld, each off its own liability", () => {
    expect(TAX_DEPOSIT_KINDS).toEqual(["vat", "income_tax", "withholding_tax"]);
    expect(TAX_DEPOSIT_ROLE).toEqual({
      vat: "vat.payable",
      income_tax: "tax.income_payable",
      withholding_tax: "tax.withholding_payable",
    });
    expect(TAX_DEPOSIT_KIND_LABELS.withholding_tax).toBe("Income tax withheld (TDS)");
    expect(parseTaxDepositForm({ ...valid, kind: "withholding_tax" })).toMatchObject({
      ok: true,
      input: { kind: "withholding_tax", amount: "1500.00", vatPeriodId: null },
    });
    expect(M.challanTaken("withholding_tax", "TR-1")).toBe(
      "Challan TR-1 is already recorded for income tax withheld from suppliers and employees",
    );
  });

  it.each([
    ["a VAT deposit may name its period", "vat", true],
    ["the company's income tax names none", "income_tax", false],
    ["income tax withheld names none", "withholding_tax", false],
  ])("%s", (_name, kind, ok) => {
    const parsed = parseTaxDepositForm({ ...valid, kind, vatPeriodId: PERIOD });
    if (ok) expect(parsed).toMatchObject({ ok: true, input: { vatPeriodId: PERIOD } });
    else expect(parsed).toEqual({ ok: false, errors: { vatPeriodId: M.periodNotVat } });
  });

  it("refuses a kind it does not know", () => {
    expect(parseTaxDepositForm({ ...valid, kind: "customs" })).toEqual({
      ok: false,
      errors: { kind: M.kindRequired },
    });
  });
});
