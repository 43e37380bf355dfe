// A taka amount in English words, grouped the South Asian way (thousand, lakh, crore), as printed on
// quotations, invoices and cheques in Bangladesh: 125000.50 → "Taka One Lakh Twenty-Five Thousand and Fifty
// Paisa Only". Exact (integer paisa in BigInt), pure and browser-safe: the quotation PDF and the screens
// show the same words.

import { toPaisa } from "./money";

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1..99: "Seven", "Nineteen", "Forty", "Twenty-Five". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]!}`;
}

/** 1..999: "Nine Hundred Ninety-Nine". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A positive whole number in words with crore (10^7), lakh (10^5) and thousand (10^3). A count of crores of 100
 * or more is itself said the same way: 12,34,56,78,90,123 → "One Lakh Twenty-Three Thousand Four Hundred
 * Fifty-Six Crore …".
 */
export function wholeNumberInWords(n: bigint): string {
  if (n < 0n) throw new Error(`not a whole number of 0 or more: ${n}`);
  if (n === 0n) return ONES[0]!;
  const parts: string[] = [];
  const crores = n / 10_000_000n;
  let rest = n % 10_000_000n;
  if (crores > 0n) parts.push(`${wholeNumberInWords(crores)} Crore`);
  const lakhs = Number(rest / 100_000n);
  rest %= 100_000n;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Number(rest / 1000n);
  rest %= 1000n;
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0n) parts.push(belowThousand(Number(rest)));
  return parts.join(" ");
}

/**
 * A money amount ("125000.50", at most 2 decimals) in words: "Taka One Lakh Twenty-Five Thousand and Fifty Paisa
 * Only". Zero is "Taka Zero Only"; an amount under one taka is "Fifty Paisa Only"; a negative one starts with
 * "Minus". Throws on anything that is not an amount.
 */
export function amountInWords(amount: string): string {
  const paisa = toPaisa(amount);
  const negative = paisa < 0n;
  const abs = negative ? -paisa : paisa;
  const taka = abs / 100n;
  const fraction = Number(abs % 100n);
  let words: string;
  if (fraction === 0) words = `Taka ${wholeNumberInWords(taka)}`;
  else if (taka === 0n) words = `${belowHundred(fraction)} Paisa`;
  else words = `Taka ${wholeNumberInWords(taka)} and ${belowHundred(fraction)} Paisa`;
  return `${negative ? "Minus " : ""}${words} Only`;
}
