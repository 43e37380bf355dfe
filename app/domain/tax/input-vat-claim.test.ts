import { describe, expect, it } from "vitest";
import { INPUT_VAT_CLAIM_MESSAGES as M, inputVatClaim } from "./input-vat-claim";
import { purchaseVatSplit } from "./purchase-vat";

// Input VAT only at the standard rate and with the supplier's 13-digit BIN (issue 37): the rule every path that
// makes input VAT asks, and the split it gives a VAT-inclusive purchase.

const BIN = "000123456-0101";

describe("inputVatClaim", () => {
  it.each(["15", "15.00", " 15"])(
    "claims at the standard rate %j with the supplier's BIN, kept as its digits",
    (rate) => {
      expect(inputVatClaim({ rate, supplierBin: BIN })).toEqual({
        claimable: true,
        supplierBin: "0001234560101",
      });
    },
  );

  it.each([
    ["7.5", "VAT at 7.5% is not claimable"],
    ["7.50", "VAT at 7.5% is not claimable"],
    ["5", "VAT at 5% is not claimable"],
  ])("does not claim at the reduced or truncated rate %s, BIN or not: its VAT is part of the cost", (rate, start) => {
    for (const supplierBin of [BIN, null]) {
      const claim = inputVatClaim({ rate, supplierBin });
      expect(claim).toEqual({ claimable: false, reason: "reduced_rate", message: M.reducedRate(rate) });
      expect(claim.claimable || claim.message).toMatch(
        new RegExp(`^${start}.*only at the standard rate \\(15%\\).*part of the cost$`),
      );
    }
  });

  it.each([null, "", "   ", "123456789", "000123456", "12345", "0001234560101x"])(
    "does not claim at 15%% without the supplier's 13-digit BIN (%j)",
    (supplierBin) => {
      expect(inputVatClaim({ rate: "15", supplierBin })).toEqual({
        claimable: false,
        reason: "no_bin",
        message: M.binRequired,
      });
    },
  );

  it("says why a claim needs the BIN: the Act allows it only against the supplier's Mushak-6.3", () => {
    expect(M.binRequired).toContain("13-digit BIN");
    expect(M.binRequired).toContain("Mushak-6.3");
  });

  it("has nothing to claim at 0%", () => {
    expect(inputVatClaim({ rate: "0", supplierBin: BIN })).toEqual({
      claimable: false,
      reason: "zero_rate",
      message: M.zeroRate,
    });
    expect(inputVatClaim({ rate: "0.00", supplierBin: null })).toMatchObject({ reason: "zero_rate" });
  });
});

describe("purchaseVatSplit", () => {
  it("at 15% with the BIN: the VAT is input VAT and the cost is the rest", () => {
    expect(purchaseVatSplit(1_150_000n, "15", BIN)).toEqual({
      claim: { claimable: true, supplierBin: "0001234560101" },
      vat: 150_000n,
      inputVat: 150_000n,
      cost: 1_000_000n,
    });
  });

  it("at 7.5%: the VAT (৳69.77 of ৳1,000) stays in the cost, which is the whole amount", () => {
    expect(purchaseVatSplit(100_000n, "7.5", BIN)).toMatchObject({
      claim: { claimable: false, reason: "reduced_rate" },
      vat: 6_977n,
      inputVat: 0n,
      cost: 100_000n,
    });
  });

  it("at 15% without a BIN: nothing claimed, the whole amount is the cost", () => {
    expect(purchaseVatSplit(11_500n, "15", null)).toMatchObject({
      claim: { reason: "no_bin" },
      vat: 1_500n,
      inputVat: 0n,
      cost: 11_500n,
    });
  });

  it("at 0%: no VAT, the whole amount is the cost", () => {
    expect(purchaseVatSplit(50_000n, "0", null)).toMatchObject({ vat: 0n, inputVat: 0n, cost: 50_000n });
  });
});
