// A made-up tax invoice and credit note for the PDFs' tests and `npm run pdf:sample`: the seed's company, a buyer
// with a Bengali name and a BIN, and as many lines as asked, each priced exactly (lib/money.ts) with its VAT.

import { companySeed } from "~/db/seed/company";
import type { CreditNotePdfInput, InvoicePdfInput, InvoicePdfLine } from "~/domain/sales/invoice-pdf.server";
import { vatOn } from "~/domain/quotations/quote-form";
import { sdOn } from "~/domain/sales/invoice-arithmetic";
import { fromPaisa, toPaisa } from "~/lib/money";

const ITEMS: { name: string; unit: string; unitPrice: string; quantity: number; days: number | null }[] = [
  {
    name: "P3 Indoor LED Video Wall (500 × 500 mm cabinets), sqm",
    unit: "sqm/day",
    unitPrice: "5000.00",
    quantity: 24,
    days: 3,
  },
  { name: "Moving Head Beam Light (230 W, 7R lamp)", unit: "unit/day", unitPrice: "1500.00", quantity: 12, days: 3 },
  {
    name: "Line Array Sound System (4 tops + 2 subwoofers per side)",
    unit: "event",
    unitPrice: "10000.00",
    quantity: 1,
    days: null,
  },
  {
    name: "Luxury Lounge Sofa Set with matching cushions, coffee table and side lamps, delivered, set up and collected after the event by our crew",
    unit: "set/day",
    unitPrice: "6500.00",
    quantity: 4,
    days: 3,
  },
  {
    name: "Silent Generator 100 kVA, three-phase, with operator and fuel",
    unit: "unit/day",
    unitPrice: "118000.50",
    quantity: 2,
    days: 1,
  },
];

export const SAMPLE_COMPANY = {
  name: companySeed.name,
  address: companySeed.address,
  phones: companySeed.phones ?? [],
  emails: companySeed.emails ?? [],
  vatRegistrationNumber: "000123456-0101",
};

export const SAMPLE_BUYER = {
  name: "রহিম উদ্দিন (Rahim Uddin), Meghna Events Ltd.",
  bin: "004567891-0203",
  address: "Level 7, 32 Gulshan Avenue, Gulshan 1, Dhaka 1212",
};

/** `count` lines (the items in turn), VAT at `rate` on the value and the SD, SD at `sdRate` on the value. */
export function sampleInvoiceLines(count: number, rate = "15.00", sdRate = "0.00"): InvoicePdfLine[] {
  return Array.from({ length: count }, (_, i) => {
    const item = ITEMS[i % ITEMS.length]!;
    const value = toPaisa(item.unitPrice) * BigInt(item.quantity * (item.days ?? 1));
    const sd = sdOn(value, sdRate);
    return {
      description: count > ITEMS.length ? `${item.name} (${i + 1})` : item.name,
      unitOfSupply: item.unit,
      quantity: item.quantity,
      days: item.days,
      unitPrice: item.unitPrice,
      value: fromPaisa(value),
      sdRatePercent: sdRate,
      sdAmount: fromPaisa(sd),
      vatRatePercent: rate,
      vatAmount: fromPaisa(vatOn(value + sd, rate)),
    };
  });
}

export function sampleInvoicePdfInput(
  lineCount = 3,
  options: { kind?: InvoicePdfInput["invoice"]["kind"]; lines?: InvoicePdfLine[] } = {},
): InvoicePdfInput {
  const lines = options.lines ?? sampleInvoiceLines(lineCount);
  const net = lines.reduce((s, l) => s + toPaisa(l.value), 0n);
  const sd = lines.reduce((s, l) => s + toPaisa(l.sdAmount), 0n);
  const vat = lines.reduce((s, l) => s + toPaisa(l.vatAmount), 0n);
  const kind = options.kind ?? "full";
  return {
    company: { ...SAMPLE_COMPANY },
    invoice: {
      number: "INV-2026-27-000042",
      kind,
      advancePercent: kind === "advance" ? "50.00" : null,
      // 5 Jan 2027, 2:35 PM in Dhaka.
      issuedAt: new Date("2027-01-05T08:35:00Z"),
      dueDate: "2027-01-20",
      quotationReference: "7f3a9c2e",
      jobReferences: [],
      eventName: "Annual Gala Dinner 2026",
      buyer: { ...SAMPLE_BUYER },
      deliveryAddress: "International Convention City Bashundhara, Purbachal Express Highway, Dhaka",
      netAmount: fromPaisa(net),
      sdAmount: fromPaisa(sd),
      vatAmount: fromPaisa(vat),
      total: fromPaisa(net + sd + vat),
      vatRatePercent: "15.00",
      signatoryName: "Farhana Akter",
      signatoryDesignation: "Head of Accounts",
    },
    lines,
  };
}

export function sampleCreditNotePdfInput(): CreditNotePdfInput {
  const invoice = sampleInvoicePdfInput(3).invoice;
  return {
    company: { ...SAMPLE_COMPANY },
    creditNote: {
      number: "CN-2026-27-000007",
      // 9 Jan 2027, 11:05 AM in Dhaka.
      issuedAt: new Date("2027-01-09T05:05:00Z"),
      reason: "Two of the twelve moving head lights were not delivered; the buyer agreed to be charged for ten.",
      netAmount: "9000.00",
      sdAmount: "0.00",
      vatAmount: "1350.00",
      total: "10350.00",
      signatoryName: "Farhana Akter",
      signatoryDesignation: "Head of Accounts",
    },
    invoice: {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      buyer: invoice.buyer,
      netAmount: invoice.netAmount,
      sdAmount: invoice.sdAmount,
      vatAmount: invoice.vatAmount,
      total: invoice.total,
    },
    lines: [
      {
        description: "Moving Head Beam Light (230 W, 7R lamp): 2 not delivered × 3 days",
        value: "9000.00",
        sdAmount: "0.00",
        vatRatePercent: "15.00",
        vatAmount: "1350.00",
      },
    ],
  };
}
