import { describe, expect, it } from "vitest";
import { parseSettleForm, type SettleFormValues } from "./settle-form";

// Settle (issue 21): the form's rules; what is left and the document's date when the dialog knows them.

const VALID: SettleFormValues = {
  id: "0B8F2E1C-0D7A-4C55-9F0E-2A6B1C3D4E5F",
  date: "2026-05-20",
  paymentMethod: "cash",
  moneyAccountId: "3b8f2e1c-0d7a-4c55-9f0e-2a6b1c3d4e5f",
  amount: "4,000",
  reference: "",
};

describe("parseSettleForm", () => {
  it("gives the input with the id lower-cased and the amount exact", () => {
    expect(parseSettleForm(VALID)).toEqual({
      ok: true,
      input: {
        id: "0b8f2e1c-0d7a-4c55-9f0e-2a6b1c3d4e5f",
        date: "2026-05-20",
        paymentMethod: "cash",
        moneyAccountId: "3b8f2e1c-0d7a-4c55-9f0e-2a6b1c3d4e5f",
        amount: "4000.00",
        reference: null,
      },
    });
  });

  it.each([
    ["no id", { id: "" }, "id", "Choose the payable or receivable to settle"],
    ["no date", { date: "" }, "date", "Date is required"],
    ["a bad date", { date: "2026-04-31" }, "date", "Date must be a date"],
    ["no method", { paymentMethod: "" }, "paymentMethod", "Choose a payment method: cash, bank or mobile banking"],
    ["no account", { moneyAccountId: "" }, "moneyAccountId", "Choose the account the money was paid from"],
    ["an amount of 0", { amount: "0.00" }, "amount", "Amount must be more than 0"],
    ["three decimals", { amount: "1.999" }, "amount", "Amount can have at most 2 decimals"],
  ] as const)("refuses %s", (_name, change, field, message) => {
    const result = parseSettleForm({ ...VALID, ...change }, "payable");
    expect(result.ok ? {} : result.errors[field]).toBe(message);
  });

  it("refuses more than is left, and a date before the document's, when it knows them", () => {
    const result = parseSettleForm(VALID, "receivable", { left: "3999.99", date: "2026-05-21" });
    expect(result.ok ? {} : result.errors).toEqual({
      date: "Date cannot be before the document's own date (May 21, 2026)",
      amount: "Amount can be at most what is left: ৳3,999.99",
    });
    expect(parseSettleForm(VALID, "receivable", { left: "4000.00", date: "2026-05-20" }).ok).toBe(true);
  });
});
