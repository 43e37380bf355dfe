import { describe, expect, it } from "vitest";
import {
  cashFlowChoices,
  CHART_MESSAGES,
  EMPTY_ACCOUNT_FORM,
  parseAccountForm,
  readAccountForm,
  type AccountFormValues,
} from "./chart-form";

// The chart of accounts' form (issue 21): its own rules, the same in the browser and the action.

const valid: AccountFormValues = {
  ...EMPTY_ACCOUNT_FORM,
  code: " 1020 ",
  name: " Cash at Site ",
  type: "asset",
  parentId: "",
  paymentMethod: "cash",
  description: "  ",
};

const errorsOf = (values: Partial<AccountFormValues>) => {
  const result = parseAccountForm({ ...valid, ...values });
  return result.ok ? {} : result.errors;
};

describe("the account form", () => {
  it("reads every field as typed and gives the account to store, trimmed", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(valid)) form.set(k, v);
    expect(readAccountForm(form)).toEqual(valid);
    const parsed = parseAccountForm(valid);
    expect(parsed).toEqual({
      ok: true,
      input: {
        code: "1020",
        name: "Cash at Site",
        type: "asset",
        parentId: null,
        paymentMethod: "cash",
        cashFlowActivity: null,
        description: null,
      },
    });
  });

  it("takes a parent id in any case, and a code with dots or dashes between", () => {
    const parsed = parseAccountForm({
      ...valid,
      code: "1100-01.A",
      parentId: "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
    });
    expect(parsed.ok && parsed.input).toMatchObject({
      code: "1100-01.A",
      parentId: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    });
  });

  it.each([
    ["an empty code", { code: " " }, "code", CHART_MESSAGES.codeRequired],
    ["a code too long", { code: "1".repeat(21) }, "code", CHART_MESSAGES.codeTooLong],
    ["a code with a space", { code: "10 20" }, "code", CHART_MESSAGES.codeShape],
    ["a code ending in a dash", { code: "1020-" }, "code", CHART_MESSAGES.codeShape],
    ["an empty name", { name: "  " }, "name", "Name is required"],
    [
      "a name of invisible characters",
      { name: "\u200b\u200b" },
      "name",
      "Name must contain visible letters or digits, not only invisible characters",
    ],
    ["a name too long", { name: "x".repeat(121) }, "name", "Name must be at most 120 characters"],
    ["an unknown type", { type: "revenue" }, "type", CHART_MESSAGES.typeInvalid],
    ["no type", { type: "" }, "type", CHART_MESSAGES.typeInvalid],
    ["a parent that is no id", { parentId: "1000" }, "parentId", CHART_MESSAGES.parentInvalid],
    ["an unknown payment method", { paymentMethod: "cheque" }, "paymentMethod", CHART_MESSAGES.paymentMethodInvalid],
    [
      "an unknown cash flow section",
      { paymentMethod: "", cashFlowActivity: "lending" },
      "cashFlowActivity",
      CHART_MESSAGES.cashFlowInvalid,
    ],
    ["a description too long", { description: "x".repeat(501) }, "description", CHART_MESSAGES.descriptionTooLong],
  ])("refuses %s, naming the field", (_, values, field, message) => {
    expect(errorsOf(values)[field]).toBe(message);
  });

  it("refuses a payment method on an account that is not an asset", () => {
    expect(errorsOf({ type: "liability", paymentMethod: "bank" })).toEqual({
      paymentMethod: CHART_MESSAGES.paymentMethodNotAsset,
    });
    expect(parseAccountForm({ ...valid, type: "liability", paymentMethod: "" }).ok).toBe(true);
  });

  it("places a balance-sheet account that is not cash in a cash flow section, or its type's default (issue 24)", () => {
    for (const [type, activity] of [
      ["asset", "investing"],
      ["liability", "financing"],
      ["equity", "operating"],
      ["asset", ""],
    ] as const) {
      const parsed = parseAccountForm({ ...valid, type, paymentMethod: "", cashFlowActivity: activity });
      expect(parsed.ok && parsed.input.cashFlowActivity).toBe(activity === "" ? null : activity);
    }
    expect(cashFlowChoices("asset")[0]).toEqual({ value: "", label: "Default for its type (operating activities)" });
    expect(cashFlowChoices("equity")[0]!.label).toBe("Default for its type (financing activities)");
    expect(cashFlowChoices("asset").map((c) => c.value)).toEqual(["", "operating", "investing", "financing"]);
  });

  it("refuses a cash flow section on income, expense and cash, bank or wallet accounts", () => {
    for (const type of ["income", "expense"])
      expect(errorsOf({ type, paymentMethod: "", cashFlowActivity: "operating" })).toEqual({
        cashFlowActivity: CHART_MESSAGES.cashFlowNotBalanceSheet,
      });
    expect(errorsOf({ type: "asset", paymentMethod: "bank", cashFlowActivity: "investing" })).toEqual({
      cashFlowActivity: CHART_MESSAGES.cashFlowOnCash,
    });
    // Its type's default is always allowed.
    expect(parseAccountForm({ ...valid, type: "income", paymentMethod: "", cashFlowActivity: "" }).ok).toBe(true);
  });

  it("keeps accumulated depreciation and amortisation in operating activities, where the change adds it back (issue 37)", () => {
    for (const name of ["Accumulated Depreciation - Rental Equipment", "accumulated amortization of software"]) {
      for (const activity of ["investing", "financing"])
        expect(errorsOf({ name, type: "asset", paymentMethod: "", cashFlowActivity: activity })).toEqual({
          cashFlowActivity: CHART_MESSAGES.cashFlowContraAsset,
        });
      for (const activity of ["operating", ""])
        expect(
          parseAccountForm({ ...valid, name, type: "asset", paymentMethod: "", cashFlowActivity: activity }).ok,
        ).toBe(true);
    }
    expect(
      errorsOf({ name: "Rental Equipment", type: "asset", paymentMethod: "", cashFlowActivity: "investing" }),
    ).toEqual({});
  });

  it("words the parent of another type with its article", () => {
    expect(CHART_MESSAGES.parentOtherType("Asset")).toBe(
      "A parent must be of the same type: the one chosen is an asset account",
    );
    expect(CHART_MESSAGES.parentOtherType("Liability")).toBe(
      "A parent must be of the same type: the one chosen is a liability account",
    );
  });
});
