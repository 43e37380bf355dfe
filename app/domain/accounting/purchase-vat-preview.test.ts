import { describe, expect, it } from "vitest";
import { INPUT_VAT_CLAIM_MESSAGES } from "../tax/input-vat-claim";
import { MONEY_DOCUMENT_MESSAGES } from "./money-document-form";
import { purchaseVatPreview } from "./purchase-vat-preview";

// The VAT block of New Transaction and New Payable, as it is typed (issue 37): claimed at 15% with the supplier's BIN
// (typed or on its record), added to the cost at a reduced rate, refused at 15% without a BIN; and why.

const preview = (change: Partial<Parameters<typeof purchaseVatPreview>[0]>) =>
  purchaseVatPreview({ amount: "11500", rate: "15", typedBin: "000123456-0101", recordBin: undefined, ...change });

describe("purchaseVatPreview", () => {
  it("says nothing without a rate", () => {
    expect(preview({ rate: "" })).toBeNull();
  });

  it("at 15% with the BIN typed: the input VAT claimed and the expense before it", () => {
    expect(preview({})).toEqual({
      outcome: "claim",
      figures: [
        { label: "Input VAT claimed", amount: "৳1,500.00" },
        { label: "Expense before VAT", amount: "৳10,000.00" },
      ],
      note: "Claimed as input VAT on the return (Mushak-9.1) with the supplier's BIN 0001234560101; the purchase register (Mushak-6.1) lists it.",
    });
  });

  it("at 15% with the BIN on the supplier's record, and none typed: claimed with it, saying so", () => {
    expect(preview({ typedBin: "", recordBin: "0004567890303" })).toMatchObject({
      outcome: "claim",
      note: expect.stringContaining("BIN 0004567890303, from the supplier's record;"),
    });
  });

  it("at 7.5%: the VAT is added to the cost, which is the whole amount, and the note says why", () => {
    expect(preview({ amount: "1000", rate: "7.5" })).toEqual({
      outcome: "cost",
      figures: [
        { label: "VAT added to the cost", amount: "৳69.77" },
        { label: "Expense (the whole amount)", amount: "৳1,000.00" },
      ],
      note: `${INPUT_VAT_CLAIM_MESSAGES.reducedRate("7.5")}: it is added to the expense, which takes the whole amount, and no input VAT is claimed.`,
    });
    expect(preview({ rate: "5", typedBin: "" })).toMatchObject({ outcome: "cost" });
  });

  it("at 15% without a BIN, typed or on a record: saving would be refused, and the note says why", () => {
    for (const recordBin of [undefined, null]) {
      expect(preview({ typedBin: "", recordBin })).toEqual({
        outcome: "refused",
        figures: [{ label: "VAT not claimable without the BIN", amount: "৳1,500.00" }],
        note: `${MONEY_DOCUMENT_MESSAGES.vatBinRequired}.`,
      });
    }
  });

  it("at 15% with a 9-digit BIN: refused, asking for all 13 digits", () => {
    expect(preview({ typedBin: "000123456", recordBin: "0004567890303" })).toMatchObject({
      outcome: "refused",
      note: expect.stringContaining("The BIN typed has 9 digits: type all 13"),
    });
  });

  it("at 0%: no VAT, the whole amount is the expense", () => {
    expect(preview({ rate: "0", amount: "500", typedBin: "" })).toMatchObject({
      outcome: "cost",
      figures: [{ label: "Expense (the whole amount)", amount: "৳500.00" }],
    });
  });

  it("explains the rule before the amount is typed, without figures", () => {
    expect(preview({ amount: "", rate: "7.5" })).toMatchObject({ outcome: "cost", figures: null });
    expect(preview({ amount: "abc", typedBin: "" })).toMatchObject({ outcome: "refused", figures: null });
  });
});
