// A made-up quotation for the PDF's tests and `npm run pdf:sample`: the seed's company, a customer with a
// Bengali name, and as many lines as asked, priced exactly (lib/money.ts) for the rental's days with a discount and 15% VAT.

import { companySeed } from "~/db/seed/company";
import type { QuotationRevisionLine } from "~/domain/quotations/constants";
import { fromPaisa, priceLines, toPaisa } from "~/lib/money";
import type { QuotationPdfInput } from "~/domain/quotations/quotation-pdf.server";
import { vatOn } from "~/domain/quotations/quote-form";
import { DEFAULT_QUOTATION_TERMS, quotationTermsList } from "~/domain/settings/quotation-terms";
import { lineDays, rentalLength } from "~/domain/catalogue/rate-structures";

const ITEMS: { name: string; size: string | null; unitPrice: string; priceUnit: string }[] = [
  { name: "P3 Indoor LED Video Wall", size: "500 × 500 mm cabinets", unitPrice: "5000", priceUnit: "sqm/day" },
  { name: "Moving Head Beam Light", size: "230 W, 7R lamp", unitPrice: "1500", priceUnit: "unit/day" },
  { name: "Line Array Sound System", size: "4 tops + 2 subwoofers per side", unitPrice: "10000", priceUnit: "event" },
  { name: "360° Photo Booth", size: "1 m platform, up to 3 guests", unitPrice: "8000", priceUnit: "event" },
  { name: "Aluminium Stage Truss System", size: "290 mm box truss", unitPrice: "1200.50", priceUnit: "meter/day" },
  {
    name: "Luxury Lounge Sofa Set with matching cushions, coffee table and side lamps",
    size: "3 + 1 + 1 seater",
    unitPrice: "6500",
    priceUnit: "set/day",
  },
  { name: "Wireless Microphone Kit", size: "2 microphones + receiver", unitPrice: "1800", priceUnit: "unit/day" },
  { name: "Cocktail Table with Cover", size: "Ø 60 cm × 110 cm high", unitPrice: "450.25", priceUnit: "unit/day" },
  { name: "Rigging & Cable Kit", size: null, unitPrice: "2500", priceUnit: "event" },
  { name: "Silent Generator 100 kVA", size: "100 kVA, three-phase", unitPrice: "18000", priceUnit: "unit/day" },
];

const EVENT_DATE = "2026-12-15";
const RENTAL_END_DATE = "2026-12-17";

export function sampleQuotationPdfInput(
  lineCount = 3,
  options: { discount?: string; vatRatePercent?: string; terms?: string[] } = {},
): QuotationPdfInput {
  const wanted = Array.from({ length: lineCount }, (_, i) => {
    const item = ITEMS[i % ITEMS.length]!;
    return { ...item, quantity: (i % 4) + 1 + (i >= ITEMS.length ? Math.floor(i / ITEMS.length) : 0) };
  });
  // 15 to 17 December: 3 days, each charged (the default rate structure); a price per event once.
  const days = wanted.map((item) => lineDays(item.priceUnit, rentalLength(EVENT_DATE, RENTAL_END_DATE), null));
  const priced = priceLines(wanted.map((item, i) => ({ ...item, days: days[i] ?? 1 })));
  const lines: QuotationRevisionLine[] = wanted.map((item, i) => ({
    inventoryItemId: null,
    name: lineCount > ITEMS.length ? `${item.name} (${i + 1})` : item.name,
    size: item.size,
    quantity: item.quantity,
    unitPrice: priced.lines[i]!.unitPrice,
    priceUnit: item.priceUnit,
    days: days[i] ?? null,
    total: priced.lines[i]!.total,
  }));
  const discount = options.discount ?? "2500.00";
  const vatRatePercent = options.vatRatePercent ?? "15.00";
  const taxable = toPaisa(priced.total) - toPaisa(discount);
  const vat = vatOn(taxable, vatRatePercent);
  return {
    company: {
      name: companySeed.name,
      address: companySeed.address,
      phones: companySeed.phones ?? [],
      emails: companySeed.emails ?? [],
      vatRegistrationNumber: "000123456-0101",
    },
    quotation: {
      shortId: "7f3a9c2e",
      customerName: "রহিম উদ্দিন (Rahim Uddin)",
      email: "rahim.uddin@example.com",
      phone: "+880 1812-345678",
      eventName: "Annual Gala Dinner 2026",
      eventDate: EVENT_DATE,
      rentalEndDate: RENTAL_END_DATE,
      eventTime: "18:30:00",
      eventLocation: "International Convention City Bashundhara, Purbachal Express Highway, Dhaka",
      notes: "Stage setup must be finished by 3 PM on the first day. Power backup needed for the whole event.",
    },
    revision: {
      number: 2,
      lines,
      subtotal: priced.total,
      discount,
      vatRatePercent,
      vatAmount: fromPaisa(vat),
      total: fromPaisa(taxable + vat),
      validUntil: new Date("2026-11-30T17:59:59Z"),
      sentAt: new Date("2026-11-23T04:30:00Z"),
      terms: options.terms ?? quotationTermsList(DEFAULT_QUOTATION_TERMS),
    },
  };
}
