import { describe, expect, it } from "vitest";
import { mushak91, mushak91Rows, closingBalanceText, type Mushak91, type Mushak91Inputs } from "./mushak-9-1";

const empty: Mushak91Inputs = {
  salesByRate: [],
  purchasesByRate: [],
  creditNotesVat: 0n,
  creditNotesSd: 0n,
  outputReversalsVat: 0n,
  inputReversalsVat: 0n,
  vdsCredit: 0n,
  carriedIn: 0n,
  deposits: [],
};

function note(form: Mushak91, n: number) {
  const line = form.parts.flatMap((p) => p.lines).find((l) => l.note === n);
  if (!line) throw new Error(`no note ${n}`);
  return line;
}

describe("Mushak-9.1 by its parts and notes", () => {
  const form = mushak91({
    ...empty,
    salesByRate: [
      { rate: "15.00", value: 200_000_00n, sd: 0n, vat: 30_000_00n },
      { rate: "15.00", value: 10_000_00n, sd: 1_000_00n, vat: 1_650_00n },
      { rate: "7.50", value: 10_000_00n, sd: 0n, vat: 750_00n },
      { rate: "0.00", value: 5_000_00n, sd: 0n, vat: 0n },
    ],
    purchasesByRate: [{ rate: "15.00", value: 40_000_00n, vat: 6_000_00n }],
    creditNotesVat: -1_500_00n,
    creditNotesSd: 200_00n,
    outputReversalsVat: -150_00n,
    inputReversalsVat: -300_00n,
    vdsCredit: 2_000_00n,
    carriedIn: 2_340_00n,
    deposits: [{ challanNo: "CH-1", date: "2026-12-10", amount: 10_000_00n }],
  });

  it("puts sales by rate into notes 3, 4 and 7, and totals them in note 9", () => {
    expect(note(form, 4)).toMatchObject({ value: "210000.00", sd: "1000.00", vat: "31650.00" });
    expect(note(form, 7)).toMatchObject({ value: "10000.00", vat: "750.00" });
    expect(note(form, 3)).toMatchObject({ value: "5000.00", vat: "0.00" });
    expect(note(form, 9)).toMatchObject({ value: "225000.00", sd: "1000.00", vat: "32400.00", total: true });
  });

  it("claims input tax in note 14 and totals it in note 23", () => {
    expect(note(form, 14)).toMatchObject({ value: "40000.00", vat: "6000.00" });
    expect(note(form, 16)).toMatchObject({ value: "0.00", vat: "0.00" });
    expect(note(form, 23).vat).toBe("6000.00");
  });

  it("adds back a purchase reversed (note 27) and takes off VDS, credit notes and sales reversed (29, 31, 32)", () => {
    expect(note(form, 27).vat).toBe("300.00");
    expect(note(form, 28).vat).toBe("300.00");
    expect(note(form, 29).vat).toBe("2000.00");
    expect(note(form, 31).vat).toBe("1500.00");
    expect(note(form, 32).vat).toBe("150.00");
    expect(note(form, 33).vat).toBe("3650.00");
  });

  it("nets 34 = 9C - 23B + 28 - 33, brings in the last period's closing balance (52) and asks 35 = 50", () => {
    // 32,400 − 6,000 + 300 − 3,650 = 23,050; less 2,340 brought forward = 20,710.
    expect(note(form, 34).vat).toBe("23050.00");
    expect(note(form, 52).vat).toBe("2340.00");
    expect(note(form, 35).vat).toBe("20710.00");
    expect(note(form, 50).vat).toBe("20710.00");
    expect(form.netPayable).toBe("20710.00");
    // The SD: the invoices' 1,000 less the 200 credit notes took back.
    expect(note(form, 36).vat).toBe("800.00");
  });

  it("closes at deposits less the net payable (note 65)", () => {
    expect(note(form, 58).vat).toBe("10000.00");
    expect(note(form, 65).vat).toBe("-10710.00");
    expect(closingBalanceText(form.closingBalance)).toBe("still to deposit");
  });

  it("prints every note once, in the form's order, as CSV rows with the challans after", () => {
    const rows = mushak91Rows(form);
    expect(rows[0]).toEqual(["Part", "Note", "Item", "Value", "SD", "VAT"]);
    const notes = rows.slice(1).map((r) => Number(r[1]));
    expect(notes).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 52, 35, 36, 50, 58, 65,
      58,
    ]);
    expect(rows.at(-1)).toEqual(["9. Treasury deposit", "58", "Challan CH-1 (2026-12-10)", "", "", "10000.00"]);
  });
});

describe("a period that only carries a credit", () => {
  it("asks nothing and closes with the credit for the next return", () => {
    const form = mushak91({ ...empty, purchasesByRate: [{ rate: "15.00", value: 15_600_00n, vat: 2_340_00n }] });
    expect(form.netPayable).toBe("-2340.00");
    expect(form.closingBalance).toBe("2340.00");
    expect(closingBalanceText(form.closingBalance)).toBe("a credit the next return brings in");
  });
});
