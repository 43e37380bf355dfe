import { describe, expect, it } from "vitest";
import { toPaisa } from "../../lib/money";
import { annualSlabTax, annualSlabTaxExact, daysEmployed, payslipFigures, type TaxSlab } from "./payroll-formula";

// The spec's table (backoffice.md §9), as seeded.
const SPEC: TaxSlab[] = [
  { bandAmount: "300000", rate: "0" },
  { bandAmount: "100000", rate: "5" },
  { bandAmount: "300000", rate: "10" },
  { bandAmount: "400000", rate: "15" },
  { bandAmount: "500000", rate: "20" },
  { bandAmount: null, rate: "25" },
];
const FULL = { daysPaid: 30, daysInMonth: 30 };

describe("the spec's payroll formula, worked by hand", () => {
  it.each([
    // salary, basic, house rent, medical, transport, gross, PF, tax, deductions, net
    // 0: gross 2,500, annual 30,000: no tax.
    ["0", "0.00", "0.00", "0.00", "2500.00", "2500.00", "0.00", "0.00", "0.00", "2500.00"],
    // 30,000: gross 50,500, annual 606,000: 5,000 + 206,000 × 10% = 25,600 a year, 2,133.333 a month.
    ["30000", "30000.00", "15000.00", "3000.00", "2500.00", "50500.00", "3000.00", "2133.33", "5133.33", "45366.67"],
    // 50,000: gross 82,500, annual 990,000: 5,000 + 30,000 + 290,000 × 15% = 78,500 a year, 6,541.667 a month.
    ["50000", "50000.00", "25000.00", "5000.00", "2500.00", "82500.00", "5000.00", "6541.67", "11541.67", "70958.33"],
    // 100,000: gross 162,500, annual 1,950,000: 195,000 to 1.6 million + 350,000 × 25% = 282,500; 23,541.667.
    [
      "100000",
      "100000.00",
      "50000.00",
      "10000.00",
      "2500.00",
      "162500.00",
      "10000.00",
      "23541.67",
      "33541.67",
      "128958.33",
    ],
    // 14,062.50: gross exactly 25,000, annual exactly 300,000, the tax-free band's top: no tax.
    ["14062.50", "14062.50", "7031.25", "1406.25", "2500.00", "25000.00", "1406.25", "0.00", "1406.25", "23593.75"],
    // One paisa more: house rent 7,031.255 rounds half up to .26, medical 1,406.251 down to .25; annual
    // 300,000.24 is taxed 0.012 a year, nothing a month once rounded.
    ["14062.51", "14062.51", "7031.26", "1406.25", "2500.00", "25000.02", "1406.25", "0.00", "1406.25", "23593.77"],
    // One paisa less: house rent 7,031.245 rounds half up to .25, medical 1,406.249 to .25, PF 1,406.249 to .25.
    ["14062.49", "14062.49", "7031.25", "1406.25", "2500.00", "24999.99", "1406.25", "0.00", "1406.25", "23593.74"],
  ])("a salary of %s", (salary, basic, houseRent, medical, transport, gross, pf, tax, deductions, net) => {
    expect(payslipFigures(salary, SPEC, FULL)).toEqual({
      basic,
      houseRent,
      medical,
      transport,
      gross,
      providentFund: pf,
      incomeTax: tax,
      otherDeductions: "0.00",
      totalDeductions: deductions,
      net,
    });
  });

  it("pays a part month for the days employed, with the full month's tax for those days", () => {
    // Joined on 16 November: 15 of 30 days. Tax: 25,600 / 12 × 15 / 30 = 1,066.667.
    expect(payslipFigures("30000", SPEC, { daysPaid: 15, daysInMonth: 30 })).toMatchObject({
      basic: "15000.00",
      houseRent: "7500.00",
      medical: "1500.00",
      transport: "1250.00",
      gross: "25250.00",
      providentFund: "1500.00",
      incomeTax: "1066.67",
      net: "22683.33",
    });
    // Left on 10 February 2028 (29 days): basic 10,000; transport 2,500 × 10 / 29 = 862.069; full gross 48,900,
    // annual 586,800, tax 5,000 + 18,680 = 23,680 a year, × 10 / (12 × 29) = 680.4598.
    expect(payslipFigures("29000", SPEC, { daysPaid: 10, daysInMonth: 29 })).toMatchObject({
      basic: "10000.00",
      transport: "862.07",
      gross: "16862.07",
      providentFund: "1000.00",
      incomeTax: "680.46",
      net: "15181.61",
    });
  });

  it("refuses days that are not a part of a month", () => {
    expect(() => payslipFigures("1000", SPEC, { daysPaid: 31, daysInMonth: 30 })).toThrow(/31 days paid of 30/);
    expect(() => payslipFigures("1000", SPEC, { daysPaid: 1.5, daysInMonth: 30 })).toThrow(/days must be whole/);
  });
});

describe("the annual slab tax", () => {
  // Each band's top, and one paisa either side: below it the tax grows at the band's rate, above at the next one's.
  // The exact tax is in 1/10,000 paisa, so one paisa more adds the rate in basis points.
  it.each([
    ["300000", "0", "5", "0.00"],
    ["400000", "5", "10", "5000.00"],
    ["700000", "10", "15", "35000.00"],
    ["1100000", "15", "20", "95000.00"],
    ["1600000", "20", "25", "195000.00"],
  ])("at %s the tax is %s%% below and %s%% above", (top, below, above, taxAtTop) => {
    const at = toPaisa(top);
    expect(annualSlabTax(at, SPEC)).toBe(toPaisa(taxAtTop));
    expect(annualSlabTaxExact(at, SPEC) - annualSlabTaxExact(at - 1n, SPEC)).toBe(toPaisa(below));
    expect(annualSlabTaxExact(at + 1n, SPEC) - annualSlabTaxExact(at, SPEC)).toBe(toPaisa(above));
  });

  it("taxes the remainder at the last band's rate and nothing below zero", () => {
    expect(annualSlabTax(toPaisa("2600000"), SPEC)).toBe(toPaisa("445000")); // 195,000 + 1,000,000 × 25%
    expect(annualSlabTax(0n, SPEC)).toBe(0n);
    expect(annualSlabTax(-100n, SPEC)).toBe(0n);
  });
});

describe("the days employed in a month", () => {
  it.each([
    ["2026-11", "2020-01-01", null, 30, 30],
    ["2026-11", "2026-11-16", null, 15, 30],
    ["2026-11", "2026-11-30", null, 1, 30],
    ["2026-11", "2020-01-01", "2026-11-10", 10, 30],
    ["2026-11", "2026-11-05", "2026-11-06", 2, 30],
    ["2026-11", "2026-12-01", null, 0, 30],
    ["2026-11", "2020-01-01", "2026-10-31", 0, 30],
    ["2028-02", "2020-01-01", null, 29, 29],
    ["2027-02", "2027-02-15", null, 14, 28],
    ["2026-12", "2020-01-01", "2027-01-05", 31, 31],
  ])("%s, joined %s, left %s: %i of %i days", (month, joined, left, daysPaid, daysInMonth) => {
    expect(daysEmployed(month, joined, left)).toEqual({ daysPaid, daysInMonth });
  });
});
