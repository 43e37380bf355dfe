// Renders quotations and reads them back with poppler's pdftotext and pdfinfo (tests/support/pdf-text.ts), the
// way a person's PDF reader would see them.
import { describe, expect, it } from "vitest";
import { amountInWords } from "~/lib/amount-in-words";
import { formatMoney } from "~/lib/format";
import type { QuotationRevisionLine } from "./constants";
import { chargeText } from "../catalogue/rate-structures";
import { pdfFile, pdfPageCount as pageCount, pdfText, poppler } from "../../../tests/support/pdf-text";
import { sampleQuotationPdfInput } from "../../../tests/support/quotation-pdf-sample";
import { renderQuotationPdf } from "./quotation-pdf.server";
import { DEFAULT_QUOTATION_TERMS, QUOTATION_TERM_MAX_LENGTH, quotationTermsList } from "../settings/quotation-terms";

async function render(input: ReturnType<typeof sampleQuotationPdfInput>): Promise<string> {
  const bytes = await renderQuotationPdf(input);
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return pdfFile(bytes);
}

describe("renderQuotationPdf", { timeout: 20_000 }, () => {
  it("prints a short quotation on one page: company, customer, event, lines, totals in taka, words, terms", async () => {
    const input = sampleQuotationPdfInput(3);
    const file = await render(input);
    expect(pageCount(file)).toBe(1);
    // Both fonts embedded (subset), so the taka sign and the Bengali name print on any reader.
    const fonts = poppler("pdffonts", [file]);
    for (const font of ["NotoSans-Regular", "NotoSans-Bold", "NotoSansBengali-Regular", "NotoSansBengali-Bold"]) {
      expect(fonts).toMatch(new RegExp(`\\+${font} +CID TrueType +Identity-H +yes yes yes`));
    }
    const text = pdfText(file);

    for (const expected of [
      "Utsab Event Technologies",
      "House 42, Road 11, Block E, Banani, Dhaka 1213, Bangladesh",
      "+880 1711-234567, +880 2-55041234",
      "VAT registration (BIN): 000123456-0101",
      "QUOTATION",
      "7f3a9c2e",
      "(Rahim Uddin)",
      "rahim.uddin@example.com",
      "+880 1812-345678",
      "Annual Gala Dinner 2026",
      "Date: 15 Dec 2026 to 17 Dec 2026 (3 days)",
      "Time: 6:30 PM",
      "International Convention City Bashundhara",
      "Stage setup must be finished by 3 PM",
      "Valid until 30 Nov 2026",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Revision 2\b/);
    expect(text).toMatch(/Date 23 Nov 2026/);
    // The lines: number, item, size, quantity × rate × days and total on one row (ADR 0019).
    input.revision.lines.forEach((line, i) => expect(text, `line ${i + 1}`).toMatch(rowPattern(i, line)));
    expect(text).toMatch(/^ *1 P3 Indoor LED Video Wall +500 × 500 mm +1 sqm × ৳5,000\.00 × 3 days +৳15,000\.00$/m);
    expect(text).toMatch(/^ *3 Line Array Sound System +4 tops \+ 2 +3 × ৳10,000\.00 +৳30,000\.00$/m);
    expect(text).toMatch(/^ *3 Line Array Sound System +4 tops \+ 2/m);
    // Totals for 15-17 December: 1 sqm × 5,000 × 3 + 2 × 1,500 × 3 + 10,000 × 3 once = 54,000; less 2,500 =
    // 51,500; VAT 15% = 7,725; total 59,225.
    expect(input.revision.total).toBe("59225.00");
    expect(text).toMatch(/Subtotal ৳54,000\.00/);
    expect(text).toMatch(/Discount - ৳2,500\.00/);
    expect(text).toMatch(/VAT \(15%\) ৳7,725\.00/);
    expect(text).toMatch(/Total ৳59,225\.00/);
    expect(text).toContain("Amount in words: Taka Fifty-Nine Thousand Two Hundred Twenty-Five Only");
    expect(text).toContain("TERMS AND CONDITIONS");
    // The terms as the revision holds them, numbered in order.
    quotationTermsList(DEFAULT_QUOTATION_TERMS).forEach((term, i) =>
      expect(text.replace(/\s+/g, " ")).toContain(`${i + 1}. ${term}`),
    );
  });

  it("runs a long quotation over pages, repeating the table header, every line once, the totals after the last line", async () => {
    const input = sampleQuotationPdfInput(60);
    const file = await render(input);
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(3);

    const texts = Array.from({ length: pages }, (_, i) => pdfText(file, i + 1));
    texts.forEach((text, i) => {
      // Every page with lines on it starts them under the table's header.
      if (/^ *\d+ \S.* ৳[\d,.]+ ৳[\d,.]+$/m.test(text)) expect(text).toMatch(/# Item Size Quantity × rate Total/);
      expect(text).toContain(`Page ${i + 1} of ${pages}`);
      if (i > 0) expect(text).toContain("Utsab Event Technologies · Quotation 7f3a9c2e · Revision 2 (continued)");
    });

    // Every line printed exactly once, whole on one page, with its money.
    const all = texts.join("\n");
    input.revision.lines.forEach((line, i) => {
      expect(all.match(rowPattern(i, line)), `line ${i + 1}`).toHaveLength(1);
      expect(all).toContain(`(${i + 1})`);
    });

    // The totals come once, after the last line (on its page or a later one), and the terms close the document.
    const totalsPage = texts.findIndex((text) => text.includes("Subtotal"));
    const lastLinePage = texts.findIndex((text) => text.includes("Silent Generator 100 kVA (60)"));
    expect(totalsPage).toBeGreaterThanOrEqual(lastLinePage);
    expect(texts.filter((text) => text.includes("Subtotal"))).toHaveLength(1);
    const totals = texts[totalsPage]!;
    expect(totals).toContain(`Subtotal ${formatMoney(input.revision.subtotal)}`);
    expect(totals).toContain(`VAT (15%) ${formatMoney(input.revision.vatAmount)}`);
    expect(totals).toContain(`Total ${formatMoney(input.revision.total)}`);
    expect(texts.slice(totalsPage).join(" ").replace(/\s+/g, " ")).toContain(amountInWords(input.revision.total));
    expect(texts[pages - 1]).toContain("TERMS AND CONDITIONS");
  });

  it("prints a zero VAT rate and no discount as they are, and leaves out an empty BIN and notes", async () => {
    const input = sampleQuotationPdfInput(2, { discount: "0.00", vatRatePercent: "0.00" });
    input.company.vatRegistrationNumber = " ";
    input.quotation.notes = null;
    input.quotation.rentalEndDate = null;
    input.logo = null;
    const text = pdfText(await render(input));
    expect(text).toMatch(/Discount ৳0\.00/);
    expect(text).toMatch(/VAT \(0%\) ৳0\.00/);
    // 1 sqm × 5,000 × 3 days + 2 × 1,500 × 3 days (the lines are the revision's snapshot).
    expect(text).toMatch(/Total ৳24,000\.00/);
    expect(text).toContain("Date: 15 Dec 2026\n");
    expect(text).not.toContain("VAT registration");
    expect(text).not.toContain("NOTES");
  });

  it("prints the terms the revision holds, as many as it has and as long as the form allows, and no others", async () => {
    const long =
      `Cancellation: ${"a refund of the advance less the costs already paid to suppliers, ".repeat(9)}`.slice(0, 600);
    expect(long).toHaveLength(QUOTATION_TERM_MAX_LENGTH);
    const terms = [
      ...quotationTermsList(DEFAULT_QUOTATION_TERMS).slice(0, 2),
      long,
      "Advance: ৳10,000 on booking, the rest on the day.",
    ];
    const input = sampleQuotationPdfInput(3, { terms });
    const file = await render(input);
    const text = pdfText(file).replace(/\s+/g, " ");
    terms.forEach((term, i) => expect(text).toContain(`${i + 1}. ${term}`));
    expect(text).not.toContain("5. ");
    expect(text).not.toContain(DEFAULT_QUOTATION_TERMS.termsDamage);
  });
});

/**
 * A line's row as pdftotext lays it out: its first text line holds the number, the first words of the item (a
 * long name or size wraps below), the quantity and the money, right-aligned at the end.
 */
function rowPattern(index: number, line: QuotationRevisionLine): RegExp {
  const name = line.name.split(" ").slice(0, 3).join(" ");
  const money = `${escape(chargeText(line, formatMoney))} ${escape(formatMoney(line.total))}`;
  return new RegExp(`^ *${index + 1} ${escape(name)}.* ${money}$`, "gm");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
