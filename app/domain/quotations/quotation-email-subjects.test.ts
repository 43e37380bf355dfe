import { describe, expect, it } from "vitest";
import { customerConfirmation, customerConfirmationSubject, type QuotationSummary } from "./created-emails";
import { shortQuotationId } from "./customer-quotation-list";
import { quotationReference } from "./reference";
import { quotationSentEmail, quotationSentSubject, type SentEmailInput } from "./sent-email";

// The subjects of the customer's e-mails (issue 20): the request's confirmation names the short reference the
// portal shows, not the whole id; a revision's e-mail names its number.

const ID = "7f3a9c2e-1b4d-4e8f-9a0b-123456789abc";
const company = {
  name: "Utsab Event Technologies",
  notificationEmail: "desk@example.com",
  phones: ["+880 1711-234567"],
  emails: ["info@example.com"],
};

const summary: QuotationSummary = {
  id: ID,
  status: "pending",
  customerName: "Rahim",
  email: "rahim@example.com",
  phone: "+880 1812-345678",
  eventName: "Annual Gala",
  eventDate: "2027-01-15",
  eventTime: "18:30:00",
  eventLocation: "Banani",
  notes: null,
  total: "1000.00",
  createdAt: "2026-11-20T10:00:00.000Z",
  lines: [],
};

function sent(overrides: Partial<SentEmailInput> = {}): SentEmailInput {
  return {
    quotationId: ID,
    customerName: "Rahim",
    to: "rahim@example.com",
    eventName: "Annual Gala",
    eventDate: "2027-01-15",
    rentalEndDate: "2027-01-15",
    eventTime: "18:30:00",
    eventLocation: "Banani",
    revision: 1,
    lines: [],
    subtotal: "1000.00",
    discount: "0.00",
    vatRatePercent: "15.00",
    vatAmount: "150.00",
    total: "1150.00",
    validUntil: new Date("2027-01-01T17:59:59Z"),
    terms: ["Prices hold for 7 days.", "Half in advance confirms the booking."],
    linkUrl: "https://utsab.example/customer/link/abc",
    portalUrl: "https://utsab.example/customer/login",
    password: null,
    hasPortal: true,
    message: "",
    company,
    ...overrides,
  };
}

describe("the short reference", () => {
  it("is the 8 characters the portal shows, before its ellipsis", () => {
    expect(quotationReference(ID)).toBe("7f3a9c2e");
    expect(quotationReference(ID.toUpperCase())).toBe("7f3a9c2e");
    expect(shortQuotationId(ID)).toBe(`${quotationReference(ID)}...`);
  });
});

describe("the customer's confirmation of a request", () => {
  it("has the short reference in its subject and body, never the whole id", () => {
    expect(customerConfirmationSubject(ID)).toBe("We received your quotation request (reference 7f3a9c2e)");
    const email = customerConfirmation(summary, company);
    expect(email.subject).toBe("We received your quotation request (reference 7f3a9c2e)");
    expect(email.text).toContain("Your reference: 7f3a9c2e");
    expect(`${email.subject}\n${email.text}`).not.toContain(ID);
  });
});

describe("the e-mail that sends a quotation", () => {
  it("names the revision in its subject from the second on", () => {
    expect(quotationSentSubject(sent())).toBe("Your quotation from Utsab Event Technologies: Annual Gala");
    expect(quotationSentEmail(sent({ revision: 2 })).subject).toBe(
      "Your quotation from Utsab Event Technologies: Annual Gala (revision 2)",
    );
    expect(quotationSentEmail(sent({ revision: 12 })).subject).toMatch(/ \(revision 12\)$/);
  });

  it("keeps the subject on one line whatever the names hold", () => {
    expect(quotationSentSubject(sent({ eventName: "Gala\r\nNight  2027", revision: 3 }))).toBe(
      "Your quotation from Utsab Event Technologies: Gala Night 2027 (revision 3)",
    );
  });

  it("prints the revision's terms, numbered, as the PDF does", () => {
    const text = quotationSentEmail(sent()).text;
    expect(text).toContain(
      "Terms and conditions\n1. Prices hold for 7 days.\n2. Half in advance confirms the booking.\n",
    );
  });
});
