import { describe, expect, it } from "vitest";
import { documentTime, salesDocumentFilename } from "./invoice-pdf";

describe("documentTime", () => {
  it("prints the moment's time in Dhaka (UTC+6), whatever the server's zone", () => {
    expect(documentTime(new Date("2027-01-05T08:35:00Z"))).toBe("2:35 PM");
    expect(documentTime(new Date("2027-01-05T18:00:00Z"))).toBe("12:00 AM");
    expect(documentTime(new Date("2027-01-05T06:00:00Z"))).toBe("12:00 PM");
    expect(documentTime(new Date("2027-01-04T21:07:00Z"))).toBe("3:07 AM");
  });
});

describe("salesDocumentFilename", () => {
  it("names the file by the document's number, nothing else in it", () => {
    expect(salesDocumentFilename("INV-2026-27-000001")).toBe("INV-2026-27-000001.pdf");
    expect(salesDocumentFilename("CN-2026-27-000004")).toBe("CN-2026-27-000004.pdf");
    expect(salesDocumentFilename('a/b"c')).toBe("a_b_c.pdf");
  });
});
