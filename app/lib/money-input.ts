import { z } from "zod";

// A money amount typed into a back-office form (DESIGN §5): taka with at most 2 decimals, never negative, at most
// what numeric(14,2) holds. Thousands separators and a leading ৳ are accepted as people type them; the value
// that comes out is a plain decimal string ("1500.50"), exact, never a float. Browser-safe.

/** The largest amount a numeric(14,2) column stores. */
export const MONEY_MAX = "999999999999.99";

const AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

/** "৳ 1,500.5" → "1500.50"; null when it is not a non-negative amount with at most 2 decimals. */
export function normalizeMoney(input: string): string | null {
  const compact = input.trim().replace(/^৳\s*/, "").replace(/,/g, "");
  if (!AMOUNT.test(compact)) return null;
  const [whole, fraction = ""] = compact.split(".");
  return `${BigInt(whole!).toString()}.${fraction.padEnd(2, "0")}`;
}

function moneyMessage(label: string, raw: string): string {
  const compact = raw.trim().replace(/^৳\s*/, "").replace(/,/g, "");
  if (/^-/.test(compact)) return `${label} must be 0 or more`;
  if (/^\d+\.\d{3,}$/.test(compact)) return `${label} can have at most 2 decimals`;
  if (/^\d{13,}(\.\d*)?$/.test(compact))
    return `${label} must be at most ৳${Number(MONEY_MAX).toLocaleString("en-US")}`;
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
