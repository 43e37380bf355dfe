import { formatMoney } from "../../lib/format";
import { fromPaisa, normalizeMoney, toPaisa } from "../../lib/money";
import { normalizeBin } from "../sales/customer-form";
import { isPurchaseVatRate, purchaseVatSplit } from "../tax/purchase-vat";
import { MONEY_DOCUMENT_MESSAGES } from "./money-document-form";

// What New Transaction's and New Payable's VAT block says as the purchase is typed (issue 37): by the same rule and
// split as the use case (purchaseVatSplit), whether the VAT is claimed as input VAT or added to the cost, and why.
// Browser-safe.

export interface PurchaseVatPreview {
  /**
   * claim: claimed as input VAT; cost: the VAT is part of the expense (a reduced rate, or 0%); refused: saving it so
   * would be refused (15% without the supplier's BIN).
   */
  outcome: "claim" | "cost" | "refused";
  /** The figures of the amount typed, in order; null until the amount reads. */
  figures: { label: string; amount: string }[] | null;
  /** What happens to the VAT, and why. */
  note: string;
}

/**
 * The preview of a VAT-inclusive purchase: `amount` and `rate` as typed, the BIN typed, and the one on the record of
 * the supplier named (null when there is none or it has none; undefined while not known). Null without a rate.
 */
export function purchaseVatPreview(input: {
  amount: string;
  rate: string;
  typedBin: string;
  recordBin: string | null | undefined;
}): PurchaseVatPreview | null {
  if (!isPurchaseVatRate(input.rate)) return null;
  const typed = input.typedBin.trim();
  const supplierBin = typed || input.recordBin || null;
  const gross = normalizeMoney(input.amount);
  // The rule does not depend on the amount: with none typed yet, a taka stands in for it and no figures are shown.
  const split = purchaseVatSplit(gross ? toPaisa(gross) : 100n, input.rate, supplierBin);
  const money = (paisa: bigint) => formatMoney(fromPaisa(paisa));
  const { claim } = split;
  if (claim.claimable) {
    const source = typed ? "" : ", from the supplier's record";
    return {
      outcome: "claim",
      figures: gross
        ? [
            { label: "Input VAT claimed", amount: money(split.inputVat) },
            { label: "Expense before VAT", amount: money(split.cost) },
          ]
        : null,
      note: `Claimed as input VAT on the return (Mushak-9.1) with the supplier's BIN ${claim.supplierBin}${source}; the purchase register (Mushak-6.1) lists it.`,
    };
  }
  if (claim.reason === "no_bin") {
    // A BIN typed that does not read is the field's own message; a 9-digit one is not the one a claim wants.
    const short = typed !== "" && normalizeBin(typed) !== null;
    return {
      outcome: "refused",
      figures: gross ? [{ label: "VAT not claimable without the BIN", amount: money(split.vat) }] : null,
      note: `${MONEY_DOCUMENT_MESSAGES.vatBinRequired}.${short ? " The BIN typed has 9 digits: type all 13 as its Mushak-6.3 prints them." : ""}`,
    };
  }
  const whole = { label: "Expense (the whole amount)", amount: money(split.cost) };
  if (claim.reason === "zero_rate")
    return {
      outcome: "cost",
      figures: gross ? [whole] : null,
      note: `${claim.message}: the expense is the whole amount, and the purchase register (Mushak-6.1) lists it at 0%.`,
    };
  return {
    outcome: "cost",
    figures: gross ? [{ label: "VAT added to the cost", amount: money(split.vat) }, whole] : null,
    note: `${claim.message}: it is added to the expense, which takes the whole amount, and no input VAT is claimed.`,
  };
}
