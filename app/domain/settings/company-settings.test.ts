import { describe, expect, it } from "vitest";
import {
  companySettingsSchema,
  companySettingsToFormValues,
  padBusinessHours,
  readCompanySettingsForm,
  type CompanySettingsFormValues,
} from "./company-settings";
import { DEFAULT_QUOTATION_TERMS } from "./quotation-terms";

const valid: CompanySettingsFormValues = {
  name: "  Utsab Event Technologies ",
  tagline: "Light and sound",
  address: "House 42, Road 11, Banani, Dhaka",
  phones: "+880 1711-234567\r\n\r\n  +880 2-55041234  \n",
  emails: "info@utsabevents.com.bd\nbookings@utsabevents.com.bd",
  businessHours: [
    { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
    { days: "", hours: "" },
    { days: " Saturday ", hours: "10:00 AM - 4:00 PM" },
    ...Array.from({ length: 4 }, () => ({ days: "", hours: "" })),
  ],
  supportNote: "Support 24/7.",
  facebook: "https://www.facebook.com/utsabevents",
  instagram: "",
  linkedin: " ",
  youtube: "https://www.youtube.com/@utsabevents",
  notificationEmail: "Bookings@utsabevents.com.bd",
  vatRegistrationNumber: "000123456-0101",
  vatRatePercent: "7.5",
  ...DEFAULT_QUOTATION_TERMS,
  termsAdvance: "  Advance: 30% of the total\r\n  confirms the booking.  ",
};

const errorsOf = (values: Partial<CompanySettingsFormValues>) => {
  const result = companySettingsSchema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("companySettingsSchema", () => {
  it("trims, drops blank lines and rows, keeps only the links given, and writes the VAT rate with 2 decimals", () => {
    expect(companySettingsSchema.parse(valid)).toEqual({
      name: "Utsab Event Technologies",
      tagline: "Light and sound",
      address: "House 42, Road 11, Banani, Dhaka",
      phones: ["+880 1711-234567", "+880 2-55041234"],
      emails: ["info@utsabevents.com.bd", "bookings@utsabevents.com.bd"],
      businessHours: [
        { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
        { days: "Saturday", hours: "10:00 AM - 4:00 PM" },
      ],
      supportNote: "Support 24/7.",
      socialLinks: {
        facebook: "https://www.facebook.com/utsabevents",
        youtube: "https://www.youtube.com/@utsabevents",
      },
      notificationEmail: "Bookings@utsabevents.com.bd",
      vatRegistrationNumber: "000123456-0101",
      vatRatePercent: "7.50",
      ...DEFAULT_QUOTATION_TERMS,
      termsAdvance: "Advance: 30% of the total confirms the booking.",
    });
  });

  it.each([
    ["0", "0.00"],
    ["15", "15.00"],
    ["015.5", "15.50"],
    ["100", "100.00"],
    ["99.99", "99.99"],
  ])("reads a VAT rate of %s as %s", (typed, stored) => {
    expect(companySettingsSchema.parse({ ...valid, vatRatePercent: typed }).vatRatePercent).toBe(stored);
  });

  it.each<[Partial<CompanySettingsFormValues>, string, string]>([
    [{ name: "   " }, "name", "Company name is required"],
    [{ name: "x".repeat(121) }, "name", "Company name must be at most 120 characters"],
    [{ name: "Utsab\nEvents" }, "name", "Company name must be one line of plain text"],
    [
      { name: "\u00a0\u200b\u2060" },
      "name",
      "Company name must contain visible letters or digits, not only invisible characters",
    ],
    [
      { name: "Utsab \u202eStneve" },
      "name",
      "Company name cannot contain right-to-left or other direction control characters",
    ],
    [{ tagline: "one\ntwo" }, "tagline", "Tagline must be one line of plain text"],
    [{ phones: "+880 1711-234567\ncall us" }, "phones", "Line 2 is not a valid phone number: call us"],
    [{ phones: "12345" }, "phones", "Line 1 is not a valid phone number: 12345"],
    [{ phones: "01711234567\n01711234567" }, "phones", "Line 2 repeats an earlier phone number"],
    [{ emails: "info@utsab" }, "emails", "Line 1 is not a valid e-mail address: info@utsab"],
    [
      { emails: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`).join("\n") },
      "emails",
      "Enter at most 10 e-mail addresses",
    ],
    [{ businessHours: [{ days: "Sunday", hours: "" }] }, "businessHours", "Row 1: enter the hours for Sunday"],
    [
      {
        businessHours: [
          { days: "", hours: "" },
          { days: "", hours: "9-5" },
        ],
      },
      "businessHours",
      "Row 2: enter the days these hours are for",
    ],
    [
      {
        businessHours: [
          { days: "Sunday", hours: "Closed" },
          { days: "sunday", hours: "9-5" },
        ],
      },
      "businessHours",
      "Row 2 repeats the days of an earlier row",
    ],
    [
      { businessHours: Array.from({ length: 8 }, (_, i) => ({ days: `Day ${i}`, hours: "9-5" })) },
      "businessHours",
      "Enter at most 7 rows of business hours",
    ],
    [{ facebook: "http://www.facebook.com/utsab" }, "facebook", "Facebook link must start with https://"],
    [{ instagram: "javascript:alert(1)" }, "instagram", "Instagram link must start with https://"],
    [
      { linkedin: "www.linkedin.com/company/x" },
      "linkedin",
      "LinkedIn link must be a web address such as https://www.linkedin.com/yourpage",
    ],
    [
      { youtube: "https://user:pw@youtube.com/x" },
      "youtube",
      "YouTube link must be a web address such as https://www.youtube.com/yourpage",
    ],
    [{ notificationEmail: "" }, "notificationEmail", "Notification e-mail is required"],
    [{ notificationEmail: "a@b@c.com" }, "notificationEmail", "Notification e-mail must be a valid e-mail address"],
    [
      { vatRegistrationNumber: "BIN<script>" },
      "vatRegistrationNumber",
      "VAT registration number may contain only letters, digits, spaces, - and /",
    ],
    [{ vatRatePercent: "" }, "vatRatePercent", "VAT rate is required (0 if no VAT is charged)"],
    [
      { vatRatePercent: "15.555" },
      "vatRatePercent",
      "VAT rate must be a number with at most 2 decimals, e.g. 15 or 7.5",
    ],
    [{ vatRatePercent: "-1" }, "vatRatePercent", "VAT rate must be a number with at most 2 decimals, e.g. 15 or 7.5"],
    [{ vatRatePercent: "100.01" }, "vatRatePercent", "VAT rate must be between 0 and 100"],
    [{ termsValidity: " \n " }, "termsValidity", "Validity term is required"],
    [{ termsDamage: "x".repeat(601) }, "termsDamage", "Damage term must be at most 600 characters (it has 601)"],
  ])("refuses %j with a message on %s", (values, field, message) => {
    expect(errorsOf(values)).toEqual({ [field]: message });
  });
});

describe("the form's values", () => {
  it("reads a posted form, rows of days and hours in order", () => {
    const form = new FormData();
    form.set("name", "Utsab");
    for (const [d, h] of [
      ["Mon", "9-5"],
      ["", ""],
      ["Sun", "Closed"],
    ]) {
      form.append("hoursDays", d!);
      form.append("hoursHours", h!);
    }
    const values = readCompanySettingsForm(form);
    expect(values.name).toBe("Utsab");
    expect(values.address).toBe("");
    expect(values.termsCancellation).toBe("");
    expect(values.businessHours).toEqual([
      { days: "Mon", hours: "9-5" },
      { days: "", hours: "" },
      { days: "Sun", hours: "Closed" },
    ]);
  });

  it("shows stored settings as lines and pads the business hours to 7 rows", () => {
    const stored = companySettingsSchema.parse(valid);
    const values = companySettingsToFormValues(stored);
    expect(values.phones).toBe("+880 1711-234567\n+880 2-55041234");
    expect(values.instagram).toBe("");
    expect(padBusinessHours(values.businessHours)).toHaveLength(7);
    expect(companySettingsSchema.parse(values)).toEqual(stored);
  });
});
