import { describe, expect, it } from "vitest";
import { taxCardHeadline } from "./tax-list";

// Tax Management's cards (issue 37, money error 5): a card never adds its kinds together. October's ৳29,850 of
// output VAT with ৳12,000 of input VAT and ৳17,850 of VDS is no ৳59,700 of VAT: the net is nothing.

describe("a tax card's headline", () => {
  it("is VAT's output less input less VDS", () => {
    expect(taxCardHeadline("vat", { output_vat: 29_850_00n, input_vat: 12_000_00n, vat_withheld: 17_850_00n })).toBe(
      0n,
    );
    expect(taxCardHeadline("vat", { output_vat: 29_850_00n })).toBe(29_850_00n);
    expect(taxCardHeadline("vat", { input_vat: 2_340_00n })).toBe(-2_340_00n);
  });

  it("is the income tax withheld from others, not the AIT customers withheld from the company", () => {
    expect(taxCardHeadline("income_tax", { income_tax_withheld: 5_000_00n, ait: 3_000_00n })).toBe(5_000_00n);
  });

  it("is the other taxes' total", () => {
    expect(taxCardHeadline("other", { other: 1_200_00n })).toBe(1_200_00n);
  });
});
