// A party's ledger statement's rules that need no database (issue 36): the period a URL asks for (each field that
// cannot be read named, what was typed kept), how a balance reads (Dr/Cr, "owes"/"is owed"), the file names, the
// addresses, and the e-mail's text.
import { describe, expect, it } from "vitest";
import {
  balanceSide,
  balanceWords,
  formatBalance,
  PARTY_STATEMENT_MESSAGES as M,
  partyStatementEmail,
  partyStatementExportHref,
  partyStatementFileName,
  partyStatementHref,
  portalStatementPdfHref,
  readStatementPeriod,
} from "./party-statement";

const DEFAULTS = { from: "2026-07-01", to: "2026-12-07" };
const read = (query: string) => readStatementPeriod(new URLSearchParams(query), DEFAULTS);

describe("the statement's period", () => {
  it("is the defaults when the URL names none, and what it names otherwise", () => {
    expect(read("")).toEqual({ period: DEFAULTS, errors: {}, typed: { from: "", to: "" } });
    expect(read("from=2026-01-01&to=2026-03-31").period).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(read("from=2025-07-01").period).toEqual({ from: "2025-07-01", to: "2026-12-07" });
    expect(read("to=2026-09-30").period).toEqual({ from: "2026-07-01", to: "2026-09-30" });
  });

  it("names each field that is not a date, keeps what was typed and shows the default instead", () => {
    expect(read("from=2026-02-30&to=yesterday")).toEqual({
      period: DEFAULTS,
      errors: { from: M.from, to: M.to },
      typed: { from: "2026-02-30", to: "yesterday" },
    });
    expect(read("from=07/01/2026").errors).toEqual({ from: M.from });
    expect(M.from).toMatch(/^From: /);
    expect(M.to).toMatch(/^To: /);
  });

  it("refuses a last day before the first on To, and shows the default period", () => {
    expect(read("from=2026-10-01&to=2026-09-30")).toMatchObject({ period: DEFAULTS, errors: { to: M.order } });
  });
});

describe("a balance as the statement writes it", () => {
  it("is Dr when the party owes the company and Cr when the company owes the party", () => {
    expect(balanceSide("69000.00")).toEqual({ amount: "69000.00", side: "Dr" });
    expect(balanceSide("-7000.00")).toEqual({ amount: "7000.00", side: "Cr" });
    expect(balanceSide("0.00")).toEqual({ amount: "0.00", side: "" });
    expect(balanceSide("-0.00")).toEqual({ amount: "0.00", side: "" });
    expect(formatBalance("69000.00")).toBe("৳69,000.00 Dr");
    expect(formatBalance("-7000.5")).toBe("৳7,000.50 Cr");
    expect(formatBalance("0.00")).toBe("৳0.00");
  });

  it("says who owes whom", () => {
    expect(balanceWords("39000.00")).toBe("owes ৳39,000.00");
    expect(balanceWords("-7000.00")).toBe("is owed ৳7,000.00");
    expect(balanceWords("0.00")).toBe("is settled");
  });
});

describe("addresses and file names", () => {
  it("puts the kind and id in the path and the period in the query", () => {
    const id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
    expect(partyStatementHref("supplier", id)).toBe(`/admin/accounts/parties/supplier/${id}/statement`);
    expect(partyStatementHref("customer", id, DEFAULTS)).toBe(
      `/admin/accounts/parties/customer/${id}/statement?from=2026-07-01&to=2026-12-07`,
    );
    expect(partyStatementExportHref("employee", id, "csv", DEFAULTS)).toBe(
      `/admin/accounts/parties/employee/${id}/statement/export?format=csv&from=2026-07-01&to=2026-12-07`,
    );
    expect(portalStatementPdfHref(DEFAULTS)).toBe("/customer/statement/pdf?from=2026-07-01&to=2026-12-07");
  });

  it("names the file by the party and the period, in plain letters", () => {
    expect(partyStatementFileName({ kind: "customer", name: "Nadia & Arif" }, DEFAULTS, "csv")).toBe(
      "statement-customer-nadia-and-arif-2026-07-01-to-2026-12-07.csv",
    );
    expect(partyStatementFileName({ kind: "supplier", name: "রহিম" }, DEFAULTS, "pdf")).toBe(
      "statement-supplier-supplier-2026-07-01-to-2026-12-07.pdf",
    );
  });
});

describe("the statement's e-mail", () => {
  const input = {
    kind: "customer" as const,
    partyId: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    to: "nadia@example.com",
    name: "Nadia   Rahman",
    period: DEFAULTS,
    opening: "-10000.00",
    closing: "39000.00",
    portalUrl: "https://utsab.example/customer/statement",
    company: { name: "Utsab Event Technologies", phones: ["01700000000"], emails: ["accounts@utsab.example"] },
  };

  it("gives the period, the opening and closing balances, what is owed and the portal", () => {
    const email = partyStatementEmail(input);
    expect(email).toMatchObject({
      to: "nadia@example.com",
      subject: "Statement of account from Utsab Event Technologies (1 Jul 2026 – 7 Dec 2026)",
      kind: "party_statement.sent",
      relatedType: "customer",
      relatedId: input.partyId,
    });
    expect(email.text).toContain("Dear Nadia Rahman,");
    expect(email.text).toContain("Opening balance (1 Jul 2026): ৳10,000.00 Cr");
    expect(email.text).toContain("Closing balance (7 Dec 2026): ৳39,000.00 Dr");
    expect(email.text).toContain("On 7 Dec 2026 the balance you owe us is ৳39,000.00.");
    expect(email.text).toContain("https://utsab.example/customer/statement");
  });

  it("tells a supplier what the company owes them, and leaves the portal out for one without it", () => {
    const email = partyStatementEmail({ ...input, kind: "supplier", closing: "-7000.00", portalUrl: null });
    expect(email.text).toContain("On 7 Dec 2026 the balance we owe you is ৳7,000.00.");
    expect(email.text).not.toContain("portal");
    expect(partyStatementEmail({ ...input, closing: "0.00" }).text).toContain("your account is settled");
  });
});
