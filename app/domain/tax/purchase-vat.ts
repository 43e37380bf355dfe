import { fromPaisa, toPaisa } from "../../lib/money";
import { inputVatClaim, type InputVatClaim } from "./input-vat-claim";

// A purchase entered with VAT (issue 22, DESIGN §10 "purchase with VAT"): an expense transaction or a payable whose
// amount is what the supplier charged, VAT included. The VAT in it is gross × rate / (100 + rate), rounded half up
// to the paisa, exactly in bigint. At the standard rate with the supplier's BIN it is input VAT, claimed on the
// return (Mushak-9.1) and a row of the purchase register (Mushak-6.1), and the expense (or asset) is the rest; at a
// reduced or truncated rate it is part of the cost, and the expense is the whole amount (inputVatClaim, issue 37).
// Browser-safe: the dialog shows the same split as it is typed.

/** The rates a purchase's VAT may be at: standard, reduced, the truncated rate of some services, zero. */
export const PURCHASE_VAT_RATES = ["15", "7.5", "5", "0"] as const;
export type PurchaseVatRate = (typeof PURCHASE_VAT_RATES)[number];

export const PURCHASE_VAT_RATE_LABELS: Record<PurchaseVatRate, string> = {
  "15": "15% (standard)",
  "7.5": "7.5% (reduced)",
  "5": "5% (truncated)",
  "0": "0% (zero-rated)",
};

export function isPurchaseVatRate(value: string): value is PurchaseVatRate {
  return (PURCHASE_VAT_RATES as readonly string[]).includes(value);
}

/**
 * The VAT part of a VAT-inclusive amount: gross × rate / (100 + rate), half up to the paisa. The rate is a percent
 * with at most 2 decimals ("7.5"); gross is 0 or more.
 */
export function vatIncludedIn(grossPaisa: bigint, ratePercent: string): bigint {
  if (grossPaisa < 0n) throw new Error("vatIncludedIn: a negative amount");
  const rate = toPaisa(ratePercent); // the percent × 100: "7.5" → 750n
  const divisor = 10_000n + rate; // (100 + rate) × 100
  // half up: floor((2 · gross · rate + divisor) / (2 · divisor))
  return (2n * grossPaisa * rate + divisor) / (2n * divisor);
}

/** A VAT-inclusive amount split: the value before VAT and the VAT, as decimal strings. */
export function splitVatInclusive(gross: string, ratePercent: string): { net: string; vat: string } {
  const grossPaisa = toPaisa(gross);
  const vat = vatIncludedIn(grossPaisa, ratePercent);
  return { net: fromPaisa(grossPaisa - vat), vat: fromPaisa(vat) };
}

/** A VAT-inclusive purchase under the input VAT rule: what it includes, what is claimed, and what it cost. */
export interface PurchaseVatSplit {
  claim: InputVatClaim;
  /** The VAT the amount includes. */
  vat: bigint;
  /** The part of it claimed as input VAT: all of it when claimable, else 0. */
  inputVat: bigint;
  /** The expense's (or asset's) part: the amount less the input VAT, the whole amount when nothing is claimed. */
  cost: bigint;
}

/** The split of a VAT-inclusive purchase of `grossPaisa` at `rate`, by inputVatClaim with the supplier's BIN. */
export function purchaseVatSplit(grossPaisa: bigint, rate: string, supplierBin: string | null): PurchaseVatSplit {
  const claim = inputVatClaim({ rate, supplierBin });
  const vat = vatIncludedIn(grossPaisa, rate);
  const inputVat = claim.claimable ? vat : 0n;
  return { claim, vat, inputVat, cost: grossPaisa - inputVat };
}
