import { describe, expect, it } from "vitest";
import {
  BANK_TRANSACTION_FORM_MESSAGES as M,
  counterAccountFits,
  emptyBankTransactionForm,
  parseBankTransactionForm,
  readBankTransactionForm,
} from "./bank-transaction-form";

// Add Transaction's form (issue 23): each kind with its direction and other side, the amount within the money limits,
// and one message per field naming it.

const BANK = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const OTHER = "6f9619ff-8b86-4011-b42d-00c04fc964ff";
const valid = {
  ...emptyBankTransactionForm("2026-04-10", { accountId: BANK }),
  counterAccountId: OTHER,
  amount: "1500",
};

describe("Add Transaction's form", () => {
  it("reads every field from the posted form", () => {
    const form = new FormData();
    form.set("kind", "charge");
    form.set("amount", "12.5");
    expect(readBankTransactionForm(form)).toEqual({
      accountId: "",
      kind: "charge",
      direction: "",
      counterAccountId: "",
      party: "",
      date: "",
      amount: "12.5",
      description: "",
      reference: "",
    });
  });

  it.each([
    ["deposit", "in"],
    ["withdrawal", "out"],
    ["charge", "out"],
    ["interest", "in"],
  ] as const)("a %s goes %s whatever the direction field says", (kind, direction) => {
    expect(parseBankTransactionForm({ ...valid, kind, direction: "out" === direction ? "in" : "out" })).toMatchObject({
      ok: true,
      input: { kind, direction, amount: "1500.00", counterAccountId: OTHER },
    });
  });

  it("a transfer goes the way chosen: to the other account or from it", () => {
    expect(parseBankTransactionForm({ ...valid, kind: "transfer", direction: "out" })).toMatchObject({
      ok: true,
      input: { kind: "transfer", direction: "out" },
    });
    expect(parseBankTransactionForm({ ...valid, kind: "transfer", direction: "" })).toEqual({
      ok: false,
      errors: { direction: M.directionRequired },
    });
  });

  it("leaves a charge's and interest's other side to Settings > Accounting, not a deposit's", () => {
    for (const kind of ["charge", "interest"])
      expect(parseBankTransactionForm({ ...valid, kind, counterAccountId: "" })).toMatchObject({
        ok: true,
        input: { counterAccountId: null },
      });
    expect(parseBankTransactionForm({ ...valid, counterAccountId: "" })).toEqual({
      ok: false,
      errors: { counterAccountId: M.counterRequired.deposit },
    });
  });

  it("keeps the description and reference trimmed, a blank reference as none", () => {
    expect(
      parseBankTransactionForm({ ...valid, description: "  Owner's capital  ", reference: " ", amount: "৳1,500.5" }),
    ).toMatchObject({ ok: true, input: { description: "Owner's capital", reference: null, amount: "1500.50" } });
  });

  it("reads the party of a control account's line as the pickers write it; none as null", () => {
    expect(parseBankTransactionForm({ ...valid, party: ` customer:${OTHER.toUpperCase()} ` })).toMatchObject({
      ok: true,
      input: { party: { kind: "customer", id: OTHER } },
    });
    expect(parseBankTransactionForm({ ...valid, party: "" })).toMatchObject({ ok: true, input: { party: null } });
  });

  it.each([
    ["no account", { accountId: "" }, "accountId", M.accountRequired],
    ["a party no picker writes", { party: `vendor:${OTHER}` }, "party", M.partyInvalid],
    ["a party that is no id", { party: "customer:42" }, "party", M.partyInvalid],
    ["an account that is no id", { accountId: "1100" }, "accountId", M.accountRequired],
    ["an unknown kind", { kind: "loan" }, "kind", M.kindRequired],
    ["the bank itself on the other side", { counterAccountId: BANK }, "counterAccountId", M.counterSame],
    ["another side that is no id", { counterAccountId: "x" }, "counterAccountId", M.counterRequired.deposit],
    ["no date", { date: "" }, "date", M.dateRequired],
    ["no calendar date", { date: "2026-02-30" }, "date", M.dateInvalid],
    ["no amount", { amount: "" }, "amount", "Amount is required"],
    ["a zero amount", { amount: "0" }, "amount", M.amountPositive],
    ["a negative amount", { amount: "-5" }, "amount", "Amount must be 0 or more"],
    ["three decimals", { amount: "1.005" }, "amount", "Amount can have at most 2 decimals"],
    ["beyond the money limit", { amount: "1000000000000" }, "amount", "Amount must be at most ৳99,999,999.99"],
    ["a paisa above the typed bound", { amount: "100000000.00" }, "amount", "Amount must be at most ৳99,999,999.99"],
    ["words for an amount", { amount: "five" }, "amount", "Amount must be an amount in taka, e.g. 1500 or 1500.50"],
    [
      "a long description",
      { description: "x".repeat(201) },
      "description",
      "Description must be at most 200 characters",
    ],
    ["a long reference", { reference: "R".repeat(61) }, "reference", "Reference must be at most 60 characters"],
    [
      "a reference with a line break",
      { reference: "A\nB" },
      "reference",
      "Reference contains characters that are not allowed",
    ],
  ])("refuses %s, naming the field", (_name, change, field, message) => {
    const parsed = parseBankTransactionForm({ ...valid, ...change });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[field]).toBe(message);
  });

  it("accepts the largest typed amount, ৳99,999,999.99", () => {
    expect(parseBankTransactionForm({ ...valid, amount: "99999999.99" })).toMatchObject({ ok: true });
  });

  it("offers for each kind only the accounts it may post against", () => {
    const bank = { type: "asset", paymentMethod: "bank" };
    const expense = { type: "expense", paymentMethod: null };
    const income = { type: "income", paymentMethod: null };
    const equity = { type: "equity", paymentMethod: null };
    expect(counterAccountFits("transfer", bank)).toBe(true);
    expect(counterAccountFits("transfer", equity)).toBe(false);
    expect(counterAccountFits("deposit", equity)).toBe(true);
    expect(counterAccountFits("deposit", bank)).toBe(false);
    expect(counterAccountFits("charge", expense)).toBe(true);
    expect(counterAccountFits("charge", income)).toBe(false);
    expect(counterAccountFits("interest", income)).toBe(true);
    expect(counterAccountFits("withdrawal", expense)).toBe(true);
  });
});
