import { describe, expect, it } from "vitest";
import { fromPaisa, lineChargePaisa, toPaisa } from "../../lib/money";
import { quoteTotals, vatOn } from "../quotations/quote-form";
import {
  advanceInvoiceFigures,
  advancePercentOfTerms,
  allocateByLargestRemainder,
  chargesOnlyFigures,
  creditNoteFigures,
  finalInvoiceFigures,
  fullInvoiceFigures,
  INVOICE_ARITHMETIC_MESSAGES,
  INVOICE_KIND_MESSAGES,
  invoiceKindRules,
  lineDiscount,
  parseAdvancePercent,
  sdOn,
  type RevisionForInvoice,
  withJobCharges,
} from "./invoice-arithmetic";

const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

function revision(lines: Array<[string, number, string, number?]>, discount = "0", rate = "15.00"): RevisionForInvoice {
  return {
    lines: lines.map(([name, quantity, unitPrice, days]) => ({
      name,
      size: null,
      quantity,
      unitPrice,
      days: days ?? null,
      total: fromPaisa(lineChargePaisa(unitPrice, quantity, days ?? 1)),
    })),
    discount,
    vatRatePercent: rate,
  };
}

/** The quotation's own total for the same revision (what the customer approved). */
function quotationTotal(r: RevisionForInvoice): string {
  return quoteTotals(
    r.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, days: l.days })),
    r.discount,
    r.vatRatePercent,
  ).total;
}

const DESCRIBE = { percentLabel: "50", quotationReference: "7f3a9c2e", eventName: "Wedding" };

describe("allocateByLargestRemainder", () => {
  it("shares exactly, the paisa left to the largest remainders, the earlier on a tie", () => {
    expect(allocateByLargestRemainder(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocateByLargestRemainder(10n, [3n, 3n, 4n])).toEqual([3n, 3n, 4n]);
    expect(allocateByLargestRemainder(7n, [1n, 2n])).toEqual([2n, 5n]);
    expect(allocateByLargestRemainder(0n, [5n, 5n])).toEqual([0n, 0n]);
    expect(allocateByLargestRemainder(5n, [0n, 0n])).toEqual([5n, 0n]);
    expect(allocateByLargestRemainder(-7n, [1n, 2n])).toEqual([-2n, -5n]);
    expect(allocateByLargestRemainder(5n, [])).toEqual([]);
  });

  it("always sums to the total, never below 0, over many odd cases", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 500; n++) {
      const weights = Array.from({ length: 1 + (next() % 7) }, () => BigInt(next() % 100_000));
      const total = BigInt(next() % 1_000_000);
      const shares = allocateByLargestRemainder(total, weights);
      expect(sum(shares)).toBe(total);
      for (const s of shares) expect(s >= 0n).toBe(true);
    }
  });
});

describe("a full invoice", () => {
  it("is the quotation's total exactly, with the discount and VAT shared over the lines", () => {
    const r = revision(
      [
        ["LED wall", 3, "1000.00", 2],
        ["Sound system", 1, "2500.50"],
        ["Chairs", 100, "33.33"],
      ],
      "1000.01",
    );
    const f = fullInvoiceFigures(r);
    // 6000 + 2500.50 + 3333 = 11833.50, less 1000.01 = 10833.49; VAT 15% = 1625.0235 → 1625.02.
    expect(f.net).toBe(1_083_349n);
    expect(f.vat).toBe(162_502n);
    expect(f.total).toBe(1_245_851n);
    expect(fromPaisa(f.total)).toBe(quotationTotal(r));
    expect(sum(f.lines.map((l) => l.value))).toBe(f.net);
    expect(sum(f.lines.map((l) => l.vat))).toBe(f.vat);
    // Discount shares by largest remainder (proportional to 6000 : 2500.50 : 3333): the floors 507.04 / 211.30 /
    // 281.66 leave 1 paisa, which goes to the second (the largest remainder).
    expect(f.lines.map((l) => l.value)).toEqual([600_000n - 50_704n, 250_050n - 21_131n, 333_300n - 28_166n]);
    expect(f.lines[0]).toMatchObject({ description: "LED wall", quantity: 3, days: 2, unitPrice: "1000.00" });
    expect(f.vatRatePercent).toBe("15.00");
  });

  it("prints each line's discount share, so that quantity × days × price less it is the line's value (issue 37)", () => {
    const r = revision(
      [
        ["LED wall", 32, "5000.00", 2],
        ["Sound system", 1, "2500.50"],
      ],
      "7900.00",
    );
    const f = fullInvoiceFigures(r);
    for (const line of f.lines) {
      const gross = toPaisa(line.unitPrice!) * BigInt(line.quantity!) * BigInt(line.days ?? 1);
      expect(gross - lineDiscount(line)!).toBe(line.value);
    }
    expect(sum(f.lines.map((l) => lineDiscount(l)!))).toBe(790_000n);
    expect(lineDiscount({ quantity: 32, days: 2, unitPrice: "5000.00", value: "312156.86" })).toBe(784_314n);
    // A line without a unit price (an advance, the "less advance" line) has none.
    expect(lineDiscount({ quantity: null, days: null, unitPrice: null, value: "-5000.00" })).toBeNull();
  });

  it("rounds VAT per line so the lines add up to the VAT on the total, not to the sum of each line's own VAT", () => {
    // Three lines of ৳0.10: each line's own VAT is 1.5 paisa → 2, three make 6; the VAT on ৳0.30 is 4.5 → 5.
    const r = revision(
      [
        ["A", 1, "0.10"],
        ["B", 1, "0.10"],
        ["C", 1, "0.10"],
      ],
      "0",
    );
    const f = fullInvoiceFigures(r);
    expect(f.vat).toBe(5n);
    expect(f.lines.map((l) => l.vat)).toEqual([2n, 2n, 1n]);
    expect(sum(f.lines.map((l) => vatOn(l.value, "15.00")))).toBe(6n);
  });

  it("with a zero VAT rate has no VAT on any line", () => {
    const f = fullInvoiceFigures(revision([["A", 2, "999.99"]], "0.01", "0.00"));
    expect(f).toMatchObject({ net: 199_997n, vat: 0n, total: 199_997n, vatRatePercent: "0.00" });
    expect(f.lines[0]!.vat).toBe(0n);
  });

  it("with the whole subtotal discounted comes to 0", () => {
    const f = fullInvoiceFigures(
      revision(
        [
          ["A", 1, "100"],
          ["B", 1, "50"],
        ],
        "150",
      ),
    );
    expect(f.total).toBe(0n);
    expect(f.lines.map((l) => l.value)).toEqual([0n, 0n]);
  });

  it("matches the quotation's total over many odd prices, discounts and rates", () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const rates = ["15.00", "7.50", "0.00", "5.00", "10.00"];
    for (let n = 0; n < 300; n++) {
      const lines = Array.from({ length: 1 + (next() % 6) }, (_, i): [string, number, string, number] => [
        `L${i}`,
        1 + (next() % 20),
        `${next() % 5000}.${String(next() % 100).padStart(2, "0")}`,
        1 + (next() % 4),
      ]);
      const base = revision(lines, "0", rates[n % rates.length]);
      const subtotal = sum(base.lines.map((l) => toPaisa(l.total)));
      const discount = subtotal === 0n ? 0n : BigInt(next()) % subtotal;
      const r = { ...base, discount: fromPaisa(discount) };
      const f = fullInvoiceFigures(r);
      expect(sum(f.lines.map((l) => l.value))).toBe(f.net);
      expect(sum(f.lines.map((l) => l.vat))).toBe(f.vat);
      expect(f.net).toBe(subtotal - discount);
      expect(fromPaisa(f.total)).toBe(quotationTotal(r));
    }
  });
});

describe("advance and final invoices", () => {
  const r = revision(
    [
      ["LED wall", 3, "1000.00", 2],
      ["Sound system", 1, "2500.55"],
    ],
    "0.03",
  );

  it("an advance of 50% is one line, half the net rounded half up, with its own VAT", () => {
    // net 8500.52; 50% = 4250.26; VAT 637.539 → 637.54.
    const a = advanceInvoiceFigures(r, 5000n, DESCRIBE);
    expect(a.lines).toEqual([
      {
        description: "Advance of 50% on quotation 7f3a9c2e, Wedding",
        unitOfSupply: null,
        quantity: null,
        days: null,
        unitPrice: null,
        value: 425_026n,
        sdRatePercent: "0.00",
        sd: 0n,
        vat: 63_754n,
      },
    ]);
    expect(a).toMatchObject({ net: 425_026n, sd: 0n, vat: 63_754n, total: 488_780n });
  });

  it("50% then the final: the two totals add up to the quotation's total exactly", () => {
    const full = fullInvoiceFigures(r);
    const a = advanceInvoiceFigures(r, 5000n, DESCRIBE);
    const f = finalInvoiceFigures(r, [{ number: "INV-2026-27-000001", net: a.net, sd: a.sd, vat: a.vat }]);
    expect(a.total + f.total).toBe(full.total);
    expect(a.net + f.net).toBe(full.net);
    expect(a.vat + f.vat).toBe(full.vat);
    expect(f.lines.at(-1)).toEqual({
      description: "Less advance invoiced INV-2026-27-000001",
      unitOfSupply: null,
      quantity: null,
      days: null,
      unitPrice: null,
      value: -a.net,
      sdRatePercent: "0.00",
      sd: 0n,
      vat: -a.vat,
    });
    expect(sum(f.lines.map((l) => l.value))).toBe(f.net);
    expect(sum(f.lines.map((l) => l.vat))).toBe(f.vat);
  });

  it("odd paisa: 33.33% and 33.33% then the final add up exactly; half up at .5 paisa", () => {
    const odd = revision([["A", 1, "0.03"]], "0", "15.00");
    // 33.33% of 3 paisa = 0.9999 → 1 paisa; VAT on it 0.15 → 0.
    const a1 = advanceInvoiceFigures(odd, 3333n, DESCRIBE);
    expect(a1).toMatchObject({ net: 1n, vat: 0n });
    const a2 = advanceInvoiceFigures(odd, 3333n, DESCRIBE);
    const f = finalInvoiceFigures(odd, [
      { number: "INV-1", net: a1.net, sd: a1.sd, vat: a1.vat },
      { number: "INV-2", net: a2.net, sd: a2.sd, vat: a2.vat },
    ]);
    expect(a1.total + a2.total + f.total).toBe(fullInvoiceFigures(odd).total);
    // 50% of 1 paisa is 0.5 → 1 (half up).
    expect(advanceInvoiceFigures(revision([["A", 1, "0.01"]]), 5000n, DESCRIBE).net).toBe(1n);
  });

  it("with a zero VAT rate carries no VAT", () => {
    const zero = revision([["A", 1, "1001.01"]], "0", "0.00");
    const a = advanceInvoiceFigures(zero, 2500n, { ...DESCRIBE, percentLabel: "25" });
    expect(a).toMatchObject({ net: 25_025n, vat: 0n, total: 25_025n });
    const f = finalInvoiceFigures(zero, [{ number: "INV-1", net: a.net, sd: a.sd, vat: a.vat }]);
    expect(f).toMatchObject({ net: 75_076n, vat: 0n, total: 75_076n });
  });
});

describe("supplementary duty (issue 37)", () => {
  /** The revision's lines with their price unit and SD rate, as a revision sent since issue 37 keeps them. */
  const withSd = (
    lines: Array<[string, number, string, number | null, string, string]>,
    discount = "0",
  ): RevisionForInvoice => ({
    lines: lines.map(([name, quantity, unitPrice, days, priceUnit, sdRatePercent]) => ({
      name,
      size: null,
      quantity,
      unitPrice,
      days,
      priceUnit,
      sdRatePercent,
      total: fromPaisa(lineChargePaisa(unitPrice, quantity, days ?? 1)),
    })),
    discount,
    vatRatePercent: "15.00",
  });
  const mixed = withSd([
    ["LED wall", 2, "1000.00", 1, "sqm/day", "10.00"],
    ["Sound system", 1, "2500.55", null, "event", "0.00"],
  ]);

  it("charges each line's SD on its value, and VAT on the value and the SD together", () => {
    const f = fullInvoiceFigures(mixed);
    // SD 10% of ৳2,000 = ৳200 on the first line only; VAT 15% of (4,500.55 + 200) = 705.0825 → ৳705.08.
    expect(f).toMatchObject({ net: 450_055n, sd: 20_000n, vat: 70_508n, total: 540_563n });
    expect(f.lines.map((l) => [l.unitOfSupply, l.value, l.sdRatePercent, l.sd, l.vat])).toEqual([
      ["sqm/day", 200_000n, "10.00", 20_000n, 33_000n],
      ["event", 250_055n, "0.00", 0n, 37_508n],
    ]);
    // Every row multiplies out: value × SD rate = SD, VAT within a paisa of the rate on value + SD; the lines add up.
    for (const line of f.lines) {
      expect(line.sd).toBe(sdOn(line.value, line.sdRatePercent!));
      const own = vatOn(line.value + line.sd, "15.00");
      expect(line.vat - own <= 1n && own - line.vat <= 1n).toBe(true);
    }
    expect(sum(f.lines.map((l) => l.sd))).toBe(f.sd);
    expect(sum(f.lines.map((l) => l.vat))).toBe(f.vat);
    expect(f.total).toBe(f.net + f.sd + f.vat);
  });

  it("takes the SD on the line's value after its share of the discount, half up", () => {
    // One line of ৳333.33 at 7.5% SD, less a discount of ৳0.03.
    const f = fullInvoiceFigures(withSd([["Truss", 1, "333.33", null, "event", "7.50"]], "0.03"));
    // 333.30 × 7.5% = 24.9975 → ৳25.00; VAT 15% of 358.30 = 53.745 → ৳53.75.
    expect(f).toMatchObject({ net: 33_330n, sd: 2_500n, vat: 5_375n, total: 41_205n });
  });

  it("is 0 on a revision sent before items carried a rate, the invoice the quotation's total as before", () => {
    const before = revision([["LED wall", 3, "1000.00", 2]], "100");
    const f = fullInvoiceFigures(before);
    expect(f.sd).toBe(0n);
    expect(f.lines[0]).toMatchObject({ sdRatePercent: "0.00", sd: 0n, unitOfSupply: null });
    expect(fromPaisa(f.total)).toBe(quotationTotal(before));
  });

  it("an advance takes its share of the SD; with the final it adds up to the full invoice, rates mixed or one", () => {
    // Mixed rates: the advance line's SD is 50% of the full SD and prints no rate.
    const a = advanceInvoiceFigures(mixed, 5000n, DESCRIBE);
    expect(a.lines[0]).toMatchObject({ value: 225_028n, sdRatePercent: null, sd: 10_000n, vat: 35_254n });
    expect(a.total).toBe(270_282n);
    const f = finalInvoiceFigures(mixed, [{ number: "INV-1", net: a.net, sd: a.sd, vat: a.vat }]);
    expect(f.lines.at(-1)).toMatchObject({ value: -a.net, sd: -a.sd, vat: -a.vat, sdRatePercent: null });
    const full = fullInvoiceFigures(mixed);
    expect([a.net + f.net, a.sd + f.sd, a.vat + f.vat, a.total + f.total]).toEqual([
      full.net,
      full.sd,
      full.vat,
      full.total,
    ]);
    // One rate on every line: the advance's SD is its own value × that rate, and prints it.
    const one = withSd([
      ["LED wall", 3, "1000.01", 1, "sqm/day", "10.00"],
      ["Stage", 1, "999.99", null, "event", "10.00"],
    ]);
    const a1 = advanceInvoiceFigures(one, 3333n, { ...DESCRIBE, percentLabel: "33.33" });
    expect(a1.lines[0]!.sdRatePercent).toBe("10.00");
    expect(a1.sd).toBe(sdOn(a1.net, "10.00"));
    const f1 = finalInvoiceFigures(one, [{ number: "INV-2", net: a1.net, sd: a1.sd, vat: a1.vat }]);
    expect(a1.total + f1.total).toBe(fullInvoiceFigures(one).total);
  });

  it("leaves a final invoice a paisa of SD below 0 when the advance's rounding took it, still adding up", () => {
    // Four lines of ৳0.04 at 10%: no SD in all (0.4 paisa each rounds down); a 50% advance of ৳0.08 takes 1 paisa.
    const tiny = withSd(
      ["A", "B", "C", "D"].map((name): [string, number, string, number | null, string, string] => [
        name,
        1,
        "0.04",
        null,
        "event",
        "10.00",
      ]),
    );
    const a = advanceInvoiceFigures(tiny, 5000n, DESCRIBE);
    const f = finalInvoiceFigures(tiny, [{ number: "INV-1", net: a.net, sd: a.sd, vat: a.vat }]);
    expect([a.sd, f.sd, f.total]).toEqual([1n, -1n, 8n]);
    expect(a.sd + f.sd).toBe(fullInvoiceFigures(tiny).sd);
  });

  it("a credit note takes the SD back in proportion, the parts and the rest adding up to the invoice", () => {
    const full = fullInvoiceFigures(mixed);
    const invoice = {
      net: full.net,
      sd: full.sd,
      vat: full.vat,
      total: full.total,
      vatRatePercent: "15.00",
      creditedNet: 0n,
      creditedSd: 0n,
      creditedVat: 0n,
      due: full.total,
    };
    // ৳1,000 of ৳4,500.55: SD 200 × 1000 / 4500.55 = 44.44; VAT 15% of 1,044.44 = 156.666 → 156.67.
    const part = creditNoteFigures(invoice, 100_000n);
    expect(part).toMatchObject({ net: 100_000n, sd: 4_444n, vat: 15_667n, total: 120_111n, whole: false });
    const rest = creditNoteFigures(
      { ...invoice, creditedNet: part.net, creditedSd: part.sd, creditedVat: part.vat },
      "whole",
    );
    expect([part.net + rest.net, part.sd + rest.sd, part.vat + rest.vat]).toEqual([full.net, full.sd, full.vat]);
  });
});

describe("the kind rules", () => {
  it("full only with no invoice in force; advance until a full or final; final after an advance, once", () => {
    expect(invoiceKindRules([]).refused).toEqual({ final: INVOICE_KIND_MESSAGES.finalWithoutAdvance });
    expect(invoiceKindRules([{ kind: "full", advancePercent: null, live: true }]).refused).toEqual({
      full: INVOICE_KIND_MESSAGES.fullAfterInvoice,
      advance: INVOICE_KIND_MESSAGES.advanceAfterFinal,
      final: INVOICE_KIND_MESSAGES.fullAfterInvoice,
    });
    const afterAdvance = invoiceKindRules([{ kind: "advance", advancePercent: 5000n, live: true }]);
    expect(afterAdvance).toEqual({ refused: { full: INVOICE_KIND_MESSAGES.fullAfterInvoice }, advanced: 5000n });
    expect(
      invoiceKindRules([
        { kind: "advance", advancePercent: 5000n, live: true },
        { kind: "final", advancePercent: null, live: true },
      ]).refused.final,
    ).toBe(INVOICE_KIND_MESSAGES.finalTwice);
    // A cancelled invoice no longer counts.
    expect(invoiceKindRules([{ kind: "full", advancePercent: null, live: false }]).refused.full).toBeUndefined();
  });

  it("reads the advance percentage: required, a number, more than 0, under 100 with the advances before", () => {
    const m = INVOICE_ARITHMETIC_MESSAGES;
    expect(parseAdvancePercent("")).toEqual({ ok: false, message: m.percentRequired });
    expect(parseAdvancePercent("abc")).toEqual({ ok: false, message: m.percentInvalid });
    expect(parseAdvancePercent("50.123")).toEqual({ ok: false, message: m.percentInvalid });
    expect(parseAdvancePercent("-5")).toEqual({ ok: false, message: m.percentInvalid });
    expect(parseAdvancePercent("0")).toEqual({ ok: false, message: m.percentRange });
    expect(parseAdvancePercent("100")).toEqual({ ok: false, message: m.percentRange });
    expect(parseAdvancePercent("150")).toEqual({ ok: false, message: m.percentRange });
    expect(parseAdvancePercent("60", 5000n)).toEqual({ ok: false, message: m.percentOverLeft("50") });
    expect(parseAdvancePercent(" 33.5 ")).toEqual({ ok: true, hundredths: 3350n });
  });

  it("takes the default percentage from the terms' advance, 50 when they name none", () => {
    expect(advancePercentOfTerms(["Booking: ...; an advance of 40% of the total confirms the booking."])).toBe("40");
    expect(advancePercentOfTerms(["Prices hold 7 days.", "Half in advance confirms the booking."])).toBe("50");
    expect(advancePercentOfTerms(["Discount 10% for members.", "Advance of 30 % required."])).toBe("30");
  });
});

describe("credit notes", () => {
  const invoice = {
    net: 1_083_349n,
    sd: 0n,
    vat: 162_502n,
    total: 1_245_851n,
    vatRatePercent: "15.00",
    creditedNet: 0n,
    creditedSd: 0n,
    creditedVat: 0n,
    due: 1_245_851n,
  };

  it("whole takes back all of it, applied to what the invoice owes", () => {
    expect(creditNoteFigures(invoice, "whole")).toEqual({
      net: 1_083_349n,
      chargesNet: 0n,
      sd: 0n,
      vat: 162_502n,
      total: 1_245_851n,
      appliedToInvoice: 1_245_851n,
      toCredit: 0n,
      whole: true,
    });
  });

  it("part takes VAT at the invoice's rate; what the invoice no longer owes goes to the customer's credit", () => {
    const paid = { ...invoice, due: 100_000n };
    expect(creditNoteFigures(paid, 33_333n)).toEqual({
      net: 33_333n,
      chargesNet: 0n,
      sd: 0n,
      vat: 5_000n,
      total: 38_333n,
      appliedToInvoice: 38_333n,
      toCredit: 0n,
      whole: false,
    });
    expect(creditNoteFigures({ ...invoice, due: 0n }, 100_000n)).toMatchObject({
      total: 115_000n,
      appliedToInvoice: 0n,
      toCredit: 115_000n,
    });
  });

  it("parts then the rest add up to the invoice exactly, VAT rounding included", () => {
    let credited = { net: 0n, vat: 0n };
    for (const part of [1n, 1n, 3n, 33_333n] as const) {
      const cn = creditNoteFigures({ ...invoice, creditedNet: credited.net, creditedVat: credited.vat }, part);
      expect(cn.whole).toBe(false);
      credited = { net: credited.net + cn.net, vat: credited.vat + cn.vat };
    }
    const rest = creditNoteFigures({ ...invoice, creditedNet: credited.net, creditedVat: credited.vat }, "whole");
    expect(credited.net + rest.net).toBe(invoice.net);
    expect(credited.vat + rest.vat).toBe(invoice.vat);
    // A part reaching the net left is the whole rest.
    expect(
      creditNoteFigures(
        { ...invoice, creditedNet: credited.net, creditedVat: credited.vat },
        invoice.net - credited.net,
      ),
    ).toEqual(rest);
  });

  it("takes the damage and loss charges' part back in proportion, the rest of it when whole (issue 37)", () => {
    // ৳10,000 of the quotation and ৳2,000.01 of charges: a part of ৳1,000 takes 2,000.01 × 1,000 / 12,000.01 back
    // from the charges, 166.67; the whole rest takes exactly what is left of them.
    const mixed = {
      ...invoice,
      net: 1_200_001n,
      vat: 180_000n,
      total: 1_380_001n,
      due: 1_380_001n,
      chargesNet: 200_001n,
      creditedChargesNet: 0n,
    };
    const part = creditNoteFigures(mixed, 100_000n);
    expect(part).toMatchObject({ net: 100_000n, chargesNet: 16_667n });
    const rest = creditNoteFigures(
      { ...mixed, creditedNet: part.net, creditedVat: part.vat, creditedChargesNet: part.chargesNet },
      "whole",
    );
    expect(rest.chargesNet + part.chargesNet).toBe(200_001n);
    expect(rest.net - rest.chargesNet + part.net - part.chargesNet).toBe(1_000_000n);
    // A charges invoice: all of any part is charges.
    const charges = { ...mixed, chargesNet: mixed.net };
    expect(creditNoteFigures(charges, 33_333n).chargesNet).toBe(33_333n);
  });

  it("with a zero VAT rate credits no VAT", () => {
    expect(
      creditNoteFigures({ ...invoice, vat: 0n, total: invoice.net, vatRatePercent: "0.00", due: invoice.net }, 500n),
    ).toMatchObject({ net: 500n, vat: 0n, total: 500n });
  });
});

describe("an invoice of the charges alone (issue 37)", () => {
  it("has the charges as its only lines, VAT at the company's rate, all of its net charges", () => {
    const figures = withJobCharges(chargesOnlyFigures("15"), [
      { description: "Panel damaged", amount: "333.33" },
      { description: "Cable lost", amount: "100" },
    ]);
    expect(figures.lines.map((l) => [l.description, l.value, l.vat])).toEqual([
      ["Panel damaged", 33_333n, 5_000n],
      ["Cable lost", 10_000n, 1_500n],
    ]);
    expect(figures).toMatchObject({ net: 43_333n, sd: 0n, vat: 6_500n, total: 49_833n, vatRatePercent: "15.00" });
    expect(figures.chargesNet).toBe(figures.net);
  });
});

describe("withJobCharges (issue 26)", () => {
  it("adds each pending charge as a line of quantity 1, VAT at the invoice's rate on it, to the totals", () => {
    const base = fullInvoiceFigures({
      lines: [{ name: "LED Wall", size: null, quantity: 1, unitPrice: "10000", days: null, total: "10000" }],
      discount: "0",
      vatRatePercent: "15",
    });
    const figures = withJobCharges(base, [
      { description: "Panel damaged", amount: "333.33" },
      { description: "Cable lost", amount: "100" },
    ]);
    const charge = { unitOfSupply: null, quantity: 1, days: null, sdRatePercent: "0.00", sd: 0n };
    expect(figures.lines.slice(1)).toEqual([
      { ...charge, description: "Panel damaged", unitPrice: "333.33", value: 33333n, vat: 5000n },
      { ...charge, description: "Cable lost", unitPrice: "100.00", value: 10000n, vat: 1500n },
    ]);
    expect([figures.net, figures.vat, figures.total]).toEqual([1043333n, 156500n, 1199833n]);
    expect([figures.chargesNet, figures.chargesVat]).toEqual([43333n, 6500n]);
    expect(withJobCharges(base, [])).toMatchObject({ ...base, chargesNet: 0n, chargesVat: 0n });
  });
});
