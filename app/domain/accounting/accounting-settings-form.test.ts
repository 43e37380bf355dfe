import { describe, expect, it } from "vitest";
import { ACCOUNT_ROLES, ACCOUNT_ROLE_KEYS } from "./account-roles";
import {
  ACCOUNTING_SETTINGS_MESSAGES as MESSAGES,
  FISCAL_YEAR_START_CHOICES,
  parseAccountingSettingsForm,
  readAccountingSettingsForm,
  ROLE_GROUPS,
  roleField,
  rolesOfGroup,
  documentsOnlyField,
  movesLockDateBack,
  type AccountingSettingsValues,
} from "./accounting-settings-form";

// Settings > Accounting's form (issue 21): every role needs an account id, and the lock date is a date not later
// than today in Dhaka. Whether the accounts fit their roles is the use case's (integration tests).

const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const TODAY = "2026-06-15";
const valid: AccountingSettingsValues = {
  version: "2026-06-01T00:00:00.000Z",
  lockDate: "2026-05-31",
  lockDateReason: "",
  vatPeriodMonths: "1",
  invoiceSignatoryName: "Farhana Akter",
  invoiceSignatoryDesignation: "Accounts Manager",
  invoiceDueDays: "7",
  fiscalYearStartMonth: "7",
  roles: Object.fromEntries(ACCOUNT_ROLE_KEYS.map((role) => [role, ID])),
  documentsOnly: [],
};

describe("the accounting settings form", () => {
  it("reads the role fields and the lock date", () => {
    const form = new FormData();
    form.set("version", valid.version);
    form.set("lockDate", valid.lockDate);
    form.set("vatPeriodMonths", valid.vatPeriodMonths);
    form.set("invoiceSignatoryName", valid.invoiceSignatoryName);
    form.set("invoiceSignatoryDesignation", valid.invoiceSignatoryDesignation);
    form.set("invoiceDueDays", valid.invoiceDueDays);
    form.set("fiscalYearStartMonth", valid.fiscalYearStartMonth);
    for (const role of ACCOUNT_ROLE_KEYS) form.set(roleField(role), ID);
    form.set("intent", "save");
    expect(readAccountingSettingsForm(form)).toEqual(valid);
  });

  it("reads the roles locked to documents only from their ticked boxes (issue 36)", () => {
    const form = new FormData();
    for (const role of ACCOUNT_ROLE_KEYS) form.set(roleField(role), ID);
    form.set(documentsOnlyField("receivable"), "on");
    form.set(documentsOnlyField("vat.payable"), "on");
    expect(readAccountingSettingsForm(form).documentsOnly).toEqual(["receivable", "vat.payable"]);
    const parsed = parseAccountingSettingsForm({ ...valid, documentsOnly: ["receivable", "vat.payable"] }, TODAY);
    expect(parsed.ok && [...parsed.input.documentsOnly]).toEqual(["receivable", "vat.payable"]);
  });

  it.each([
    ["a cash account", "money.cash", MESSAGES.documentsOnlyNotLockable("Cash: default account")],
    ["an income account", "income.rental", MESSAGES.documentsOnlyNotLockable("Rental income (tax invoices)")],
    ["an unknown role", "money.gold", MESSAGES.roleUnknown],
  ])("refuses to lock %s to documents only, naming its box", (_, role, message) => {
    const parsed = parseAccountingSettingsForm({ ...valid, documentsOnly: [role] }, TODAY);
    expect(parsed).toEqual({ ok: false, errors: { [documentsOnlyField(role)]: message } });
  });

  it("gives every role its account and the lock date, or null for none", () => {
    const parsed = parseAccountingSettingsForm(valid, TODAY);
    expect(parsed.ok && parsed.input.lockDate).toBe("2026-05-31");
    expect(parsed.ok && Object.keys(parsed.input.roles)).toEqual(ACCOUNT_ROLE_KEYS);
    const open = parseAccountingSettingsForm({ ...valid, lockDate: " " }, TODAY);
    expect(open.ok && open.input.lockDate).toBeNull();
    // Today itself may be locked (nothing more is posted today); tomorrow may not.
    expect(parseAccountingSettingsForm({ ...valid, lockDate: TODAY }, TODAY).ok).toBe(true);
  });

  it.each([
    ["a lock date that is no date", { lockDate: "31/05/2026" }, "lockDate", MESSAGES.lockDateInvalid],
    ["a lock date that does not exist", { lockDate: "2026-02-30" }, "lockDate", MESSAGES.lockDateInvalid],
    ["a lock date of +275760-09-13", { lockDate: "+275760-09-13" }, "lockDate", MESSAGES.lockDateInvalid],
    [
      "a lock date before the business dates",
      { lockDate: "1999-12-31" },
      "lockDate",
      "Lock date must be between 1 Jan 2000 and 31 Dec 2099",
    ],
    ["a lock date in the future", { lockDate: "2026-06-16" }, "lockDate", MESSAGES.lockDateFuture(TODAY)],
    [
      "a role left empty",
      { roles: { ...valid.roles, receivable: "" } },
      roleField("receivable"),
      MESSAGES.roleRequired("Accounts receivable"),
    ],
    [
      "a role missing from the form",
      { roles: Object.fromEntries(Object.entries(valid.roles).filter(([r]) => r !== "payable")) },
      roleField("payable"),
      MESSAGES.roleRequired("Accounts payable"),
    ],
    [
      "an account that is no id",
      { roles: { ...valid.roles, payable: "2000" } },
      roleField("payable"),
      MESSAGES.accountInvalid,
    ],
    ["an unknown role", { roles: { ...valid.roles, "money.gold": ID } }, roleField("money.gold"), MESSAGES.roleUnknown],
    [
      "a role named like an object's property",
      { roles: { ...valid.roles, toString: ID } },
      roleField("toString"),
      MESSAGES.roleUnknown,
    ],
  ])("refuses %s, naming the field", (_, change, field, message) => {
    const result = parseAccountingSettingsForm({ ...valid, ...change } as AccountingSettingsValues, TODAY);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field]).toBe(message);
  });

  it("gives the VAT period, the invoices' signatory and due days (issue 22)", () => {
    const parsed = parseAccountingSettingsForm(
      { ...valid, vatPeriodMonths: "3", invoiceSignatoryName: "  Farhana Akter ", invoiceDueDays: "0" },
      TODAY,
    );
    expect(parsed.ok && parsed.input).toMatchObject({
      vatPeriodMonths: 3,
      invoiceSignatoryName: "Farhana Akter",
      invoiceSignatoryDesignation: "Accounts Manager",
      invoiceDueDays: 0,
    });
    // A blank signatory is allowed: the issuing user signs.
    const blank = parseAccountingSettingsForm(
      { ...valid, invoiceSignatoryName: "", invoiceSignatoryDesignation: "" },
      TODAY,
    );
    expect(blank.ok && blank.input.invoiceSignatoryName).toBe("");
    expect(parseAccountingSettingsForm({ ...valid, invoiceDueDays: "365" }, TODAY).ok).toBe(true);
  });

  it("gives the month the fiscal year starts in, January to December (issue 24)", () => {
    for (const month of ["1", "7", "12", " 4 "]) {
      const parsed = parseAccountingSettingsForm({ ...valid, fiscalYearStartMonth: month }, TODAY);
      expect(parsed.ok && parsed.input.fiscalYearStartMonth).toBe(Number(month));
    }
    expect(FISCAL_YEAR_START_CHOICES.map((c) => c.value)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(FISCAL_YEAR_START_CHOICES[6]).toEqual({ value: "7", label: "July" });
  });

  it.each([
    ["no VAT period", { vatPeriodMonths: "" }, "vatPeriodMonths", MESSAGES.vatPeriodInvalid],
    ["a VAT period of 2 months", { vatPeriodMonths: "2" }, "vatPeriodMonths", MESSAGES.vatPeriodInvalid],
    ["due days over 365", { invoiceDueDays: "366" }, "invoiceDueDays", MESSAGES.dueDaysInvalid],
    ["negative due days", { invoiceDueDays: "-1" }, "invoiceDueDays", MESSAGES.dueDaysInvalid],
    ["due days with a fraction", { invoiceDueDays: "7.5" }, "invoiceDueDays", MESSAGES.dueDaysInvalid],
    ["no due days", { invoiceDueDays: "" }, "invoiceDueDays", MESSAGES.dueDaysInvalid],
    ["no fiscal year start month", { fiscalYearStartMonth: "" }, "fiscalYearStartMonth", MESSAGES.startMonthInvalid],
    ["a 13th month", { fiscalYearStartMonth: "13" }, "fiscalYearStartMonth", MESSAGES.startMonthInvalid],
    ["month 0", { fiscalYearStartMonth: "0" }, "fiscalYearStartMonth", MESSAGES.startMonthInvalid],
    ["a month with a leading zero", { fiscalYearStartMonth: "07" }, "fiscalYearStartMonth", MESSAGES.startMonthInvalid],
    ["a month by name", { fiscalYearStartMonth: "July" }, "fiscalYearStartMonth", MESSAGES.startMonthInvalid],
    [
      "a signatory's name too long",
      { invoiceSignatoryName: "x".repeat(121) },
      "invoiceSignatoryName",
      MESSAGES.signatoryNameTooLong,
    ],
    [
      "a designation too long",
      { invoiceSignatoryDesignation: "x".repeat(121) },
      "invoiceSignatoryDesignation",
      MESSAGES.signatoryDesignationTooLong,
    ],
    [
      "a signatory's name with a control character",
      { invoiceSignatoryName: "Farhana\u0007Akter" },
      "invoiceSignatoryName",
      "Signatory's name contains characters that are not allowed",
    ],
  ])("refuses %s, naming the field", (_, change, field, message) => {
    const result = parseAccountingSettingsForm({ ...valid, ...change }, TODAY);
    expect(!result.ok && result.errors[field]).toBe(message);
  });

  it("reads the reason for moving the lock date back, keeping it trimmed with its line breaks (issue 38)", () => {
    const form = new FormData();
    form.set("lockDate", "2026-03-31");
    form.set("lockDateReason", "  Auditor's adjustment\r\nto March ");
    const values = readAccountingSettingsForm(form);
    expect(values.lockDateReason).toBe("  Auditor's adjustment\r\nto March ");
    const parsed = parseAccountingSettingsForm({ ...valid, lockDateReason: values.lockDateReason }, TODAY);
    expect(parsed.ok && parsed.input.lockDateReason).toBe("Auditor's adjustment\nto March");
    // None typed is no fault of the form's: whether one is needed depends on the saved lock date (the use case's).
    const none = parseAccountingSettingsForm({ ...valid, lockDateReason: "  " }, TODAY);
    expect(none.ok && none.input.lockDateReason).toBe("");
    expect(parseAccountingSettingsForm({ ...valid, lockDateReason: "নিরীক্ষকের সংশোধন" }, TODAY).ok).toBe(true);
  });

  it.each([
    ["too short", "ab", MESSAGES.lockDateReasonShort],
    ["too long", "x".repeat(501), MESSAGES.lockDateReasonLong],
    ["with a direction override", "reopen\u202efor audit", MESSAGES.lockDateReasonControl],
    ["with a NUL", "reopen\u0000for audit", MESSAGES.lockDateReasonControl],
  ])("refuses a reason %s, naming its own field", (_, lockDateReason, message) => {
    expect(parseAccountingSettingsForm({ ...valid, lockDateReason }, TODAY)).toEqual({
      ok: false,
      errors: { lockDateReason: message },
    });
  });

  it.each([
    ["earlier", "2026-05-31", "2026-04-30", true],
    ["cleared", "2026-05-31", null, true],
    ["kept", "2026-05-31", "2026-05-31", false],
    ["later", "2026-04-30", "2026-05-31", false],
    ["set where none was", null, "2026-05-31", false],
    ["left unset", null, null, false],
  ] as const)("moves the lock date back when %s: %s → %s is %s", (_, from, to, back) => {
    expect(movesLockDateBack(from, to)).toBe(back);
  });

  it("shows every role in exactly one group", () => {
    const shown = ROLE_GROUPS.flatMap(({ group }) => rolesOfGroup(group));
    expect([...shown].sort()).toEqual([...ACCOUNT_ROLE_KEYS].sort());
  });

  it("words a wrong type with the types the role allows", () => {
    const role = ACCOUNT_ROLES["expense.category.Equipment Purchase"];
    expect(MESSAGES.accountWrongType(role.label, role.types, "6500", "expense")).toBe(
      '"Expense: Equipment Purchase" needs an asset account; 6500 is an expense account',
    );
  });
});
