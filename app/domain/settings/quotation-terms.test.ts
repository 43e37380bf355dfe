import { describe, expect, it } from "vitest";
import { parseCompanySettingsForm, readCompanySettingsForm } from "./company-settings";
import {
  DEFAULT_QUOTATION_TERMS,
  QUOTATION_TERM_FIELDS,
  QUOTATION_TERM_MAX_LENGTH,
  quotationTermField,
  quotationTermsList,
  TERMS_PRINTED_BEFORE_SETTINGS,
} from "./quotation-terms";

const errorOf = (field: (typeof QUOTATION_TERM_FIELDS)[number], value: unknown) => {
  const result = quotationTermField(field).safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message);
};

describe("quotationTermField", () => {
  it("keeps a term as one paragraph: line breaks, tabs and runs of spaces become one space", () => {
    expect(quotationTermField("termsPayment").parse("  Balance due\r\n\ton the   event date. ")).toBe(
      "Balance due on the event date.",
    );
    expect(quotationTermField("termsDamage").parse("ক্ষতির দায় গ্রাহকের।")).toBe("ক্ষতির দায় গ্রাহকের।");
  });

  it.each([
    ["termsValidity", "", "Validity term is required"],
    ["termsAdvance", " \n\t ", "Advance term is required"],
    ["termsPayment", undefined, "Payment term is required"],
    ["termsCancellation", "Refund\u0000less 10%", "Cancellation term must be plain text"],
    ["termsDamage", "Damage\u007f", "Damage term must be plain text"],
  ] as const)("refuses %s = %j: %s", (field, value, message) => {
    expect(errorOf(field, value)).toEqual([message]);
  });

  it(`takes at most ${QUOTATION_TERM_MAX_LENGTH} characters once the spaces are tidied, and says how many it has`, () => {
    const longest = "a".repeat(QUOTATION_TERM_MAX_LENGTH);
    expect(errorOf("termsValidity", longest)).toBeNull();
    // Counted once tidied: spaces and line breaks around the words do not count.
    expect(errorOf("termsValidity", `  ${longest}\n\n`)).toBeNull();
    expect(errorOf("termsValidity", `${longest}b`)).toEqual([
      `Validity term must be at most ${QUOTATION_TERM_MAX_LENGTH} characters (it has ${QUOTATION_TERM_MAX_LENGTH + 1})`,
    ]);
  });
});

describe("the terms on the company settings form", () => {
  function form(terms: Record<string, string>): FormData {
    const data = new FormData();
    for (const [name, value] of Object.entries({
      name: "Utsab",
      address: "Banani, Dhaka",
      notificationEmail: "desk@example.com",
      vatRatePercent: "15",
      ...terms,
    }))
      data.set(name, value);
    return data;
  }

  it("reads the five terms as posted and stores them tidied", () => {
    const result = parseCompanySettingsForm(readCompanySettingsForm(form({ ...DEFAULT_QUOTATION_TERMS })));
    expect(result).toMatchObject({ ok: true, input: DEFAULT_QUOTATION_TERMS });
  });

  it("names every term left blank, each with its own message", () => {
    const result = parseCompanySettingsForm(readCompanySettingsForm(form({})));
    expect(result).toEqual({
      ok: false,
      errors: {
        termsValidity: "Validity term is required",
        termsAdvance: "Advance term is required",
        termsPayment: "Payment term is required",
        termsCancellation: "Cancellation term is required",
        termsDamage: "Damage term is required",
      },
    });
  });
});

describe("the default terms", () => {
  it("are the terms printed before they could be edited, divided into the five, none lost", () => {
    const words = (texts: readonly string[]) =>
      texts
        .join(" ")
        .match(/[\w%']+/g)!
        .sort();
    const printed = quotationTermsList(DEFAULT_QUOTATION_TERMS);
    expect(printed).toHaveLength(5);
    expect(words(printed)).toEqual(words(TERMS_PRINTED_BEFORE_SETTINGS));
    // Each within the form's own rules, so a new installation's settings save as they are.
    for (const field of QUOTATION_TERM_FIELDS) expect(errorOf(field, DEFAULT_QUOTATION_TERMS[field])).toBeNull();
  });

  it("print in the form's order: validity, advance, payment, cancellation, damage", () => {
    expect(quotationTermsList(DEFAULT_QUOTATION_TERMS)).toEqual([
      DEFAULT_QUOTATION_TERMS.termsValidity,
      DEFAULT_QUOTATION_TERMS.termsAdvance,
      DEFAULT_QUOTATION_TERMS.termsPayment,
      DEFAULT_QUOTATION_TERMS.termsCancellation,
      DEFAULT_QUOTATION_TERMS.termsDamage,
    ]);
  });
});
