import { describe, expect, it } from "vitest";
import {
  parseQuoteForm,
  QUOTE_MESSAGES,
  quoteBoundErrors,
  quoteTotals,
  readQuoteForm,
  typedQuantity,
  vatOn,
} from "./quote-form";

const ID = "6f1c2b1e-8a7d-4c1e-9f00-123456789abc";
const LINE = "7a1c2b1e-8a7d-4c1e-9f00-123456789abc";
const ITEM = "8b1c2b1e-8a7d-4c1e-9f00-123456789abc";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe("quoteTotals", () => {
  it("adds line totals exactly, takes the discount off before VAT and rounds VAT half up to the paisa", () => {
    const totals = quoteTotals(
      [
        { unitPrice: "0.10", quantity: 3 },
        { unitPrice: "1999.99", quantity: 7 },
        { unitPrice: null, quantity: 2 },
      ],
      "0.30",
      "15",
    );
    // 0.30 + 13999.93 = 14000.23; less 0.30 = 13999.93; 15% = 2099.9895 → 2099.99.
    expect(totals).toEqual({
      lineTotals: ["0.30", "13999.93", "0.00"],
      overflow: { lines: [], subtotal: false, total: false },
      subtotal: "14000.23",
      discount: "0.30",
      vatRatePercent: "15.00",
      vatAmount: "2099.99",
      total: "16099.92",
    });
  });

  it("charges no VAT at a 0% rate and never a negative total", () => {
    expect(quoteTotals([{ unitPrice: "100", quantity: 1 }], null, "0")).toMatchObject({
      vatAmount: "0.00",
      total: "100.00",
    });
    expect(vatOn(1n, "50")).toBe(1n); // 0.5 paisa rounds up
    expect(vatOn(1n, "49.99")).toBe(0n);
  });
});

describe("readQuoteForm and parseQuoteForm", () => {
  const posted = form([
    ["id", ID],
    ["version", "2027-01-01T00:00:00.000Z"],
    ["lineId", LINE],
    ["itemId", ITEM],
    ["lineName", "Stage"],
    ["quantity", "2"],
    ["unitPrice", "৳1,500.50"],
    ["discount", ""],
    ["rentalEndDate", ""],
    ["message", " Thanks "],
  ]);

  it("reads repeated line fields in order and parses amounts written with ৳ and commas", () => {
    const values = readQuoteForm(posted);
    expect(values.lines).toEqual([
      { lineId: LINE, itemId: ITEM, name: "Stage", quantity: "2", unitPrice: "৳1,500.50" },
    ]);
    const parsed = parseQuoteForm(values, "send");
    expect(parsed).toEqual({
      ok: true,
      input: {
        id: ID,
        version: "2027-01-01T00:00:00.000Z",
        lines: [{ lineId: LINE, itemId: ITEM, name: "Stage", quantity: 2, unitPrice: "1500.50" }],
        discount: null,
        rentalEndDate: null,
        message: "Thanks",
      },
    });
  });

  it("lets a save keep an empty price but a send asks for every price", () => {
    const values = readQuoteForm(posted);
    values.lines[0]!.unitPrice = "";
    expect(parseQuoteForm(values, "save").ok).toBe(true);
    expect(parseQuoteForm(values, "send")).toEqual({
      ok: false,
      errors: { "lines.0.unitPrice": QUOTE_MESSAGES.priceMissing },
    });
  });

  it("refuses a discount above the subtotal, naming the subtotal", () => {
    const values = { ...readQuoteForm(posted), discount: "3001.01" };
    expect(parseQuoteForm(values, "save")).toEqual({
      ok: false,
      errors: { discount: "Discount cannot be more than the subtotal (৳3,001.00)" },
    });
  });
});

describe("rental pricing by period and the money bound (issue 19)", () => {
  it("charges a line per day for its days, exactly", () => {
    const totals = quoteTotals(
      [
        { unitPrice: "5000.00", quantity: 24, days: 2 },
        { unitPrice: "900.50", quantity: 1, days: null },
      ],
      null,
      "0",
    );
    expect(totals.lineTotals).toEqual(["240000.00", "900.50"]);
    expect(totals.subtotal).toBe("240900.50");
  });

  it("refuses a line total or a total the database cannot hold, naming the field", () => {
    const over = quoteTotals([{ unitPrice: "999999999999.99", quantity: 100_000, days: 1 }], null, "0");
    expect(quoteBoundErrors(over, [{ name: "LED Wall" }])).toEqual({
      "lines.0.unitPrice": "Line total of LED Wall would be more than ৳999,999,999,999.99, the most an amount can be",
      lines: "Subtotal would be more than ৳999,999,999,999.99, the most an amount can be",
    });
    // A price that fits for one day, over it for a long rental.
    const long = quoteTotals([{ unitPrice: "99999999999", quantity: 1, days: 11 }], null, "0");
    expect(quoteBoundErrors(long, [{ name: "LED Wall" }])["lines.0.unitPrice"]).toMatch(/^Line total of LED Wall/);
    // Each line fits, their sum does not.
    const two = quoteTotals(
      [
        { unitPrice: "600000000000", quantity: 1 },
        { unitPrice: "600000000000", quantity: 1 },
      ],
      null,
      "0",
    );
    expect(quoteBoundErrors(two, [{ name: "A" }, { name: "B" }])).toEqual({
      lines: "Subtotal would be more than ৳999,999,999,999.99, the most an amount can be",
    });
    // The subtotal fits, VAT takes the total over.
    const vat = quoteTotals([{ unitPrice: "900000000000", quantity: 1 }], null, "15");
    expect(quoteBoundErrors(vat, [{ name: "A" }])).toEqual({
      lines: "Total would be more than ৳999,999,999,999.99, the most an amount can be",
    });
  });
});

describe("typedQuantity (issue 38)", () => {
  it("counts what the rules take and 0 for the rest, so the totals beside the form never break", () => {
    expect(["12", " 7 ", "100000"].map(typedQuantity)).toEqual([12, 7, 100_000]);
    expect(["9".repeat(400), "100001", "1e3", "-1", "1.5", "", "NaN"].map(typedQuantity)).toEqual([
      0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(quoteTotals([{ unitPrice: "10.00", quantity: typedQuantity("9".repeat(400)) }], null, "15").subtotal).toBe(
      "0.00",
    );
  });
});
