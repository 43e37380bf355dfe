import { z } from "zod";

// Money, in one place (DESIGN §5): amounts are decimal strings with at most 2 places, stored as numeric(14,2);
// all arithmetic happens in integer paisa (BigInt), never in floating point. The bound a numeric(14,2) column
// holds is here too, so a typed amount and a computed total (a line's, a quotation's) are refused the same way,
// with a message naming the field, before the database would answer with an overflow. Browser-safe.

/** The largest amount a numeric(14,2) column stores. */
export const MONEY_MAX = "999999999999.99";
/** The same in paisa. */
export const MONEY_MAX_PAISA = 99_999_999_999_999n;

/** "1500.5" → 150050n. Throws on anything but a plain decimal with at most 2 places (callers validate first). */
export function toPaisa(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a money amount: ${amount}`);
  const [, sign, whole, fraction = ""] = match;
  const paisa = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign ? -paisa : paisa;
}

/** 150050n → "1500.50". */
export function fromPaisa(paisa: bigint): string {
  const negative = paisa < 0n;
  const abs = negative ? -paisa : paisa;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** Whether a numeric(14,2) column can hold the amount. */
export function fitsMoneyColumn(paisa: bigint): boolean {
  return paisa >= -MONEY_MAX_PAISA && paisa <= MONEY_MAX_PAISA;
}

/** "৳999,999,999,999.99": the bound as people read it, for messages. */
export const MONEY_MAX_LABEL = "৳999,999,999,999.99";

/**
 * The most one typed amount can be (a payment, a price, a salary, a transaction, an opening balance): ample for one
 * document of this company, and small enough that the sums of many still fit a numeric(14,2) column (issue 38: two
 * payments at MONEY_MAX made a customer's credit overflow). Computed totals keep MONEY_MAX (moneyTooLargeMessage).
 */
export const TYPED_MONEY_MAX = "99999999.99";
/** The same in paisa. */
export const TYPED_MONEY_MAX_PAISA = 9_999_999_999n;
/** "৳99,999,999.99", for messages. */
export const TYPED_MONEY_MAX_LABEL = "৳99,999,999.99";

/** The message for a typed amount beyond TYPED_MONEY_MAX, naming the field ("Amount must be at most ৳99,999,999.99"). */
export function typedMoneyTooLargeMessage(label: string): string {
  return `${label} must be at most ${TYPED_MONEY_MAX_LABEL}`;
}

/** The message for a computed amount beyond the bound, naming what it is ("Line total of LED Wall"). */
export function moneyTooLargeMessage(label: string): string {
  return `${label} would be more than ${MONEY_MAX_LABEL}, the most an amount can be`;
}

/**
 * A line's charge in paisa: unit price × quantity × the days charged (1 for a price per event). Exact; the
 * caller checks the result with fitsMoneyColumn before storing it.
 */
export function lineChargePaisa(unitPrice: string | null, quantity: number, days = 1): bigint {
  if (!unitPrice) return 0n;
  return toPaisa(unitPrice) * BigInt(quantity) * BigInt(days);
}

/**
 * amount × numerator / denominator, rounded half up to the paisa: exact, in integers. A half paisa goes away from 0
 * (0.5 → 1, −0.5 → −1), so a share of a negative amount is the negative of the share of the positive one. The
 * one rounding of a share (VAT at a rate, an advance of a percentage, a payment's VAT part); denominator > 0.
 */
export function roundedShare(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`roundedShare: the denominator must be more than 0, not ${denominator}`);
  const product = amount * numerator;
  const magnitude = ((product < 0n ? -product : product) * 2n + denominator) / (denominator * 2n);
  return product < 0n ? -magnitude : magnitude;
}

/**
 * `percent` % of an amount, rounded half up to the paisa (roundedShare). The percentage is a decimal string with at
 * most 2 places ("15", "7.50", "33.33"); it throws on anything else, as toPaisa does (callers validate first).
 */
export function percentOfPaisa(amount: bigint, percent: string): bigint {
  return roundedShare(amount, toPaisa(percent), 10_000n);
}

/** The sum of amounts, exactly. */
export function sumPaisa(amounts: readonly bigint[]): bigint {
  return amounts.reduce((sum, a) => sum + a, 0n);
}

export interface PricedLine {
  unitPrice: string;
  quantity: number;
  /** Days charged (1 for a price per event). */
  days: number;
  total: string;
}

/** Each line's total is unit price × quantity × days (1 when not given); the quotation's total is their sum. */
export function priceLines(lines: readonly { unitPrice: string; quantity: number; days?: number }[]): {
  lines: PricedLine[];
  total: string;
  totalPaisa: bigint;
  lineTotalsPaisa: bigint[];
} {
  const lineTotalsPaisa = lines.map((line) => lineChargePaisa(line.unitPrice, line.quantity, line.days ?? 1));
  const totalPaisa = sumPaisa(lineTotalsPaisa);
  return {
    lines: lines.map((line, i) => ({
      unitPrice: fromPaisa(toPaisa(line.unitPrice)),
      quantity: line.quantity,
      days: line.days ?? 1,
      total: fromPaisa(lineTotalsPaisa[i]!),
    })),
    total: fromPaisa(totalPaisa),
    totalPaisa,
    lineTotalsPaisa,
  };
}

// ---- A money amount typed into a form: ৳ and thousands separators accepted, at most 2 decimals, never
// negative, at most TYPED_MONEY_MAX; the value that comes out is a plain decimal string ("1500.50"), exact.

const AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

/**
 * "৳ 1,500.5" → "1500.50"; null when it is not a non-negative amount with at most 2 decimals, or is more than
 * TYPED_MONEY_MAX (every typed amount, so what is summed fits).
 */
export function normalizeMoney(input: string): string | null {
  const compact = input.trim().replace(/^৳\s*/, "").replace(/,/g, "");
  if (!AMOUNT.test(compact)) return null;
  const [whole, fraction = ""] = compact.split(".");
  const amount = `${BigInt(whole!).toString()}.${fraction.padEnd(2, "0")}`;
  return toPaisa(amount) > TYPED_MONEY_MAX_PAISA ? null : amount;
}

/** Whether a typed amount's text is a well-formed amount above TYPED_MONEY_MAX (for a caller's own message). */
export function isTypedMoneyTooLarge(input: string): boolean {
  const compact = input.trim().replace(/^৳\s*/, "").replace(/,/g, "");
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(compact);
  if (!match) return false;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0")) > TYPED_MONEY_MAX_PAISA;
}

function moneyMessage(label: string, raw: string): string {
  const compact = raw.trim().replace(/^৳\s*/, "").replace(/,/g, "");
  if (/^-/.test(compact)) return `${label} must be 0 or more`;
  if (/^\d+\.\d{3,}$/.test(compact)) return `${label} can have at most 2 decimals`;
  if (isTypedMoneyTooLarge(raw)) return typedMoneyTooLargeMessage(label);
  return `${label} must be an amount in taka, e.g. 1500 or 1500.50`;
}

/** A required amount: "" gives `${label} is required`. */
export function moneyField(label: string) {
  return z.string({ error: `${label} is required` }).transform((raw, ctx) => {
    if (raw.trim() === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    const amount = normalizeMoney(raw);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: moneyMessage(label, raw) });
      return z.NEVER;
    }
    return amount;
  });
}

/** An optional amount: "" or a missing field gives null. */
export function optionalMoneyField(label: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === "") return null;
      const amount = normalizeMoney(raw);
      if (amount === null) {
        ctx.addIssue({ code: "custom", message: moneyMessage(label, raw) });
        return z.NEVER;
      }
      return amount;
    });
}
