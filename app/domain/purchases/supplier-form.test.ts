import { describe, expect, it } from "vitest";
import { NAME_TEXT_MESSAGES } from "~/lib/name-text";
import { PAYEE_MESSAGES } from "~/lib/payee-details";
import {
  emptySupplierForm,
  parseSupplierForm,
  SUPPLIER_MESSAGES,
  supplierFormOf,
  type SupplierFormValues,
} from "./supplier-form";

const form = (change: Partial<SupplierFormValues>): SupplierFormValues => ({
  ...emptySupplierForm(),
  name: "Dhaka Sound Hire",
  ...change,
});

describe("the supplier's form", () => {
  it("stores what was typed, normalised: BIN and TIN digits, wallet as 01..., e-mail in lower case, empty as null", () => {
    const parsed = parseSupplierForm(
      form({
        bin: "004567891-0203",
        tin: "1234-5678-9012",
        email: "Accounts@DhakaSound.com.bd",
        walletNumber: "+880 1712-345678",
        bankName: "Dutch-Bangla Bank",
        bankAccountNumber: "123-456-7890",
        paymentTermsDays: "30",
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        name: "Dhaka Sound Hire",
        bin: "0045678910203",
        tin: "123456789012",
        phone: null,
        email: "accounts@dhakasound.com.bd",
        address: null,
        bankName: "Dutch-Bangla Bank",
        bankAccountNumber: "123-456-7890",
        walletNumber: "01712345678",
        paymentTermsDays: 30,
        notes: null,
      },
    });
    if (parsed.ok) expect(parseSupplierForm(supplierFormOf(parsed.input))).toEqual(parsed);
  });

  it("names each field that is wrong, in the form's order", () => {
    const parsed = parseSupplierForm(
      form({
        name: "  ",
        bin: "12345",
        tin: "99",
        phone: "call me",
        email: "not an address",
        bankName: "Dutch-Bangla Bank",
        bankAccountNumber: "12",
        walletNumber: "12345",
        paymentTermsDays: "366",
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors)).toEqual([
      "name",
      "bin",
      "tin",
      "phone",
      "email",
      "bankAccountNumber",
      "walletNumber",
      "paymentTermsDays",
    ]);
    expect(parsed.errors).toMatchObject({
      bin: SUPPLIER_MESSAGES.binInvalid,
      tin: SUPPLIER_MESSAGES.tinInvalid,
      phone: SUPPLIER_MESSAGES.phoneInvalid,
      bankAccountNumber: PAYEE_MESSAGES.accountNumberInvalid,
      walletNumber: PAYEE_MESSAGES.walletInvalid,
      paymentTermsDays: SUPPLIER_MESSAGES.paymentTermsInvalid,
    });
  });

  it.each(["-1", "1.5", "30 days", "1000"])("refuses payment terms of %j", (days) => {
    expect(parseSupplierForm(form({ paymentTermsDays: days }))).toMatchObject({
      ok: false,
      errors: { paymentTermsDays: SUPPLIER_MESSAGES.paymentTermsInvalid },
    });
  });

  it("asks for the bank's name with an account number, and takes 0 days as due on receipt of the bill", () => {
    expect(parseSupplierForm(form({ bankAccountNumber: "1234567890" }))).toMatchObject({
      ok: false,
      errors: { bankName: SUPPLIER_MESSAGES.accountWithoutBank },
    });
    expect(parseSupplierForm(form({ paymentTermsDays: "0" }))).toMatchObject({
      ok: true,
      input: { paymentTermsDays: 0 },
    });
  });

  it.each([
    ["name", "Dhaka Sound Hire\u200b", NAME_TEXT_MESSAGES.invisibleInside("Name")],
    ["name", "Dhaka\u00adSound", NAME_TEXT_MESSAGES.invisibleInside("Name")],
    ["bankName", "Dutch-Bangla\u200b Bank", NAME_TEXT_MESSAGES.invisibleInside("Bank name")],
    ["bankName", "City Bank\u2067", NAME_TEXT_MESSAGES.bidi("Bank name")],
    ["bankName", "City\nBank", NAME_TEXT_MESSAGES.control("Bank name")],
    ["bankName", "B".repeat(121), SUPPLIER_MESSAGES.bankNameTooLong],
  ] as const)(
    "refuses a %s of %j with hidden, direction or control characters, naming the field (issue 38)",
    (field, value, message) => {
      expect(parseSupplierForm(form({ [field]: value }))).toEqual({ ok: false, errors: { [field]: message } });
    },
  );

  it("takes a Bengali bank name with its joiner", () => {
    expect(parseSupplierForm(form({ bankName: "র\u200d্যাব ব্যাংক" }))).toMatchObject({
      ok: true,
      input: { bankName: "র\u200d্যাব ব্যাংক" },
    });
  });
});
