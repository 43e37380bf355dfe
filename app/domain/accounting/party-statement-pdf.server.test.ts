// The party statement's PDF (issue 36), rendered and read back with poppler's pdftotext and pdfinfo
// (tests/support/pdf-text.ts): the company's letterhead, the title, the party and the period, the opening balance,
// each line with its balance as Dr or Cr, the totals, the closing balance in words; a long statement runs onto more
// pages with the running header and the table's header on each.
import { describe, expect, it } from "vitest";
import { fromPaisa } from "~/lib/money";
import type { CompanyDetails } from "~/lib/pdf/pdf.server";
import { pdfFile, pdfPageCount, pdfText } from "../../../tests/support/pdf-text";
import { renderPartyStatementPdf } from "./party-statement-pdf.server";
import type { LoadedStatement, StatementRow } from "./party-statement.server";

const COMPANY: CompanyDetails = {
  name: "Utsab Event Technologies",
  address: "House 12, Road 5, Dhanmondi, Dhaka 1205",
  phones: ["+880 1711-000000"],
  emails: ["accounts@utsab.example"],
  vatRegistrationNumber: "000123456-0101",
};
const NOW = new Date("2026-12-07T08:35:00Z");

function line(
  n: number,
  debit: bigint,
  credit: bigint,
  balance: bigint,
  extra: Partial<StatementRow> = {},
): StatementRow {
  return {
    lineId: `line-${n}`,
    entryId: `entry-${n}`,
    date: "2026-11-10",
    reference: `INV-2026-27-${String(n).padStart(6, "0")}`,
    sourceType: "invoice",
    sourceId: `invoice-${n}`,
    description: `Invoice ${n} for the Holud night`,
    accountCode: "1300",
    debit: fromPaisa(debit),
    credit: fromPaisa(credit),
    balance: fromPaisa(balance),
    sourceLabel: "Tax invoice",
    documentHref: null,
    entryHref: "/admin/accounts/ledger",
    portalHref: null,
    ...extra,
  };
}

function statement(
  lines: StatementRow[],
  opening: bigint,
  kind: "customer" | "supplier" = "customer",
): LoadedStatement {
  const debits = lines.reduce((s, l) => s + BigInt(l.debit.replace(".", "")), 0n);
  const credits = lines.reduce((s, l) => s + BigInt(l.credit.replace(".", "")), 0n);
  return {
    party: {
      kind,
      id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
      name: kind === "customer" ? "Nadia Rahman" : "Dhaka Lights Ltd",
      email: kind === "customer" ? "nadia@example.com" : null,
      mergedIntoId: null,
      address: "Road 7, Gulshan 1, Dhaka",
    },
    from: "2026-07-01",
    to: "2026-12-07",
    opening: fromPaisa(opening),
    lines,
    debits: fromPaisa(debits),
    credits: fromPaisa(credits),
    closing: fromPaisa(opening + debits - credits),
  };
}

describe("the party statement's PDF", () => {
  it("prints the letterhead, the party, the period, each line with its Dr/Cr balance and the closing balance", async () => {
    const rows = [
      line(1, 6_900_000n, 0n, 5_900_000n),
      line(2, 0n, 2_000_000n, 3_900_000n, {
        reference: null,
        sourceType: "customer_payment",
        sourceLabel: "Customer payment",
        description: "Payment from Nadia Rahman",
      }),
    ];
    const file = pdfFile(await renderPartyStatementPdf(statement(rows, -1_000_000n), COMPANY, NOW));
    expect(pdfPageCount(file)).toBe(1);
    const text = pdfText(file);
    for (const expected of [
      "Utsab Event Technologies",
      "House 12, Road 5, Dhanmondi, Dhaka 1205",
      "VAT registration (BIN): 000123456-0101",
      "STATEMENT OF ACCOUNT",
      "Customer ledger · 1 Jul 2026 – 7 Dec 2026",
      "Printed on 7 Dec 2026, 2:35 PM (Asia/Dhaka)",
      "Nadia Rahman",
      "nadia@example.com",
      "Road 7, Gulshan 1, Dhaka",
      "Date Reference Description Debit (৳) Credit (৳) Balance (৳)",
      "1 Jul 2026 Opening balance 10,000.00 Cr",
      "10 Nov 2026 INV-2026-27-000001 Invoice 1 for the Holud night 69,000.00 59,000.00 Dr",
      "10 Nov 2026 Customer payment Payment from Nadia Rahman 20,000.00 39,000.00 Dr",
      "Totals for the period 69,000.00 20,000.00",
      "7 Dec 2026 Closing balance 39,000.00 Dr",
      "Closing balance (7 Dec 2026) ৳39,000.00 Dr",
      "On 7 Dec 2026 Nadia Rahman owes ৳39,000.00.",
      "Dr: the customer owes the company",
    ])
      expect(text).toContain(expected);
  });

  it("says what the company owes a supplier, and that nothing was posted in an empty period", async () => {
    const text = pdfText(pdfFile(await renderPartyStatementPdf(statement([], -700_000n, "supplier"), COMPANY, NOW)));
    expect(text).toContain("Supplier ledger · 1 Jul 2026 – 7 Dec 2026");
    expect(text).toContain("Nothing was posted to this account in the period.");
    expect(text).toContain("On 7 Dec 2026 Dhaka Lights Ltd is owed ৳7,000.00.");
    expect(text).toContain("Cr: the company owes the supplier");
  });

  it("runs a long statement onto more pages, each with the running header and the table's header", async () => {
    const rows: StatementRow[] = [];
    let balance = 0n;
    for (let n = 1; n <= 120; n++) {
      const debit = n % 3 === 0 ? 0n : 150_000n;
      const credit = n % 3 === 0 ? 200_000n : 0n;
      balance += debit - credit;
      rows.push(line(n, debit, credit, balance));
    }
    const file = pdfFile(await renderPartyStatementPdf(statement(rows, 0n), COMPANY, NOW));
    const pages = pdfPageCount(file);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 2; page <= pages; page++) {
      const text = pdfText(file, page);
      expect(text).toContain(
        "Utsab Event Technologies · Statement of account · Nadia Rahman · 1 Jul 2026 – 7 Dec 2026",
      );
      expect(text).toContain(`Page ${page} of ${pages}`);
      if (page < pages || text.includes("INV-")) expect(text).toContain("Balance (৳)");
    }
    const last = pdfText(file, pages);
    expect(last).toContain(`On 7 Dec 2026 Nadia Rahman owes ৳${(Number(balance) / 100).toLocaleString("en-US")}.00.`);
    // Every line is printed once, in order.
    const all = pdfText(file);
    expect(all.match(/INV-2026-27-\d{6}/g)).toHaveLength(120);
  });
});
