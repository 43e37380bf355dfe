import { describe, expect, it } from "vitest";
import { NAME_TEXT_MESSAGES } from "~/lib/name-text";
import { POSITIONS } from "./constants";
import { EMPLOYEE_MESSAGES, EMPTY_EMPLOYEE_FORM, parseEmployeeForm, type EmployeeFormValues } from "./employee-form";

// The employee form's name and bank name: the one rule for names (issue 38, finding 5).
const valid: EmployeeFormValues = {
  ...EMPTY_EMPLOYEE_FORM,
  name: "Tanvir Rahman",
  email: "tanvir@example.com",
  position: POSITIONS[0],
  department: "Operations",
  joiningDate: "2026-01-05",
  salary: "45000",
  bankName: "Dutch-Bangla Bank",
  bankAccountNumber: "1234567890",
};

describe("the employee form's names", () => {
  it("takes a plain name and bank, and a Bengali one with its joiner", () => {
    expect(parseEmployeeForm(valid)).toMatchObject({
      ok: true,
      input: { name: "Tanvir Rahman" },
      pay: { bankName: "Dutch-Bangla Bank" },
    });
    expect(parseEmployeeForm({ ...valid, name: "র\u200d্যাব", bankName: "ডাচ্-বাংলা ব্যাংক" })).toMatchObject({
      ok: true,
      pay: { bankName: "ডাচ্-বাংলা ব্যাংক" },
    });
  });

  it("refuses an employee's name with a zero-width space, naming the field", () => {
    expect(parseEmployeeForm({ ...valid, name: "Tanvir Rahman\u200b" })).toEqual({
      ok: false,
      errors: { name: NAME_TEXT_MESSAGES.invisibleInside("Name") },
    });
  });

  it.each([
    ["a zero-width space", "Dutch-Bangla\u200b Bank", NAME_TEXT_MESSAGES.invisibleInside("Bank name")],
    ["a right-to-left override", "Dutch-Bangla \u202eknaB", NAME_TEXT_MESSAGES.bidi("Bank name")],
    ["a line break", "Dutch-Bangla\nBank", NAME_TEXT_MESSAGES.control("Bank name")],
    ["only invisible characters", "\u2060\u00ad", NAME_TEXT_MESSAGES.invisible("Bank name")],
    ["too many characters", "B".repeat(121), EMPLOYEE_MESSAGES.bankNameTooLong],
  ])("refuses a bank name with %s, naming the field", (_case, bankName, message) => {
    expect(parseEmployeeForm({ ...valid, bankName })).toEqual({ ok: false, errors: { bankName: message } });
  });

  it("leaves the bank name out of the check when pay is not shown, and empty as none", () => {
    expect(parseEmployeeForm({ ...valid, bankName: "Bank\u200b" }, { withPay: false })).toMatchObject({ ok: true });
    expect(parseEmployeeForm({ ...valid, bankName: "  ", bankAccountNumber: "" })).toMatchObject({
      ok: true,
      pay: { bankName: null },
    });
  });
});

describe("the employee form's salary", () => {
  it("takes a salary up to ৳99,999,999.99 (the typed bound), so a month's payroll of many still fits", () => {
    expect(parseEmployeeForm({ ...valid, salary: "99,999,999.99" })).toMatchObject({
      ok: true,
      input: { salary: "99999999.99" },
    });
  });

  it.each(["100000000.00", "999999999999.99"])("refuses a salary of %s, naming the field", (salary) => {
    expect(parseEmployeeForm({ ...valid, salary })).toEqual({
      ok: false,
      errors: { salary: "Salary must be at most ৳99,999,999.99" },
    });
  });
});
