import { fromPaisa, roundedShare, toPaisa } from "../../lib/money";
import type { QuotationRevisionLine } from "../quotations/constants";
import { vatOn } from "../quotations/quote-form";
import type { QuotationInvoiceKind } from "./constants";

// The money of a tax invoice and a credit note (issue 22, DESIGN §5 and §10), exactly, in integer paisa. An invoice
// is made from the quotation's current revision: the discount is shared over the lines in proportion to their
// totals; each line's supplementary duty (SD, issue 37) is its value × its item's SD rate, half up; the VAT on the
// net and the SD together (the VAT & SD Act charges VAT on the value plus the SD) is shared over the lines in
// proportion to their value plus SD, by largest remainder, so the lines always add up to the invoice. An advance
// invoice is one line, p% of the net and of the SD; the final invoice is every line less the advances invoiced
// before, so the advances and the final add up to the full invoice to the paisa (with no SD, the quotation's total).
// Browser-safe: the Issue invoice dialog shows these figures before it is confirmed.

/** One printed line (Mushak-6.3): value before VAT, SD and VAT, in paisa. */
export interface InvoiceLineFigures {
  description: string;
  /** The unit of supply (the item's price unit: "unit/day", "event"); null on a line without one. */
  unitOfSupply: string | null;
  quantity: number | null;
  days: number | null;
  /** A decimal string, or null on a line without one (an advance, a "less advance" line). */
  unitPrice: string | null;
  value: bigint;
  /** The SD rate as a decimal string ("0.00"); null on an advance line of items at different rates. */
  sdRatePercent: string | null;
  sd: bigint;
  vat: bigint;
}

export interface InvoiceFigures {
  lines: InvoiceLineFigures[];
  net: bigint;
  /** The supplementary duty (issue 37). */
  sd: bigint;
  vat: bigint;
  /** net + sd + vat. */
  total: bigint;
  vatRatePercent: string;
}

/** The revision's figures an invoice is made from. */
export interface RevisionForInvoice {
  lines: readonly Pick<
    QuotationRevisionLine,
    "name" | "size" | "quantity" | "unitPrice" | "days" | "total" | "priceUnit" | "sdRatePercent"
  >[];
  discount: string;
  vatRatePercent: string;
}

/** An earlier advance invoice of the quotation, still in force. */
export interface AdvanceInvoiced {
  number: string;
  net: bigint;
  sd: bigint;
  vat: bigint;
}

export const INVOICE_ARITHMETIC_MESSAGES = {
  percentRequired: "Advance percentage is required",
  percentInvalid: "Advance percentage must be a number with at most 2 decimals, e.g. 50 or 33.33",
  percentRange: "Advance percentage must be more than 0 and less than 100",
  percentOverLeft: (left: string) =>
    `Advance percentage can be at most what is not yet invoiced in advance: less than ${left}%`,
  zeroAdvance: "This advance comes to ৳0.00: choose a larger percentage",
  zeroFinal: "Nothing is left to invoice after the advances",
} as const;

/**
 * `total` shared over `weights` in proportion, by largest remainder: each share is the floor of its exact part, and
 * the paisa left go one each to the largest remainders (the earlier line first on a tie). The shares sum to `total`
 * exactly. Weights and total are 0 or more; when every weight is 0, all of it goes to the first.
 */
export function allocateByLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  if (total < 0n) return allocateByLargestRemainder(-total, weights).map((s) => -s);
  if (weights.some((w) => w < 0n)) throw new Error("weights must be 0 or more");
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const shares = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - shares.reduce((a, s) => a + s, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** "50", "33.33" as hundredths of a percent (5000, 3333); null when it is not a number with at most 2 decimals. */
export function percentHundredths(percent: string): bigint | null {
  const trimmed = percent.trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(trimmed)) return null;
  return toPaisa(trimmed);
}

/** Half up, for amounts 0 or more: `amount` × hundredths / 10 000. */
function percentOf(amount: bigint, hundredths: bigint): bigint {
  return roundedShare(amount, hundredths, 10_000n);
}

function lineDescription(line: Pick<QuotationRevisionLine, "name" | "size">): string {
  return line.size ? `${line.name} (${line.size})` : line.name;
}

/** A revision line's SD rate as a decimal string: "0.00" on a revision sent before items carried one (issue 37). */
function sdRateOf(line: Pick<QuotationRevisionLine, "sdRatePercent">): string {
  return fromPaisa(toPaisa(line.sdRatePercent || "0"));
}

/** The supplementary duty on a value at a rate (issue 37): half up, to the paisa, as VAT is. */
export function sdOn(valuePaisa: bigint, ratePercent: string): bigint {
  return percentOf(valuePaisa, toPaisa(ratePercent));
}

/** The one SD rate of every line of the revision, or null when they differ (an advance line then prints none). */
function uniformSdRate(revision: RevisionForInvoice): string | null {
  const rates = new Set(revision.lines.map(sdRateOf));
  return rates.size <= 1 ? ([...rates][0] ?? "0.00") : null;
}

/**
 * A printed line's share of the discount (issue 37, money error 6): its quantity × days × unit price less its value
 * before VAT, so that every printed row multiplies out; null on a line without a unit price (an advance, the "less
 * advance" line).
 */
export function lineDiscount(line: {
  quantity: number | null;
  days: number | null;
  unitPrice: string | null;
  value: string | bigint;
}): bigint | null {
  if (line.unitPrice === null || line.quantity === null) return null;
  const gross = toPaisa(line.unitPrice) * BigInt(line.quantity) * BigInt(line.days ?? 1);
  return gross - (typeof line.value === "bigint" ? line.value : toPaisa(line.value));
}

/**
 * A full invoice: every line of the revision, the discount shared over them, each line's SD on its value, and the
 * VAT on the net and the SD shared over them.
 */
export function fullInvoiceFigures(revision: RevisionForInvoice): InvoiceFigures {
  const totals = revision.lines.map((l) => toPaisa(l.total));
  const subtotal = totals.reduce((a, t) => a + t, 0n);
  const discount = toPaisa(revision.discount || "0");
  const shares = allocateByLargestRemainder(discount > subtotal ? subtotal : discount, totals);
  const values = totals.map((t, i) => t - shares[i]!);
  const sdRates = revision.lines.map(sdRateOf);
  const sds = values.map((v, i) => sdOn(v, sdRates[i]!));
  const net = values.reduce((a, v) => a + v, 0n);
  const sd = sds.reduce((a, v) => a + v, 0n);
  const vat = vatOn(net + sd, revision.vatRatePercent);
  const vats = allocateByLargestRemainder(
    vat,
    values.map((v, i) => v + sds[i]!),
  );
  return {
    lines: revision.lines.map((l, i) => ({
      description: lineDescription(l),
      unitOfSupply: l.priceUnit?.trim() || null,
      quantity: l.quantity,
      days: l.days ?? null,
      unitPrice: fromPaisa(toPaisa(l.unitPrice)),
      value: values[i]!,
      sdRatePercent: sdRates[i]!,
      sd: sds[i]!,
      vat: vats[i]!,
    })),
    net,
    sd,
    vat,
    total: net + sd + vat,
    vatRatePercent: fromPaisa(toPaisa(revision.vatRatePercent)),
  };
}

/**
 * An advance invoice of `percent` (hundredths: 5000 is 50%): one line, its value half-up(net × p / 100), its SD the
 * value × the lines' one SD rate (p% of the full invoice's SD when their rates differ), and VAT on the two at the
 * revision's rate.
 */
export function advanceInvoiceFigures(
  revision: RevisionForInvoice,
  percent: bigint,
  describe: { percentLabel: string; quotationReference: string; eventName: string },
): InvoiceFigures {
  const { net: fullNet, sd: fullSd } = fullInvoiceFigures(revision);
  const value = percentOf(fullNet, percent);
  const sdRatePercent = uniformSdRate(revision);
  const sd = sdRatePercent === null ? percentOf(fullSd, percent) : sdOn(value, sdRatePercent);
  const vat = vatOn(value + sd, revision.vatRatePercent);
  return {
    lines: [
      {
        description: `Advance of ${describe.percentLabel}% on quotation ${describe.quotationReference}, ${describe.eventName}`,
        unitOfSupply: null,
        quantity: null,
        days: null,
        unitPrice: null,
        value,
        sdRatePercent,
        sd,
        vat,
      },
    ],
    net: value,
    sd,
    vat,
    total: value + sd + vat,
    vatRatePercent: fromPaisa(toPaisa(revision.vatRatePercent)),
  };
}

/** The final invoice: every line, then one "less advance invoiced" line per earlier advance still in force. */
export function finalInvoiceFigures(
  revision: RevisionForInvoice,
  advances: readonly AdvanceInvoiced[],
): InvoiceFigures {
  const full = fullInvoiceFigures(revision);
  const sdRatePercent = uniformSdRate(revision);
  const less: InvoiceLineFigures[] = advances.map((a) => ({
    description: `Less advance invoiced ${a.number}`,
    unitOfSupply: null,
    quantity: null,
    days: null,
    unitPrice: null,
    value: -a.net,
    sdRatePercent,
    sd: -a.sd,
    vat: -a.vat,
  }));
  const net = full.net - advances.reduce((s, a) => s + a.net, 0n);
  const sd = full.sd - advances.reduce((s, a) => s + a.sd, 0n);
  const vat = full.vat - advances.reduce((s, a) => s + a.vat, 0n);
  return {
    lines: [...full.lines, ...less],
    net,
    sd,
    vat,
    total: net + sd + vat,
    vatRatePercent: full.vatRatePercent,
  };
}

/** A job's damage or loss charge not yet invoiced (issue 26): the amount is its value before VAT. */
export interface PendingJobCharge {
  description: string;
  /** A decimal string, more than 0. */
  amount: string;
}

/**
 * The invoice with the customer's pending damage charges added (issue 26), each a line of quantity 1 at its amount,
 * the amount being the value before VAT (as every unit price of a Mushak-6.3 line), no SD (a recovery of damage is
 * no supply the SD schedule names), with VAT on it at the invoice's rate (half up, to the paisa), whatever kind the
 * invoice is: they are services billed with it. The quotation's own figures (`chargesNet`/`chargesVat` aside) are
 * unchanged, so a final invoice still nets the advances' quotation part.
 */
export function withJobCharges(
  figures: InvoiceFigures,
  charges: readonly PendingJobCharge[],
): InvoiceFigures & { chargesNet: bigint; chargesVat: bigint } {
  const lines = charges.map((c): InvoiceLineFigures => ({
    description: c.description,
    unitOfSupply: null,
    quantity: 1,
    days: null,
    unitPrice: fromPaisa(toPaisa(c.amount)),
    value: toPaisa(c.amount),
    sdRatePercent: "0.00",
    sd: 0n,
    vat: vatOn(toPaisa(c.amount), figures.vatRatePercent),
  }));
  const chargesNet = lines.reduce((s, l) => s + l.value, 0n);
  const chargesVat = lines.reduce((s, l) => s + l.vat, 0n);
  return {
    ...figures,
    lines: [...figures.lines, ...lines],
    net: figures.net + chargesNet,
    vat: figures.vat + chargesVat,
    total: figures.total + chargesNet + chargesVat,
    chargesNet,
    chargesVat,
  };
}

/**
 * An invoice of the customer's pending damage and loss charges alone (issue 37): no quotation line, the charges then
 * added by withJobCharges at `vatRatePercent` (the company's rate).
 */
export function chargesOnlyFigures(vatRatePercent: string): InvoiceFigures {
  return { lines: [], net: 0n, sd: 0n, vat: 0n, total: 0n, vatRatePercent: fromPaisa(toPaisa(vatRatePercent)) };
}

/** "50.00" → "50", "33.30" → "33.3": a percentage as printed. */
export function percentLabel(hundredths: bigint): string {
  return fromPaisa(hundredths).replace(/\.?0+$/, "");
}

/** The invoices a quotation already has, as far as the kind rules need them. */
export interface QuotationInvoiceState {
  kind: QuotationInvoiceKind;
  /** Hundredths of a percent, for an advance. */
  advancePercent: bigint | null;
  live: boolean;
}

export const INVOICE_KIND_MESSAGES = {
  fullAfterInvoice: "This quotation is already invoiced: cancel its invoices with credit notes to invoice it again",
  advanceAfterFinal: "This quotation is already invoiced in full: no advance can follow",
  finalWithoutAdvance: "A final invoice follows an advance invoice: issue a full invoice instead",
  finalTwice: "This quotation already has its final invoice",
} as const;

/**
 * Which kinds may be issued next on a quotation, with the reason for each refused one: full only with no invoice in
 * force, an advance only before a full or final one and while the advances stay under 100%, final only after an
 * advance and once.
 */
export function invoiceKindRules(invoices: readonly QuotationInvoiceState[]): {
  refused: Partial<Record<QuotationInvoiceKind, string>>;
  /** Hundredths of a percent invoiced in advance so far. */
  advanced: bigint;
} {
  const live = invoices.filter((i) => i.live);
  const advanced = live.reduce((s, i) => s + (i.kind === "advance" ? (i.advancePercent ?? 0n) : 0n), 0n);
  const hasWhole = live.some((i) => i.kind === "full" || i.kind === "final");
  const refused: Partial<Record<QuotationInvoiceKind, string>> = {};
  if (live.length > 0) refused.full = INVOICE_KIND_MESSAGES.fullAfterInvoice;
  if (hasWhole) refused.advance = INVOICE_KIND_MESSAGES.advanceAfterFinal;
  if (live.some((i) => i.kind === "final")) refused.final = INVOICE_KIND_MESSAGES.finalTwice;
  else if (live.some((i) => i.kind === "full")) refused.final = INVOICE_KIND_MESSAGES.fullAfterInvoice;
  else if (!live.some((i) => i.kind === "advance")) refused.final = INVOICE_KIND_MESSAGES.finalWithoutAdvance;
  return { refused, advanced };
}

/** The advance percentage typed, checked against what was advanced before: hundredths, or the field's message. */
export function parseAdvancePercent(
  raw: string,
  advanced: bigint = 0n,
): { ok: true; hundredths: bigint } | { ok: false; message: string } {
  if (raw.trim() === "") return { ok: false, message: INVOICE_ARITHMETIC_MESSAGES.percentRequired };
  const hundredths = percentHundredths(raw);
  if (hundredths === null) return { ok: false, message: INVOICE_ARITHMETIC_MESSAGES.percentInvalid };
  if (hundredths <= 0n || hundredths >= 10_000n)
    return { ok: false, message: INVOICE_ARITHMETIC_MESSAGES.percentRange };
  if (advanced + hundredths >= 10_000n)
    return { ok: false, message: INVOICE_ARITHMETIC_MESSAGES.percentOverLeft(percentLabel(10_000n - advanced)) };
  return { ok: true, hundredths };
}

/** The advance the quotation's terms ask for ("an advance of 50% of the total"), or 50 when they name none. */
export function advancePercentOfTerms(terms: readonly string[]): string {
  for (const term of terms) {
    if (!/advance/i.test(term)) continue;
    const match = /(\d{1,2}(?:\.\d{1,2})?)\s*%/.exec(term);
    if (match && percentHundredths(match[1]!) !== null) {
      const h = percentHundredths(match[1]!)!;
      if (h > 0n && h < 10_000n) return percentLabel(h);
    }
  }
  return "50";
}

// ---- Credit notes

/** What a credit note may still take back of an invoice: the net, SD and VAT not yet credited. */
export interface CreditableInvoice {
  net: bigint;
  /** The supplementary duty it charged (issue 37). */
  sd: bigint;
  vat: bigint;
  total: bigint;
  vatRatePercent: string;
  /** Σ earlier credit notes' net, SD and VAT. */
  creditedNet: bigint;
  creditedSd: bigint;
  creditedVat: bigint;
  /** What the invoice still owes: total − paid − credited. */
  due: bigint;
  /**
   * The part of its net that is damage and loss charges (service income, issue 37), and what earlier credit notes took
   * of it: 0 when left out.
   */
  chargesNet?: bigint;
  creditedChargesNet?: bigint;
}

export interface CreditNoteFigures {
  net: bigint;
  /** The part of `net` taken back from the charges: debited to service income, the rest to rental income. */
  chargesNet: bigint;
  sd: bigint;
  vat: bigint;
  total: bigint;
  /** The part that reduces what the invoice owes; the rest goes to the customer's credit. */
  appliedToInvoice: bigint;
  toCredit: bigint;
  /** Whether the invoice is then credited in full (cancelled). */
  whole: boolean;
}

/**
 * A credit note's figures: whole takes back all the net, SD and VAT not yet credited (so the credit notes add up to
 * the invoice exactly); part takes `value` before VAT, with the SD left in proportion to it and VAT on the two at the
 * invoice's rate (never more than the SD or VAT left), and is whole when it reaches the net left. The part of the net
 * taken from the damage and loss charges is theirs in the same proportion (the rest of them when whole), so the
 * credit notes take back from service and rental income what the invoice credited to each.
 */
export function creditNoteFigures(invoice: CreditableInvoice, value: bigint | "whole"): CreditNoteFigures {
  const netLeft = invoice.net - invoice.creditedNet;
  const sdLeft = invoice.sd - invoice.creditedSd;
  const vatLeft = invoice.vat - invoice.creditedVat;
  const whole = value === "whole" || value >= netLeft;
  const net = whole ? netLeft : value;
  const sdOfPart = netLeft > 0n ? roundedShare(sdLeft, net, netLeft) : 0n;
  const sd = whole ? sdLeft : sdOfPart > sdLeft ? sdLeft : sdOfPart;
  const vatOfPart = vatOn(net + sd, invoice.vatRatePercent);
  const vat = whole ? vatLeft : vatOfPart > vatLeft ? vatLeft : vatOfPart;
  const chargesLeft = (invoice.chargesNet ?? 0n) - (invoice.creditedChargesNet ?? 0n);
  const chargesOfPart = netLeft > 0n ? roundedShare(chargesLeft, net, netLeft) : 0n;
  const chargesNet = whole ? chargesLeft : chargesOfPart > chargesLeft ? chargesLeft : chargesOfPart;
  const total = net + sd + vat;
  const due = invoice.due > 0n ? invoice.due : 0n;
  const appliedToInvoice = total < due ? total : due;
  return { net, chargesNet, sd, vat, total, appliedToInvoice, toCredit: total - appliedToInvoice, whole };
}
