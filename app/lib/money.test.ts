import { describe, expect, it } from "vitest";
import {
  fitsMoneyColumn,
  fromPaisa,
  lineChargePaisa,
  MONEY_MAX,
  moneyField,
  moneyTooLargeMessage,
  normalizeMoney,
  optionalMoneyField,
  percentOfPaisa,
  priceLines,
  roundedShare,
  toPaisa,
  TYPED_MONEY_MAX,
  TYPED_MONEY_MAX_PAISA,
} from "./money";

describe("normalizeMoney", () => {
  it.each([
    ["0", "0.00"],
    ["1500", "1500.00"],
    ["1500.5", "1500.50"],
    ["1500.55", "1500.55"],
    ["  42  ", "42.00"],
    ["1,500.50", "1500.50"],
    ["৳1,500", "1500.00"],
    ["৳ 2,50,000.75", "250000.75"],
    ["007", "7.00"],
    ["0.01", "0.01"],
    [TYPED_MONEY_MAX, TYPED_MONEY_MAX],
    ["৳9,99,99,999.99", "99999999.99"],
  ])("reads %j as %j", (input, amount) => {
    expect(normalizeMoney(input)).toBe(amount);
  });

  it.each([
    "",
    " ",
    "-1",
    "-0.01",
    "1.234",
    "0.001",
    "abc",
    "12abc",
    "1e3",
    "Infinity",
    "NaN",
    "0x10",
    "1 500",
    ".5",
    "5.",
    "1000000000000",
    "100000000", // a paisa above TYPED_MONEY_MAX: what is typed stays small enough for its sums to fit
    "100000000.00",
    MONEY_MAX,
    "$100",
    "১০০", // Bengali digits: not what the column takes
  ])("refuses %j", (input) => {
    expect(normalizeMoney(input)).toBeNull();
  });

  it("is exact past what a float holds (no rounding through Number)", () => {
    expect(normalizeMoney("99999999.99")).toBe("99999999.99");
    expect(normalizeMoney("12345678.91")).toBe("12345678.91");
    expect(normalizeMoney("0.10")).toBe("0.10");
  });
});

describe("moneyField", () => {
  const price = moneyField("Price");
  const messageOf = (input: unknown) => {
    const result = price.safeParse(input);
    expect(result.success).toBe(false);
    return result.error!.issues[0]!.message;
  };

  it("gives the normalised amount", () => {
    expect(price.parse("৳1,200.5")).toBe("1200.50");
    expect(price.parse("99,999,999.99")).toBe("99999999.99");
    expect(price.parse("0")).toBe("0.00");
  });

  it.each([
    ["", "Price is required"],
    ["   ", "Price is required"],
    ["-5", "Price must be 0 or more"],
    ["৳ -5", "Price must be 0 or more"],
    ["-0.5", "Price must be 0 or more"],
    ["1.234", "Price can have at most 2 decimals"],
    ["12.999", "Price can have at most 2 decimals"],
    ["100000000", "Price must be at most ৳99,999,999.99"],
    ["100000000.00", "Price must be at most ৳99,999,999.99"],
    ["৳10,00,00,000", "Price must be at most ৳99,999,999.99"],
    ["1000000000000", "Price must be at most ৳99,999,999.99"],
    ["1" + "0".repeat(400), "Price must be at most ৳99,999,999.99"],
    ["abc", "Price must be an amount in taka, e.g. 1500 or 1500.50"],
    ["1e5", "Price must be an amount in taka, e.g. 1500 or 1500.50"],
    ["12 taka", "Price must be an amount in taka, e.g. 1500 or 1500.50"],
  ])("answers %j with %j", (input, message) => {
    expect(messageOf(input)).toBe(message);
  });

  it("names the field when the value is not text at all", () => {
    expect(messageOf(undefined)).toBe("Price is required");
    expect(messageOf(12)).toBe("Price is required");
  });
});

describe("optionalMoneyField", () => {
  const rate = optionalMoneyField("Purchase rate");

  it("is null when left blank or missing", () => {
    expect(rate.parse("")).toBeNull();
    expect(rate.parse("  ")).toBeNull();
    expect(rate.parse(undefined)).toBeNull();
  });

  it("normalises an amount", () => {
    expect(rate.parse("1,000")).toBe("1000.00");
  });

  it.each([
    ["-1", "Purchase rate must be 0 or more"],
    ["1.005", "Purchase rate can have at most 2 decimals"],
    ["lots", "Purchase rate must be an amount in taka, e.g. 1500 or 1500.50"],
    ["100000000", "Purchase rate must be at most ৳99,999,999.99"],
  ])("answers %j with %j", (input, message) => {
    const result = rate.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});

describe("the typed bound", () => {
  it("is the paisa of its text, and ten thousand amounts at it still fit a numeric(14,2) column", () => {
    expect(toPaisa(TYPED_MONEY_MAX)).toBe(TYPED_MONEY_MAX_PAISA);
    expect(fitsMoneyColumn(TYPED_MONEY_MAX_PAISA * 10_000n)).toBe(true);
  });

  it("takes the largest typed amount in an optional field", () => {
    expect(optionalMoneyField("Paid amount").parse("99999999.99")).toBe("99999999.99");
  });
});

describe("quotation pricing", () => {
  it("converts between decimal strings and paisa exactly", () => {
    expect(toPaisa("5000.00")).toBe(500000n);
    expect(toPaisa("0.1")).toBe(10n);
    expect(toPaisa("12")).toBe(1200n);
    expect(fromPaisa(10n)).toBe("0.10");
    expect(fromPaisa(123456789n)).toBe("1234567.89");
    expect(() => toPaisa("1.234")).toThrow();
    expect(() => toPaisa("abc")).toThrow();
  });

  it("totals lines without floating-point error", () => {
    // 0.1 + 0.2 is not 0.3 in floating point; here it is.
    expect(
      priceLines([
        { unitPrice: "0.10", quantity: 1 },
        { unitPrice: "0.20", quantity: 1 },
      ]).total,
    ).toBe("0.30");
    const { lines, total } = priceLines([
      { unitPrice: "5000.00", quantity: 32 },
      { unitPrice: "1500", quantity: 12 },
      { unitPrice: "19.99", quantity: 3 },
    ]);
    expect(lines.map((l) => l.total)).toEqual(["160000.00", "18000.00", "59.97"]);
    expect(total).toBe("178059.97");
  });
});

describe("money bounds and charges", () => {
  it("multiplies by quantity and days exactly", () => {
    expect(fromPaisa(lineChargePaisa("5000.00", 24, 2))).toBe("240000.00");
    expect(fromPaisa(lineChargePaisa("0.01", 3, 7))).toBe("0.21");
    expect(lineChargePaisa(null, 3, 7)).toBe(0n);
    expect(priceLines([{ unitPrice: "19.99", quantity: 3, days: 2 }]).total).toBe("119.94");
  });

  it("knows what a numeric(14,2) column holds", () => {
    expect(fitsMoneyColumn(toPaisa(MONEY_MAX))).toBe(true);
    expect(fitsMoneyColumn(toPaisa(MONEY_MAX) + 1n)).toBe(false);
    expect(fitsMoneyColumn(lineChargePaisa(MONEY_MAX, 100_000))).toBe(false);
    expect(moneyTooLargeMessage("Line total of LED Wall")).toBe(
      "Line total of LED Wall would be more than ৳999,999,999,999.99, the most an amount can be",
    );
  });
});

describe("roundedShare and percentOfPaisa: half up, exact", () => {
  it("rounds a half paisa up and less than a half down", () => {
    expect(roundedShare(1n, 1n, 2n)).toBe(1n); // 0.5
    expect(roundedShare(1n, 49n, 100n)).toBe(0n); // 0.49
    expect(roundedShare(3n, 1n, 2n)).toBe(2n); // 1.5
    expect(roundedShare(10n, 1n, 3n)).toBe(3n); // 3.33…
    expect(roundedShare(20n, 1n, 3n)).toBe(7n); // 6.66…
    expect(roundedShare(0n, 7n, 9n)).toBe(0n);
    expect(roundedShare(123_456n, 0n, 9n)).toBe(0n);
    expect(roundedShare(123_456n, 9n, 9n)).toBe(123_456n);
  });

  it("gives a negative amount the negative of the positive amount's share (half away from 0)", () => {
    expect(roundedShare(-1n, 1n, 2n)).toBe(-1n);
    expect(roundedShare(-10n, 1n, 3n)).toBe(-3n);
    expect(roundedShare(-4n, 1_500n, 10_000n)).toBe(-roundedShare(4n, 1_500n, 10_000n));
    expect(roundedShare(-4n, 1_500n, 10_000n)).toBe(-1n); // −0.6
  });

  it("stays exact beyond what a float holds", () => {
    // 99,999,999,999,999 paisa × 15% = 14,999,999,999,999.85 paisa: rounds up to 15,000,000,000,000.
    expect(percentOfPaisa(toPaisa(MONEY_MAX), "15")).toBe(15_000_000_000_000n);
    expect(roundedShare(toPaisa(MONEY_MAX), 1n, 3n)).toBe(33_333_333_333_333n);
    expect(roundedShare(2n ** 80n, 1n, 2n)).toBe(2n ** 79n);
  });

  it("refuses a denominator of 0 or less", () => {
    expect(() => roundedShare(1n, 1n, 0n)).toThrow("roundedShare: the denominator must be more than 0, not 0");
    expect(() => roundedShare(1n, 1n, -2n)).toThrow("roundedShare: the denominator must be more than 0, not -2");
  });

  it("takes a percentage of up to 2 decimals", () => {
    expect(percentOfPaisa(10_000n, "15")).toBe(1_500n);
    expect(percentOfPaisa(10_000n, "7.50")).toBe(750n);
    expect(percentOfPaisa(1n, "50")).toBe(1n); // 0.5 paisa rounds up
    expect(percentOfPaisa(1n, "49.99")).toBe(0n);
    expect(percentOfPaisa(700n, "33.33")).toBe(233n); // 233.31
    expect(percentOfPaisa(7n, "50")).toBe(4n); // 3.5
    expect(percentOfPaisa(-7n, "50")).toBe(-4n);
    expect(() => percentOfPaisa(1n, "15.005")).toThrow("not a money amount: 15.005");
  });
});
