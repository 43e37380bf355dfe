// The customer's form and the Merge form (issue 22) on their own: the BIN in its two lengths with the separators
// people type, the e-mail, the phone, each field's limit, and Merge's choices. The same rules run in the browser and
// in the use case (whose integration tests cover what the database adds: the e-mail taken, a record merged away).
import { describe, expect, it } from "vitest";
import { EMAIL_ADDRESS_MESSAGES } from "../../lib/email-address";
import { CUSTOMER_LIMITS } from "./constants";
import {
  CUSTOMER_MESSAGES,
  customerFormOf,
  emptyCustomerForm,
  normalizeBin,
  parseCustomerForm,
  parseMergeForm,
  readCustomerForm,
  readMergeForm,
  type CustomerFormValues,
} from "./customer-form";

const values = (change: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
  ...emptyCustomerForm(),
  name: "Shapla Events",
  ...change,
});

const errorsOf = (change: Partial<CustomerFormValues>) => {
  const result = parseCustomerForm(values(change));
  return result.ok ? {} : result.errors;
};

describe("normalizeBin", () => {
  it.each([
    ["123456789", "123456789"],
    ["123-456-789", "123456789"],
    ["123 456 789", "123456789"],
    ["0045678910203", "0045678910203"],
    ["004567891-0203", "0045678910203"],
    ["0045 6789 1020 3", "0045678910203"],
    [" 004-567-891-0203 ", "0045678910203"],
  ])("%j is the BIN %s", (typed, stored) => {
    expect(normalizeBin(typed)).toBe(stored);
  });

  it.each([
    ["8 digits", "12345678"],
    ["10 digits", "1234567890"],
    ["12 digits", "123456789012"],
    ["14 digits", "12345678901234"],
    ["a letter", "12345678A"],
    ["a dot", "123.456.789"],
    ["a slash", "123/456/789"],
    ["nothing", ""],
    ["only hyphens", "---"],
    ["Bengali digits", "১২৩৪৫৬৭৮৯"],
  ])("refuses %s", (_, typed) => {
    expect(normalizeBin(typed)).toBeNull();
  });
});

describe("parseCustomerForm", () => {
  it("stores the digits of a BIN, empty fields as null, and the tick", () => {
    expect(
      parseCustomerForm(
        values({
          name: "  Shapla Events ",
          organisation: "",
          email: " accounts@shapla.com.bd ",
          phone: "+880 1712-345678",
          bin: "004567891-0203",
          vatWithholding: "on",
        }),
      ),
    ).toEqual({
      ok: true,
      input: {
        name: "Shapla Events",
        organisation: null,
        email: "accounts@shapla.com.bd",
        phone: "+880 1712-345678",
        address: null,
        bin: "0045678910203",
        vatWithholding: true,
        notes: null,
      },
    });
    const plain = parseCustomerForm(values({ bin: "123 456 789" }));
    expect(plain).toMatchObject({ ok: true, input: { bin: "123456789", vatWithholding: false, email: null } });
  });

  it.each([
    ["a BIN of 10 digits", { bin: "1234567890" }, "bin", CUSTOMER_MESSAGES.binInvalid],
    ["a BIN with a letter", { bin: "004567891-020A" }, "bin", CUSTOMER_MESSAGES.binInvalid],
    ["a BIN longer than its field", { bin: "1".repeat(CUSTOMER_LIMITS.bin + 1) }, "bin", CUSTOMER_MESSAGES.binInvalid],
    ["an e-mail without @", { email: "accounts.shapla.com" }, "email", EMAIL_ADDRESS_MESSAGES.invalid],
    ["an e-mail with a space", { email: "acc ounts@shapla.com" }, "email", EMAIL_ADDRESS_MESSAGES.invalid],
    [
      "an e-mail too long",
      { email: `${"a".repeat(CUSTOMER_LIMITS.email)}@x.com` },
      "email",
      EMAIL_ADDRESS_MESSAGES.tooLong,
    ],
    ["a phone with letters", { phone: "017-CALL-ME" }, "phone", CUSTOMER_MESSAGES.phoneInvalid],
    ["a phone of only signs", { phone: "+ - ( )" }, "phone", CUSTOMER_MESSAGES.phoneInvalid],
    [
      "a phone too long",
      { phone: "1".repeat(CUSTOMER_LIMITS.phone + 1) },
      "phone",
      `Phone must be at most ${CUSTOMER_LIMITS.phone} characters`,
    ],
    ["no name", { name: "   " }, "name", "Name is required"],
    [
      "a name too long",
      { name: "N".repeat(CUSTOMER_LIMITS.name + 1) },
      "name",
      `Name must be at most ${CUSTOMER_LIMITS.name} characters`,
    ],
    [
      "an organisation too long",
      { organisation: "O".repeat(CUSTOMER_LIMITS.organisation + 1) },
      "organisation",
      `Organisation must be at most ${CUSTOMER_LIMITS.organisation} characters`,
    ],
    [
      "an address too long",
      { address: "A".repeat(CUSTOMER_LIMITS.address + 1) },
      "address",
      `Address must be at most ${CUSTOMER_LIMITS.address} characters`,
    ],
    [
      "notes too long",
      { notes: "n".repeat(CUSTOMER_LIMITS.notes + 1) },
      "notes",
      `Notes must be at most ${CUSTOMER_LIMITS.notes.toLocaleString("en-US")} characters`,
    ],
  ] as const)("refuses %s with the field's message", (_, change, field, message) => {
    expect(errorsOf(change)).toEqual({ [field]: message });
  });

  it("takes each field at its limit", () => {
    const result = parseCustomerForm(
      values({
        name: "N".repeat(CUSTOMER_LIMITS.name),
        organisation: "O".repeat(CUSTOMER_LIMITS.organisation),
        phone: "1".repeat(CUSTOMER_LIMITS.phone),
        address: "A".repeat(CUSTOMER_LIMITS.address),
        notes: "n".repeat(CUSTOMER_LIMITS.notes),
        bin: "004-567-891-0203 ".padEnd(CUSTOMER_LIMITS.bin, " "),
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("lists several messages in the form's order", () => {
    const result = parseCustomerForm(values({ name: "", email: "x", bin: "12", phone: "abc" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["name", "email", "phone", "bin"]);
  });

  it("reads the posted form and opens on a stored record", () => {
    const form = new FormData();
    form.set("name", "Mitu Rahman");
    form.set("bin", "123-456-789");
    form.set("vatWithholding", "on");
    expect(readCustomerForm(form)).toEqual({
      ...emptyCustomerForm(),
      name: "Mitu Rahman",
      bin: "123-456-789",
      vatWithholding: "on",
    });
    expect(
      customerFormOf({
        name: "Mitu",
        organisation: null,
        email: null,
        phone: "01712",
        address: null,
        bin: "123456789",
        vatWithholding: false,
        notes: null,
      }),
    ).toEqual({ ...emptyCustomerForm(), name: "Mitu", phone: "01712", bin: "123456789" });
  });
});

describe("parseMergeForm", () => {
  const A = "0F2B9C4E-1111-4111-8111-111111111111";
  const B = "0f2b9c4e-2222-4222-8222-222222222222";

  it("takes two different records, ids lower-cased", () => {
    expect(parseMergeForm({ duplicateId: ` ${A} `, keepId: B })).toEqual({
      ok: true,
      input: { duplicateId: A.toLowerCase(), keepId: B },
    });
  });

  it.each([
    [{ duplicateId: "", keepId: B }, { duplicateId: CUSTOMER_MESSAGES.duplicateRequired }],
    [{ duplicateId: A, keepId: "nope" }, { keepId: CUSTOMER_MESSAGES.keepRequired }],
    [
      { duplicateId: "", keepId: "" },
      { duplicateId: CUSTOMER_MESSAGES.duplicateRequired, keepId: CUSTOMER_MESSAGES.keepRequired },
    ],
    [{ duplicateId: A, keepId: A.toLowerCase() }, { keepId: CUSTOMER_MESSAGES.sameRecord }],
  ])("refuses %j", (input, errors) => {
    expect(parseMergeForm(input)).toEqual({ ok: false, errors });
  });

  it("reads the posted form", () => {
    const form = new FormData();
    form.set("duplicateId", A);
    form.set("keepId", B);
    expect(readMergeForm(form)).toEqual({ duplicateId: A, keepId: B });
  });
});
