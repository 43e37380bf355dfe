import { describe, expect, it } from "vitest";
import {
  emptyMoneyDocumentForm,
  parseMoneyDocumentForm,
  readMoneyDocumentForm,
  type MoneyDocumentFormValues,
} from "./money-document-form";

// New Transaction / New Payable / New Receivable (issue 21): the form's rules, the same in the browser and the use case.

const ACCOUNT = "3b8f2e1c-0d7a-4c55-9f0e-2a6b1c3d4e5f";
const VALID: MoneyDocumentFormValues = {
  date: "2026-05-10",
  type: "income",
  category: "Equipment Rental",
  description: "LED wall for a wedding",
  amount: "৳ 12,500.5",
  paymentMethod: "bank",
  moneyAccountId: ACCOUNT,
  reference: "INV-7",
  status: "completed",
  party: "",
  dueDate: "",
};

const errorsOf = (change: Partial<MoneyDocumentFormValues>, kind?: "transaction" | "payable" | "receivable") => {
  const result = parseMoneyDocumentForm({ ...VALID, ...change }, kind);
  return result.ok ? {} : result.errors;
};

describe("parseMoneyDocumentForm", () => {
  it("gives a completed transaction's input: exact amount, the account, no party or due date", () => {
    const result = parseMoneyDocumentForm(VALID);
    expect(result).toEqual({
      ok: true,
      input: {
        date: "2026-05-10",
        type: "income",
        category: "Equipment Rental",
        description: "LED wall for a wedding",
        amount: "12500.50",
        paymentMethod: "bank",
        moneyAccountId: ACCOUNT,
        reference: "INV-7",
        status: "completed",
        party: null,
        dueDate: null,
        vat: null,
      },
    });
  });

  it("keeps no account for a pending one: it moves no money until settled", () => {
    const result = parseMoneyDocumentForm({
      ...VALID,
      status: "pending",
      moneyAccountId: "",
      dueDate: "2026-06-10",
      party: "Sound House",
    });
    expect(result.ok && result.input).toMatchObject({ status: "pending", moneyAccountId: null, dueDate: "2026-06-10" });
  });

  it("names the party of a pending one: an open item is someone's (issue 36)", () => {
    const pending = { ...VALID, status: "pending", moneyAccountId: "", party: " " };
    expect(parseMoneyDocumentForm({ ...pending, type: "income", category: "Service Fee" })).toMatchObject({
      ok: false,
      errors: { party: "Customer is required" },
    });
    expect(parseMoneyDocumentForm({ ...pending, type: "expense", category: "Maintenance" })).toMatchObject({
      ok: false,
      errors: { party: "Supplier is required" },
    });
  });

  it.each([
    ["no date", { date: "" }, "date", "Date is required"],
    ["an impossible date", { date: "2026-02-30" }, "date", "Date must be a date"],
    ["a date in words", { date: "yesterday" }, "date", "Date must be a date"],
    ["no type", { type: "" }, "type", "Choose a type: income or expense"],
    ["an unknown type", { type: "transfer" }, "type", "Choose a type: income or expense"],
    ["no category", { category: "" }, "category", "Choose a category"],
    [
      "an expense category for income",
      { category: "Maintenance" },
      "category",
      "Maintenance is not an income category",
    ],
    [
      "an income category for an expense",
      { type: "expense", category: "Sales" },
      "category",
      "Sales is not an expense category",
    ],
    ["an amount of 0", { amount: "0" }, "amount", "Amount must be more than 0"],
    ["a negative amount", { amount: "-5" }, "amount", "Amount must be 0 or more"],
    ["three decimals", { amount: "10.005" }, "amount", "Amount can have at most 2 decimals"],
    ["an amount too large", { amount: "1000000000000" }, "amount", "Amount must be at most ৳99,999,999.99"],
    ["a paisa above the typed bound", { amount: "100000000.00" }, "amount", "Amount must be at most ৳99,999,999.99"],
    ["no amount", { amount: " " }, "amount", "Amount is required"],
    ["no method", { paymentMethod: "" }, "paymentMethod", "Choose a payment method: cash, bank or mobile banking"],
    ["a cheque", { paymentMethod: "cheque" }, "paymentMethod", "Choose a payment method: cash, bank or mobile banking"],
    [
      "completed without account",
      { moneyAccountId: "" },
      "moneyAccountId",
      "Choose the account the money was received into",
    ],
    [
      "a malformed account",
      { moneyAccountId: "1100" },
      "moneyAccountId",
      "Choose the account the money was received into",
    ],
    ["cancelled", { status: "cancelled" }, "status", "Choose a status: completed or pending"],
    [
      "completed with a due date",
      { dueDate: "2026-06-01" },
      "dueDate",
      "A completed one is not due: leave the due date empty or choose Pending",
    ],
    [
      "due before the date",
      { status: "pending", dueDate: "2026-05-09" },
      "dueDate",
      "Due date cannot be before the date",
    ],
    ["an impossible due date", { status: "pending", dueDate: "2026-13-01" }, "dueDate", "Due date must be a date"],
    [
      "a description too long",
      { description: "x".repeat(501) },
      "description",
      "Description must be at most 500 characters",
    ],
    [
      "a reference with a control character",
      { reference: "INV\u0007" },
      "reference",
      "Reference contains characters that are not allowed",
    ],
  ] as const)("refuses %s", (_name, change, field, message) => {
    expect(errorsOf(change)[field]).toBe(message);
  });

  it("names every wrong field at once, in the form's order", () => {
    const errors = errorsOf({ category: "Salaries", amount: "", moneyAccountId: "" });
    expect(Object.keys(errors)).toEqual(["category", "amount", "moneyAccountId"]);
  });

  it("asks a payable for its supplier and a receivable for its customer", () => {
    expect(errorsOf({ type: "expense", category: "Maintenance", status: "pending" }, "payable").party).toBe(
      "Supplier is required",
    );
    expect(errorsOf({ status: "pending" }, "receivable").party).toBe("Customer is required");
    expect(errorsOf({ status: "pending", party: "Nusrat Events" }, "receivable")).toEqual({});
  });
});

describe("readMoneyDocumentForm", () => {
  it("fixes a payable's type to expense and a receivable's to income, whatever was posted", () => {
    const form = new FormData();
    form.set("type", "income");
    expect(readMoneyDocumentForm(form, "payable").type).toBe("expense");
    form.set("type", "expense");
    expect(readMoneyDocumentForm(form, "receivable").type).toBe("income");
    expect(readMoneyDocumentForm(form, "transaction").type).toBe("expense");
  });
});

describe("emptyMoneyDocumentForm", () => {
  it("starts today, through the bank's default account; a transaction completed, a payable pending", () => {
    expect(emptyMoneyDocumentForm("transaction", "2026-05-10", { bank: ACCOUNT })).toMatchObject({
      date: "2026-05-10",
      type: "",
      status: "completed",
      paymentMethod: "bank",
      moneyAccountId: ACCOUNT,
    });
    expect(emptyMoneyDocumentForm("payable", "2026-05-10")).toMatchObject({ type: "expense", status: "pending" });
  });
});
