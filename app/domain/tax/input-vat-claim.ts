import { toPaisa } from "../../lib/money";
import { normalizeBin } from "../sales/customer-form";

// Whether the VAT a purchase carries is input VAT (issue 37), as the VAT & SD Act 2012 treats it: input VAT is
// credited only against the supplier's tax invoice (Mushak-6.3), which bears the supplier's 13-digit BIN, and only at
// the standard rate; VAT at a reduced or truncated rate (7.5%, 5%) is never credited and is part of what the purchase
// cost. One rule for every path that makes input VAT (an expense or payable with VAT, a hand-typed input VAT record)
// and for the forms that show, as they are typed, what will happen. Browser-safe.

/** The standard rate: the only one at which VAT paid on a purchase is claimed as input VAT. */
export const STANDARD_VAT_RATE = "15";

export type InputVatClaim =
  /** Claimed: at the standard rate, with the supplier's BIN (its 13 digits). */
  | { claimable: true; supplierBin: string }
  /**
   * Not claimed. zero_rate: there is no VAT in it; reduced_rate: its VAT is part of the cost; no_bin: at the
   * standard rate, but no 13-digit BIN of the supplier is known, so no claim can be made.
   */
  | { claimable: false; reason: "zero_rate" | "reduced_rate" | "no_bin"; message: string };

/** "7.50" → "7.5%". */
const percent = (rate: string) => `${Number(rate)}%`;

const BIN_REASON =
  "the VAT & SD Act allows input VAT only against the supplier's tax invoice (Mushak-6.3), which bears its 13-digit BIN";

export const INPUT_VAT_CLAIM_MESSAGES = {
  zeroRate: "At 0% there is no VAT to claim",
  /** Why a claim needs the BIN, for the forms' messages naming their field. */
  binReason: BIN_REASON,
  binRequired: `Input VAT is not claimable without the supplier's BIN: ${BIN_REASON}`,
  reducedRate: (rate: string) =>
    `VAT at ${percent(rate)} is not claimable as input VAT: the VAT & SD Act credits input VAT only at the standard rate (${STANDARD_VAT_RATE}%), so VAT at a reduced or truncated rate is part of the cost`,
} as const;

/**
 * The rule. `rate` is a percent as typed or stored ("15", "15.00", "7.5"); `supplierBin` the supplier's BIN as typed
 * or kept on its record (hyphens and spaces allowed), or null. A BIN of 9 digits (without its 4-digit branch part)
 * is not the one a Mushak-6.3 prints, and claims nothing.
 */
export function inputVatClaim({ rate, supplierBin }: { rate: string; supplierBin: string | null }): InputVatClaim {
  const M = INPUT_VAT_CLAIM_MESSAGES;
  const ratePaisa = toPaisa(rate);
  if (ratePaisa === 0n) return { claimable: false, reason: "zero_rate", message: M.zeroRate };
  if (ratePaisa !== toPaisa(STANDARD_VAT_RATE))
    return { claimable: false, reason: "reduced_rate", message: M.reducedRate(rate) };
  const bin = supplierBin ? normalizeBin(supplierBin) : null;
  if (bin === null || bin.length !== 13) return { claimable: false, reason: "no_bin", message: M.binRequired };
  return { claimable: true, supplierBin: bin };
}
