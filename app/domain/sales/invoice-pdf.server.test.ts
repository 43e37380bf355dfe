// Renders tax invoices (Mushak-6.3) and credit notes (Mushak-6.7) and reads them back with poppler's pdftotext and
// pdfinfo (tests/support/pdf-text.ts), the way a person's PDF reader would see them.
import { describe, expect, it } from "vitest";
import { amountInWords } from "~/lib/amount-in-words";
import { formatMoney } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { pdfFile, pdfPageCount as pageCount, pdfText, poppler } from "../../../tests/support/pdf-text";
import {
  sampleCreditNotePdfInput,
  sampleInvoiceLines,
  sampleInvoicePdfInput,
} from "../../../tests/support/invoice-pdf-sample";
import { lineDiscount } from "./invoice-arithmetic";
import { type InvoicePdfLine, renderCreditNotePdf, renderInvoicePdf } from "./invoice-pdf.server";

async function render(bytes: Promise<Uint8Array>): Promise<string> {
  const pdf = await bytes;
  expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return pdfFile(pdf);
}

/** A money figure as the table prints it (the ৳ is in the column's header). */
function figure(amount: string): string {
  return escape(formatMoney(amount).replace("৳", ""));
}

/**
 * A line's row as pdftotext lays it out: the number, the first words of the description (a long one wraps below),
 * the unit of supply, the quantity with days, unit price, discount, value, SD rate and SD, VAT rate, VAT and total
 * on the row's first text line.
 */
function rowPattern(index: number, line: InvoicePdfLine): RegExp {
  const words = escape(line.description.split(" ").slice(0, 2).join(" "));
  const total = fromPaisa(toPaisa(line.value) + toPaisa(line.sdAmount) + toPaisa(line.vatAmount));
  const unit = line.unitPrice === null ? "—" : figure(line.unitPrice);
  const discount = lineDiscount(line);
  const money = [
    escape(line.unitOfSupply ?? "—"),
    line.quantity === null ? "—" : String(line.quantity),
    line.days === null ? "—" : String(line.days),
    unit,
    discount === null || discount === 0n ? "—" : figure(fromPaisa(discount)),
    figure(line.value),
    line.sdRatePercent === null ? "—" : `${Number(line.sdRatePercent)}%`,
    figure(line.sdAmount),
    "15%",
    figure(line.vatAmount),
    figure(total),
  ].join(" ");
  return new RegExp(`^ *${index + 1} ${words}.* ${money}$`, "gm");
}

/** The table's heading as pdftotext lays it out: two lines of the thirteen columns' words. */
const HEADING =
  /# Description of service Unit of Qty Days Unit price Discount Value before SD SD \(৳\) VAT VAT \(৳\) Total incl\. SD\n *supply \(৳\) \(৳\) VAT \(৳\) rate rate and VAT \(৳\)/;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("renderInvoicePdf", { timeout: 20_000 }, () => {
  it("prints a short invoice on one page with everything Mushak-6.3 asks, and no paid or due amounts", async () => {
    const input = sampleInvoicePdfInput(3);
    const file = await render(renderInvoicePdf(input));
    expect(pageCount(file)).toBe(1);
    const fonts = poppler("pdffonts", [file]);
    for (const font of ["NotoSans-Regular", "NotoSans-Bold", "NotoSansBengali-Regular", "NotoSansBengali-Bold"])
      expect(fonts).toMatch(new RegExp(`\\+${font} +CID TrueType +Identity-H +yes yes yes`));
    const text = pdfText(file);
    for (const expected of [
      // The form, the authority and the title.
      "Mushak-6.3",
      "Government of the People's Republic of Bangladesh · National Board of Revenue",
      "TAX INVOICE",
      // The seller: name, address, BIN.
      "Utsab Event Technologies",
      "VAT registration (BIN): 000123456-0101",
      // The buyer: name (Bengali too), BIN, address; where it was delivered.
      // (pdftotext reorders Bengali vowel signs: the Latin part is checked.)
      "(Rahim Uddin), Meghna Events",
      "BIN: 004567891-0203",
      "Level 7, 32 Gulshan Avenue, Gulshan 1, Dhaka 1212",
      "DELIVERY DESTINATION",
      "International Convention City Bashundhara",
      "Event: Annual Gala Dinner 2026",
      // The number, the date and the time of issue in Dhaka (08:35 UTC).
      "Invoice No. INV-2026-27-000042",
      "Date of issue 5 Jan 2027",
      "Time of issue 2:35 PM",
      "Quotation 7f3a9c2e",
      "Payment due 20 Jan 2027",
      // The table's columns.
      // The signatory.
      "Authorised signature",
      "Farhana Akter",
      "Head of Accounts",
      "Utsab Event Technologies · Mushak-6.3 · Tax invoice INV-2026-27-000042 · Issued 5 Jan 2027, 2:35 PM",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(HEADING);
    input.lines.forEach((line, i) => expect(text, `line ${i + 1}`).toMatch(rowPattern(i, line)));
    // 24 sqm × ৳5,000 × 3 days = ৳360,000, no SD, VAT ৳54,000; a price per event prints its quantity alone.
    expect(text).toMatch(
      /^ *1 P3 Indoor LED .* sqm\/day 24 3 5,000\.00 — 360,000\.00 0% 0\.00 15% 54,000\.00 414,000\.00$/m,
    );
    expect(text).toMatch(
      /^ *3 Line Array Sound.* event 1 — 10,000\.00 — 10,000\.00 0% 0\.00 15% 1,500\.00 11,500\.00$/m,
    );
    // 360,000 + 54,000 + 10,000 = 424,000; VAT 63,600; total 487,600.
    expect(input.invoice.total).toBe("487600.00");
    expect(text).toContain("Value before VAT ৳424,000.00");
    expect(text).toContain("Supplementary duty (SD) ৳0.00");
    expect(text).toContain("VAT (15%) ৳63,600.00");
    expect(text).toContain("Total including SD and VAT ৳487,600.00");
    expect(text).toContain("Amount in words: Taka Four Lakh Eighty-Seven Thousand Six Hundred Only");
    // A tax invoice states the supply and its tax, never a balance.
    expect(text).not.toMatch(/\bPaid\b|Amount due|Balance/i);
  });

  it("runs a long invoice over pages: the header on each, every line once and whole, the totals and signatory after the last", async () => {
    const input = sampleInvoicePdfInput(60);
    const file = await render(renderInvoicePdf(input));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(3);
    const texts = Array.from({ length: pages }, (_, i) => pdfText(file, i + 1));
    // Every page but the last holds lines (the last may hold only the totals and the signatory): each page with lines
    // has the column headings.
    const ROW = /^ *\d+ \S.* 15% [\d,.]+ [\d,.]+$/m;
    const withLines = texts.map((text) => ROW.test(text));
    expect(withLines.slice(0, -1)).toEqual(Array.from({ length: pages - 1 }, () => true));
    texts.forEach((text, i) => {
      if (withLines[i]) expect(text).toMatch(HEADING);
      expect(text).toContain(`Page ${i + 1} of ${pages}`);
      if (i > 0) expect(text).toContain("Utsab Event Technologies · Tax invoice INV-2026-27-000042 (continued)");
    });
    const all = texts.join("\n");
    input.lines.forEach((line, i) => expect(all.match(rowPattern(i, line)), `line ${i + 1}`).toHaveLength(1));
    // The longest description wraps inside its column, every word kept.
    expect(all.replace(/\s+/g, " ")).toContain("coffee table and side lamps, delivered, set up");
    const totalsPage = texts.findIndex((t) => t.includes("Total including SD and VAT"));
    const lastLinePage = texts.findIndex((t) => /^ *60 /m.test(t));
    expect(totalsPage).toBeGreaterThanOrEqual(lastLinePage);
    expect(texts[totalsPage]).toContain(`Total including SD and VAT ${formatMoney(input.invoice.total)}`);
    expect(texts.slice(totalsPage).join(" ").replace(/\s+/g, " ")).toContain(amountInWords(input.invoice.total));
    expect(texts[pages - 1]).toContain("Farhana Akter");
  });

  it("keeps a crore-sized figure on one line in its column", async () => {
    const lines = sampleInvoiceLines(1);
    lines[0] = { ...lines[0]!, quantity: 2000, days: 3, value: "30000000.00", vatAmount: "4500000.00" };
    const input = sampleInvoicePdfInput(1, { lines });
    const text = pdfText(await render(renderInvoicePdf(input)));
    expect(text).toMatch(/ sqm\/day 2000 3 5,000\.00 — 30,000,000\.00 0% 0\.00 15% 4,500,000\.00 34,500,000\.00$/m);
    expect(text).toContain("Total including SD and VAT ৳34,500,000.00");
  });

  it("prints a final invoice's less-the-advance line negative with a dash for its quantity and price", async () => {
    const lines: InvoicePdfLine[] = [
      ...sampleInvoiceLines(2),
      {
        description: "Less advance invoiced INV-2026-27-000041",
        unitOfSupply: null,
        quantity: null,
        days: null,
        unitPrice: null,
        value: "-207000.00",
        sdRatePercent: "0.00",
        sdAmount: "0.00",
        vatRatePercent: "15.00",
        vatAmount: "-31050.00",
      },
    ];
    const input = sampleInvoicePdfInput(0, { kind: "final", lines });
    const text = pdfText(await render(renderInvoicePdf(input)));
    expect(text).toMatch(
      /^ *3 Less advance invoiced — — — — — -207,000\.00 0% 0\.00 15% -31,050\.00 -238,050\.00\n *INV-2026-27-000041$/m,
    );
    expect(text).toContain("Type Final");
    // 360,000 + 54,000 - 207,000 = 207,000; VAT 54,000 + 8,100 - 31,050 = 31,050.
    expect(text).toContain("Value before VAT ৳207,000.00");
    expect(text).toContain("Total including SD and VAT ৳238,050.00");
  });

  it("names an advance invoice's share, and prints a dash for a blank seller or buyer BIN", async () => {
    const input = sampleInvoicePdfInput(1, { kind: "advance" });
    input.company.vatRegistrationNumber = " ";
    input.invoice.buyer = { name: "Walk-in Buyer", bin: null, address: null };
    input.invoice.deliveryAddress = null;
    input.invoice.dueDate = null;
    input.logo = null;
    const text = pdfText(await render(renderInvoicePdf(input)));
    expect(text).toContain("Type Advance (50%)");
    expect(text).toContain("VAT registration (BIN): —");
    expect(text).toContain("BIN: —");
    expect(text).toContain("As the buyer's address");
    expect(text).not.toContain("Payment due");
  });
});

describe("renderInvoicePdf: the unit of supply and the supplementary duty (issue 37)", { timeout: 20_000 }, () => {
  it("prints each line's unit, SD rate and SD, VAT on the value and the SD, and the SD in the totals", async () => {
    const lines = sampleInvoiceLines(3, "15.00", "10.00");
    const input = sampleInvoicePdfInput(0, { lines });
    const text = pdfText(await render(renderInvoicePdf(input)));
    input.lines.forEach((line, i) => expect(text, `line ${i + 1}`).toMatch(rowPattern(i, line)));
    // 24 sqm × ৳5,000 × 3 days = ৳360,000; SD 10% ৳36,000; VAT 15% of ৳396,000 = ৳59,400; total ৳455,400.
    expect(text).toMatch(
      /^ *1 P3 Indoor LED .* sqm\/day 24 3 5,000\.00 — 360,000\.00 10% 36,000\.00 15% 59,400\.00 455,400\.00$/m,
    );
    // 360,000 + 54,000 + 10,000 = 424,000 before VAT; SD 42,400; VAT 15% of 466,400 = 69,960.
    expect(text).toContain("Value before VAT ৳424,000.00");
    expect(text).toContain("Supplementary duty (SD) ৳42,400.00");
    expect(text).toContain("VAT (15%) ৳69,960.00");
    expect(text).toContain("Total including SD and VAT ৳536,360.00");
  });

  it("prints a dash for an advance line's SD rate when its items' rates differ", async () => {
    const lines: InvoicePdfLine[] = [
      {
        description: "Advance of 50% on quotation 7f3a9c2e, Annual Gala Dinner 2026",
        unitOfSupply: null,
        quantity: null,
        days: null,
        unitPrice: null,
        value: "100000.00",
        sdRatePercent: null,
        sdAmount: "4000.00",
        vatRatePercent: "15.00",
        vatAmount: "15600.00",
      },
    ];
    const text = pdfText(await render(renderInvoicePdf(sampleInvoicePdfInput(0, { kind: "advance", lines }))));
    expect(text).toMatch(/^ *1 Advance of 50% on — — — — — 100,000\.00 — 4,000\.00 15% 15,600\.00 119,600\.00$/m);
  });
});

describe("renderInvoicePdf: an invoice of damage and loss charges alone (issue 37)", { timeout: 20_000 }, () => {
  it("names its type and its jobs, and no quotation", async () => {
    const input = sampleInvoicePdfInput(0, {
      kind: "charges",
      lines: [
        {
          description: "Damage to 2 × P3 LED cabinet (JOB-000012)",
          unitOfSupply: null,
          quantity: 1,
          days: null,
          unitPrice: "12000.00",
          value: "12000.00",
          sdRatePercent: "0.00",
          sdAmount: "0.00",
          vatRatePercent: "15.00",
          vatAmount: "1800.00",
        },
      ],
    });
    input.invoice.quotationReference = null;
    input.invoice.eventName = null;
    input.invoice.deliveryAddress = null;
    input.invoice.jobReferences = ["JOB-000012", "JOB-000013"];
    const text = pdfText(await render(renderInvoicePdf(input)));
    expect(text).toContain("Type Damage and loss");
    expect(text).toMatch(/Jobs JOB-000012, JOB-000013/);
    expect(text).not.toContain("Quotation");
    expect(text).toContain("As the buyer's address");
    expect(text).toMatch(/^ *1 Damage to 2 × .* — 1 — 12,000\.00 — 12,000\.00 0% 0\.00 15% 1,800\.00 13,800\.00$/m);
    expect(text).toContain("Total including SD and VAT ৳13,800.00");
  });
});

describe("renderCreditNotePdf", { timeout: 20_000 }, () => {
  it("prints Mushak-6.7: its number, date and time, the original invoice, the reason, the lines, totals and signatory", async () => {
    const input = sampleCreditNotePdfInput();
    const file = await render(renderCreditNotePdf(input));
    expect(pageCount(file)).toBe(1);
    const text = pdfText(file);
    for (const expected of [
      "Mushak-6.7",
      "CREDIT NOTE",
      "Credit note No. CN-2026-27-000007",
      "Date of issue 9 Jan 2027",
      "Time of issue 11:05 AM",
      "VAT registration (BIN): 000123456-0101",
      "BIN: 004567891-0203",
      "ORIGINAL TAX INVOICE (MUSHAK-6.3)",
      "INV-2026-27-000042",
      "Issued 5 Jan 2027, 2:35 PM",
      "Value before VAT ৳424,000.00",
      "REASON FOR THE CREDIT NOTE",
      "Two of the twelve moving head lights were not delivered",
      "Value before VAT reduced ৳9,000.00",
      "Supplementary duty reduced ৳0.00",
      "VAT reduced ৳1,350.00",
      "Total credited ৳10,350.00",
      "Amount in words: Taka Ten Thousand Three Hundred Fifty Only",
      "Farhana Akter",
      "Head of Accounts",
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/^ *1 Moving Head Beam Light .* 9,000\.00 0\.00 15% 1,350\.00 10,350\.00$/m);
  });
});
