import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, companySettings } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { DEFAULT_QUOTATION_TERMS } from "~/domain/settings/quotation-terms";
import { loader as homeLoader } from "~/routes/storefront/home";
import { action, loader } from "./company";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  signedInUser,
  TEST_CLIENT_ADDRESS,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";

const PATH = "/admin/settings";

type Fields = Record<string, string | string[]>;
type ActionBody = {
  errors: Record<string, string> | null;
  values: Record<string, unknown> | null;
  toast: { type: string; message: string };
};

const runLoader = (as: TestUser) => callRoute(loader, PATH, { as });
const runAction = async (fields: Fields, as: TestUser) =>
  answerOf<ActionBody>(await callRoute(action, PATH, { as, form: fields }));

/** The whole form as the screen posts it: 7 rows of business hours, blank ones included. */
function formFields(overrides: Fields = {}): Fields {
  const days = ["Sunday - Thursday", "Friday", "", "", "", "", ""];
  const hours = ["9:00 AM - 7:00 PM", "Closed", "", "", "", "", ""];
  return {
    name: "Utsab Event Technologies Ltd",
    tagline: "Stages, screens and sound for Bangladesh's biggest nights.",
    address: "Plot 7, Road 2, Gulshan 1, Dhaka 1212, Bangladesh",
    phones: "+880 1811-000111\n\n+880 2-9999999\n",
    emails: "hello@utsab.example\nsales@utsab.example",
    hoursDays: days,
    hoursHours: hours,
    supportNote: "On-site engineers at every event.",
    facebook: "https://www.facebook.com/utsab.example",
    instagram: "",
    linkedin: "https://www.linkedin.com/company/utsab-example",
    youtube: "",
    notificationEmail: "desk@utsab.example",
    vatRegistrationNumber: "004567891-0203",
    vatRatePercent: "7.5",
    ...DEFAULT_QUOTATION_TERMS,
    ...overrides,
  };
}

const row = async () => (await getDb().select().from(companySettings))[0]!;
const auditLines = () =>
  getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "settings.company_updated"))
    .orderBy(desc(auditLog.createdAt));

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;
let newAdmin: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  admin = await signedInUser("admin", { name: "Settings Admin" });
  staff = await signedInUser("staff", { name: "Settings Staff" });
  accountant = await signedInUser("accountant", { name: "Settings Accountant" });
  newAdmin = await signedInUser("admin", { name: "Fresh Admin", mustChangePassword: true });
});

describe("company settings loader", () => {
  it("shows the stored settings in the form's shape to an administrator", async () => {
    const data = await runLoader(admin);
    expect(data.role).toBe("admin");
    expect(data.values).toMatchObject({
      name: "Utsab Event Technologies",
      phones: "+880 1711-234567\n+880 2-55041234",
      emails: "info@utsabevents.com.bd\nbookings@utsabevents.com.bd",
      businessHours: [
        { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
        { days: "Saturday", hours: "10:00 AM - 4:00 PM" },
        { days: "Sunday", hours: "Closed" },
      ],
      facebook: "https://www.facebook.com/utsabevents",
      notificationEmail: "bookings@utsabevents.com.bd",
      vatRegistrationNumber: "",
      vatRatePercent: "15.00",
      // A new installation's terms: those quotations printed before they could be edited.
      ...DEFAULT_QUOTATION_TERMS,
    });
  });

  it("refuses staff and accountants with 403, and sends a visitor to the sign-in page", async () => {
    expect(await thrownBy(runLoader(staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(runLoader(accountant))).toMatchObject({ status: 403 });
    expect(await thrownBy(runLoader(ANONYMOUS))).toEqual({
      status: 302,
      body: "",
      location: "/admin/login?redirectTo=%2Fadmin%2Fsettings",
    });
  });
});

describe("company settings action", () => {
  it("refuses staff, accountants, a visitor and an admin who must first change the password, writing nothing", async () => {
    const before = await row();
    for (const as of [staff, accountant])
      expect(await thrownBy(runAction(formFields(), as))).toMatchObject({ status: 403 });
    expect(await thrownBy(runAction(formFields(), ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await thrownBy(runAction(formFields(), newAdmin))).toMatchObject({ status: 403 });
    expect(await row()).toEqual(before);
    expect(await auditLines()).toEqual([]);
  });

  it.each<[string, Fields, string, string]>([
    ["a blank name", { name: "  " }, "name", "Company name is required"],
    ["a blank address", { address: "" }, "address", "Address is required"],
    ["a tagline of two lines", { tagline: "one\ntwo" }, "tagline", "Tagline must be one line of plain text"],
    [
      "a phone line that is words",
      { phones: "+880 1811-000111\ncall the office" },
      "phones",
      "Line 2 is not a valid phone number: call the office",
    ],
    [
      "the same phone twice",
      { phones: "01811000111\n01811000111" },
      "phones",
      "Line 2 repeats an earlier phone number",
    ],
    [
      "a malformed e-mail line",
      { emails: "hello@utsab.example\nsales at utsab" },
      "emails",
      "Line 2 is not a valid e-mail address: sales at utsab",
    ],
    [
      "hours without days",
      { hoursDays: ["Sunday", "", "", "", "", "", ""], hoursHours: ["Closed", "10-4", "", "", "", "", ""] },
      "businessHours",
      "Row 2: enter the days these hours are for",
    ],
    [
      "an http:// Facebook link",
      { facebook: "http://www.facebook.com/utsab" },
      "facebook",
      "Facebook link must start with https://",
    ],
    ["a javascript: link", { youtube: "javascript:alert(1)" }, "youtube", "YouTube link must start with https://"],
    [
      "a link that is not an address",
      { linkedin: "linkedin utsab" },
      "linkedin",
      "LinkedIn link must be a web address such as https://www.linkedin.com/yourpage",
    ],
    ["no notification e-mail", { notificationEmail: "" }, "notificationEmail", "Notification e-mail is required"],
    [
      "a malformed notification e-mail",
      { notificationEmail: "desk@" },
      "notificationEmail",
      "Notification e-mail must be a valid e-mail address",
    ],
    [
      "a VAT number with symbols",
      { vatRegistrationNumber: "BIN#1" },
      "vatRegistrationNumber",
      "VAT registration number may contain only letters, digits, spaces, - and /",
    ],
    ["a VAT rate of 101", { vatRatePercent: "101" }, "vatRatePercent", "VAT rate must be between 0 and 100"],
    [
      "a VAT rate with 3 decimals",
      { vatRatePercent: "15.125" },
      "vatRatePercent",
      "VAT rate must be a number with at most 2 decimals, e.g. 15 or 7.5",
    ],
    [
      "a negative VAT rate",
      { vatRatePercent: "-5" },
      "vatRatePercent",
      "VAT rate must be a number with at most 2 decimals, e.g. 15 or 7.5",
    ],
    ["a blank validity term", { termsValidity: " \r\n " }, "termsValidity", "Validity term is required"],
    ["no advance term posted at all", { termsAdvance: [] }, "termsAdvance", "Advance term is required"],
    [
      "a damage term too long",
      { termsDamage: "Damage is charged at cost. ".repeat(30) },
      "termsDamage",
      "Damage term must be at most 600 characters (it has 809)",
    ],
    [
      "a cancellation term with a control character",
      { termsCancellation: "Refunds less 10%\u0007" },
      "termsCancellation",
      "Cancellation term must be plain text",
    ],
  ])("answers %s with the field's message, keeps what was typed and writes nothing", async (_, bad, field, message) => {
    const before = await row();
    const fields = formFields(bad);
    const result = await runAction(fields, admin);
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ [field]: message });
    expect(result.body.toast).toEqual({ type: "error", message: "Failed to save settings" });
    // What was typed comes back as typed (not trimmed, not split), for the form to show again; a form post
    // sends line breaks as CRLF, as browsers do.
    const typed = (v: Fields[string] | undefined) => (typeof v === "string" ? v.replace(/\r?\n/g, "\r\n") : v);
    expect(result.body.values).toMatchObject({
      name: typed(fields.name),
      phones: typed(fields.phones),
      vatRatePercent: typed(fields.vatRatePercent),
    });
    expect(await row()).toEqual(before);
    expect(await auditLines()).toEqual([]);
  });

  it("saves a valid form, writes an audit line with each change, and the storefront shows it at once", async () => {
    // The storefront's data is cached before the change ...
    expect((await getCompanySettings(getDb())).name).toBe("Utsab Event Technologies");
    expect((await homeLoader()).company.tagline).toMatch(/^Light, sound, screens/);

    const result = await runAction(formFields(), admin);
    expect(result.status).toBe(200);
    expect(result.body.toast).toEqual({ type: "success", message: "Settings saved successfully" });

    const expected = {
      name: "Utsab Event Technologies Ltd",
      tagline: "Stages, screens and sound for Bangladesh's biggest nights.",
      address: "Plot 7, Road 2, Gulshan 1, Dhaka 1212, Bangladesh",
      phones: ["+880 1811-000111", "+880 2-9999999"],
      emails: ["hello@utsab.example", "sales@utsab.example"],
      businessHours: [
        { days: "Sunday - Thursday", hours: "9:00 AM - 7:00 PM" },
        { days: "Friday", hours: "Closed" },
      ],
      supportNote: "On-site engineers at every event.",
      socialLinks: {
        facebook: "https://www.facebook.com/utsab.example",
        linkedin: "https://www.linkedin.com/company/utsab-example",
      },
      notificationEmail: "desk@utsab.example",
      vatRegistrationNumber: "004567891-0203",
      vatRatePercent: "7.50",
    };
    expect(await row()).toMatchObject(expected);
    // ... and is new right after the action, without waiting for the cache to expire.
    expect(await getCompanySettings(getDb())).toMatchObject(expected);
    expect((await homeLoader()).company).toEqual({ name: expected.name, tagline: expected.tagline });

    const [line, ...others] = await auditLines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      actorUserId: admin.id,
      actorLabel: admin.email,
      entityType: "company_settings",
      entityId: "1",
      ipAddress: TEST_CLIENT_ADDRESS,
    });
    expect(line!.summary).toMatch(/^Updated company settings: name, tagline, address, phones, emails, businessHours/);
    const changes = line!.changes as Record<string, { from: unknown; to: unknown }>;
    expect(changes.name).toEqual({ from: "Utsab Event Technologies", to: "Utsab Event Technologies Ltd" });
    expect(changes.vatRatePercent).toEqual({ from: "15.00", to: "7.50" });
    expect(changes.socialLinks!.to).toEqual(expected.socialLinks);
    expect(changes.phones).toEqual({ from: ["+880 1711-234567", "+880 2-55041234"], to: expected.phones });
    expect(Object.keys(changes).sort()).toEqual(
      [
        "address",
        "businessHours",
        "emails",
        "name",
        "notificationEmail",
        "phones",
        "socialLinks",
        "supportNote",
        "tagline",
        "vatRatePercent",
        "vatRegistrationNumber",
      ].sort(),
    );

    // The loader shows what was stored.
    const data = await runLoader(admin);
    expect(data.values).toMatchObject({
      phones: "+880 1811-000111\n+880 2-9999999",
      vatRatePercent: "7.50",
      instagram: "",
    });
  });

  it("writes nothing, not even an audit line, when a save changes nothing", async () => {
    const before = await row();
    const lines = (await auditLines()).length;
    const result = await runAction(
      formFields({ name: "  Utsab Event Technologies Ltd  ", vatRatePercent: "7.50" }),
      admin,
    );
    expect(result.body.toast.type).toBe("success");
    expect(await row()).toEqual(before);
    expect(await auditLines()).toHaveLength(lines);
  });

  it("saves the quotation terms each as one paragraph, and audits each term that changed", async () => {
    const result = await runAction(
      formFields({
        termsAdvance: "Advance: 30% of the total\r\nconfirms the booking.",
        termsDamage: "  Damage and loss are charged at the cost of repair.  ",
      }),
      admin,
    );
    expect(result.status).toBe(200);
    expect(await row()).toMatchObject({
      ...DEFAULT_QUOTATION_TERMS,
      termsAdvance: "Advance: 30% of the total confirms the booking.",
      termsDamage: "Damage and loss are charged at the cost of repair.",
    });
    const [line] = await auditLines();
    expect(line!.changes).toEqual({
      termsAdvance: {
        from: DEFAULT_QUOTATION_TERMS.termsAdvance,
        to: "Advance: 30% of the total confirms the booking.",
      },
      termsDamage: {
        from: DEFAULT_QUOTATION_TERMS.termsDamage,
        to: "Damage and loss are charged at the cost of repair.",
      },
    });
    // The loader shows them as stored; the next quotation prints them (quotation-terms.integration.test.ts).
    expect((await runLoader(admin)).values.termsAdvance).toBe("Advance: 30% of the total confirms the booking.");

    expect((await runAction(formFields(), admin)).status).toBe(200);
    expect(await row()).toMatchObject(DEFAULT_QUOTATION_TERMS);
  });

  it("records only the fields that changed", async () => {
    const result = await runAction(formFields({ tagline: "Now with drones.", vatRatePercent: "0" }), admin);
    expect(result.status).toBe(200);
    const [line] = await auditLines();
    expect(line!.changes).toEqual({
      tagline: { from: "Stages, screens and sound for Bangladesh's biggest nights.", to: "Now with drones." },
      vatRatePercent: { from: "7.50", to: "0.00" },
    });
    expect((await getCompanySettings(getDb())).tagline).toBe("Now with drones.");
  });
});
