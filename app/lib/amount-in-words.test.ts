import { describe, expect, it } from "vitest";
import { amountInWords, wholeNumberInWords } from "./amount-in-words";

describe("amountInWords", () => {
  it.each([
    ["0", "Taka Zero Only"],
    ["0.00", "Taka Zero Only"],
    ["1", "Taka One Only"],
    ["0.50", "Fifty Paisa Only"],
    ["0.05", "Five Paisa Only"],
    ["0.5", "Fifty Paisa Only"],
    ["15", "Taka Fifteen Only"],
    ["20", "Taka Twenty Only"],
    ["21", "Taka Twenty-One Only"],
    ["100", "Taka One Hundred Only"],
    ["101", "Taka One Hundred One Only"],
    ["999", "Taka Nine Hundred Ninety-Nine Only"],
    ["1000", "Taka One Thousand Only"],
    ["12500", "Taka Twelve Thousand Five Hundred Only"],
    ["12500.00", "Taka Twelve Thousand Five Hundred Only"],
    ["99999", "Taka Ninety-Nine Thousand Nine Hundred Ninety-Nine Only"],
    ["100000", "Taka One Lakh Only"],
    ["125000.50", "Taka One Lakh Twenty-Five Thousand and Fifty Paisa Only"],
    ["1000001", "Taka Ten Lakh One Only"],
    ["10000000", "Taka One Crore Only"],
    ["10050000.99", "Taka One Crore Fifty Thousand and Ninety-Nine Paisa Only"],
    ["23456789.10", "Taka Two Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Ten Paisa Only"],
    [
      "999999999.99",
      "Taka Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paisa Only",
    ],
    ["1000000000", "Taka One Hundred Crore Only"],
    [
      "999999999999.99",
      "Taka Ninety-Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred" +
        " Ninety-Nine and Ninety-Nine Paisa Only",
    ],
    ["-250.75", "Minus Taka Two Hundred Fifty and Seventy-Five Paisa Only"],
  ])("%s → %s", (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it("refuses what is not an amount", () => {
    expect(() => amountInWords("12.345")).toThrow("not a money amount: 12.345");
    expect(() => amountInWords("1,000")).toThrow("not a money amount: 1,000");
    expect(() => amountInWords("")).toThrow("not a money amount: ");
  });
});

describe("wholeNumberInWords", () => {
  it("says crores of crores the same way", () => {
    expect(wholeNumberInWords(12_34_56_78_90_123n)).toBe(
      "One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Crore Seventy-Eight Lakh Ninety Thousand One Hundred" +
        " Twenty-Three",
    );
  });

  it("refuses a negative number", () => {
    expect(() => wholeNumberInWords(-1n)).toThrow("not a whole number of 0 or more: -1");
  });
});
