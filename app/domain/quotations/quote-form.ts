import { z } from "zod";
import { businessDateProblem, RENTAL_MAX_DAYS } from "../../lib/business-date";
import { isUuid } from "../../lib/list-params";
import {
  fitsMoneyColumn,
  fromPaisa,
  lineChargePaisa,
  moneyTooLargeMessage,
  optionalMoneyField,
  percentOfPaisa,
  toPaisa,
} from "../../lib/money";

// The Quotation Details panel's pricing form (backoffice.md §2 Quotation Management, §5, §8; issue 10): the
// lines (item, quantity, unit price), a discount, the rental's last day and a message for the customer. Save
// stores the prices; Send stores them and sends the quotation. One schema for the browser's messages and the
// server's decision; the server also checks what only it knows (the items, the event date, the status).
// Browser-safe.

/** The spec's texts (backoffice.md §8), word for word, and ours beside them. */
export const QUOTE_MESSAGES = {
  sent: "Quotation sent to customer!",
  /** Without SMTP_URL the e-mail is only queued: "sent" would not be true (issue 20). */
  sentEmailWaits: "Quotation saved. E-mail is not set up, so the message waits in the outbox.",
  saved: "Prices saved",
  sendFailed: (message: string) => `Failed to send quotation: ${message || "Unknown error"}`,
  saveFailed: (message: string) => `Failed to save prices: ${message || "Unknown error"}`,
  priceMissing: "Please enter a price for every product",
  productNotFound: (id: string) => `Product not found: ${id}`,
  noLines: "Add at least one product",
  notFound: "Quotation not found",
  fieldsInvalid: "Please correct the highlighted fields",
  wrongStatus: (status: string) =>
    `Only a pending, negotiating or sent quotation can be priced or sent (this one is ${status})`,
  changedMeanwhile:
    "Someone else changed this quotation while you were pricing it. Nothing was saved; the panel now shows the stored prices.",
  discountOverSubtotal: (subtotal: string) => `Discount cannot be more than the subtotal (৳${subtotal})`,
  endBeforeEvent: "The last rental day cannot be before the event date",
  rentalTooLong: `A rental can last at most a year (${RENTAL_MAX_DAYS} days, the event day included)`,
  duplicateItem: "This product is already on the quotation",
  unknownLine: "This line is not part of this quotation",
} as const;

export const QUOTE_LIMITS = { lines: 100, quantity: 100_000, message: 2000 } as const;

/**
 * A typed quantity as the totals shown beside the form count it: the whole number when the rules take it (1 to
 * QUOTE_LIMITS.quantity), 0 otherwise while its error shows. 400 digits read as Infinity and broke the page (issue 38).
 */
export function typedQuantity(text: string): number {
  const quantity = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : 0;
  return quantity <= QUOTE_LIMITS.quantity ? quantity : 0;
}

/** One line as typed: the stored line's id (empty for a new one), the item, and the inputs. */
export interface QuoteLineValues {
  lineId: string;
  itemId: string;
  /** The line's name, for showing the form again; never stored from here (the server takes the item's). */
  name: string;
  quantity: string;
  unitPrice: string;
}

/** The form's values as typed: what a refused save shows again. */
export interface QuoteFormValues {
  id: string;
  /** The quotation's updated_at as the panel was opened (ISO), so a save over someone else's change is refused. */
  version: string;
  lines: QuoteLineValues[];
  discount: string;
  /** YYYY-MM-DD or empty (a one-day rental). */
  rentalEndDate: string;
  message: string;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function texts(form: FormData, name: string): string[] {
  return form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
}

/** A posted form as values: one line per posted `lineId` (each line posts lineId, itemId, name, quantity, unitPrice). */
export function readQuoteForm(form: FormData): QuoteFormValues {
  const lineIds = texts(form, "lineId");
  const itemIds = texts(form, "itemId");
  const names = texts(form, "lineName");
  const quantities = texts(form, "quantity");
  const prices = texts(form, "unitPrice");
  const rows = Math.max(lineIds.length, itemIds.length, quantities.length, prices.length);
  return {
    id: text(form, "id"),
    version: text(form, "version"),
    lines: Array.from({ length: rows }, (_, i) => ({
      lineId: lineIds[i] ?? "",
      itemId: itemIds[i] ?? "",
      name: names[i] ?? "",
      quantity: quantities[i] ?? "",
      unitPrice: prices[i] ?? "",
    })),
    discount: text(form, "discount"),
    rentalEndDate: text(form, "rentalEndDate"),
    message: text(form, "message"),
  };
}

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const lineSchema = z.object({
  lineId: z.string().refine((v) => v === "" || isUuid(v), QUOTE_MESSAGES.unknownLine),
  itemId: z.string().refine((v) => v === "" || isUuid(v), "Choose a product from the list"),
  name: z.string(),
  quantity: z
    .string()
    .trim()
    .min(1, "Quantity is required")
    .regex(/^\d+$/, "Quantity must be a whole number")
    .transform(Number)
    .refine((n) => n >= 1, "Quantity must be at least 1")
    .refine(
      (n) => n <= QUOTE_LIMITS.quantity,
      `Quantity must be at most ${QUOTE_LIMITS.quantity.toLocaleString("en-US")}`,
    ),
  unitPrice: optionalMoneyField("Unit price"),
});

export const quoteFormSchema = z.object({
  id: z.string().refine(isUuid, QUOTE_MESSAGES.notFound),
  version: z.string(),
  lines: z.array(lineSchema).max(QUOTE_LIMITS.lines, `At most ${QUOTE_LIMITS.lines} products`),
  discount: optionalMoneyField("Discount"),
  rentalEndDate: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = v === "" ? null : businessDateProblem("Last rental day", v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((v) => v || null),
  message: z
    .string()
    .trim()
    .max(QUOTE_LIMITS.message, `Message must be at most ${QUOTE_LIMITS.message} characters`)
    .refine((v) => !CONTROL.test(v), "Message contains characters that are not allowed"),
});

export type QuoteInput = z.output<typeof quoteFormSchema>;

export type QuoteIntent = "save" | "send";

/** The form's own rules: the parsed input, or one message per field (keys such as `lines.2.unitPrice`). */
export function parseQuoteForm(
  values: QuoteFormValues,
  intent: QuoteIntent,
): { ok: true; input: QuoteInput } | { ok: false; errors: Record<string, string> } {
  const parsed = quoteFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.length ? issue.path.join(".") : "form";
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const input = parsed.data;
  const seenLines = new Set<string>();
  const seenItems = new Set<string>();
  input.lines.forEach((line, i) => {
    if (line.lineId) {
      if (seenLines.has(line.lineId)) errors[`lines.${i}.lineId`] = QUOTE_MESSAGES.unknownLine;
      seenLines.add(line.lineId);
    } else if (!line.itemId) errors[`lines.${i}.itemId`] = "Choose a product from the list";
    if (line.itemId) {
      if (seenItems.has(line.itemId)) errors[`lines.${i}.itemId`] = QUOTE_MESSAGES.duplicateItem;
      seenItems.add(line.itemId);
    }
  });
  // The bound of numeric(14,2) is checked by the server with the days and the stored names (quoteBoundErrors).
  const totals = quoteTotals(input.lines, input.discount, "0");
  if (input.discount && toPaisa(input.discount) > toPaisa(totals.subtotal))
    errors.discount = QUOTE_MESSAGES.discountOverSubtotal(formatAmount(totals.subtotal));
  if (intent === "send") {
    if (input.lines.length === 0) errors.lines = QUOTE_MESSAGES.noLines;
    input.lines.forEach((line, i) => {
      if (!line.unitPrice || toPaisa(line.unitPrice) === 0n)
        errors[`lines.${i}.unitPrice`] ??= QUOTE_MESSAGES.priceMissing;
    });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

/** "12500.00" as "12,500.00". */
function formatAmount(amount: string): string {
  const [whole, fraction] = amount.split(".");
  return `${BigInt(whole!).toLocaleString("en-US")}.${fraction}`;
}

/** VAT on an amount at a rate in percent (2 decimals), rounded half up to the paisa. */
export function vatOn(taxablePaisa: bigint, ratePercent: string): bigint {
  return percentOfPaisa(taxablePaisa, ratePercent);
}

export interface QuoteTotals {
  /** Each line's total, in order; a line without a price counts 0. */
  lineTotals: string[];
  /** Which figures a numeric(14,2) column could not hold: line indexes, and the sums. */
  overflow: { lines: number[]; subtotal: boolean; total: boolean };
  subtotal: string;
  discount: string;
  vatRatePercent: string;
  vatAmount: string;
  total: string;
}

/**
 * The money of a quotation, exactly (integer paisa): line totals (unit price × quantity × the days charged, once
 * when `days` is null: ADR 0019), their sum, less the discount, plus VAT on the rest at the rate. The panel shows
 * these numbers as one types; the server stores the same ones.
 */
export function quoteTotals(
  lines: readonly { unitPrice: string | null; quantity: number; days?: number | null }[],
  discount: string | null,
  vatRatePercent: string,
): QuoteTotals {
  let subtotal = 0n;
  const overLines: number[] = [];
  const lineTotals = lines.map((line, i) => {
    const total = lineChargePaisa(line.unitPrice, line.quantity, line.days ?? 1);
    if (!fitsMoneyColumn(total)) overLines.push(i);
    subtotal += total;
    return fromPaisa(total);
  });
  const off = discount ? toPaisa(discount) : 0n;
  const taxable = subtotal - off > 0n ? subtotal - off : 0n;
  const vat = vatOn(taxable, vatRatePercent);
  return {
    lineTotals,
    overflow: { lines: overLines, subtotal: !fitsMoneyColumn(subtotal), total: !fitsMoneyColumn(taxable + vat) },
    subtotal: fromPaisa(subtotal),
    discount: fromPaisa(off),
    vatRatePercent: fromPaisa(toPaisa(vatRatePercent)),
    vatAmount: fromPaisa(vat),
    total: fromPaisa(taxable + vat),
  };
}

/**
 * The figures that would not fit the database (numeric(14,2)), as field messages: a line's total on its unit
 * price, the subtotal and the total on the lines. Checked before anything is written (issue 19, security 6).
 */
export function quoteBoundErrors(totals: QuoteTotals, lines: readonly { name: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const i of totals.overflow.lines)
    errors[`lines.${i}.unitPrice`] = moneyTooLargeMessage(`Line total of ${lines[i]?.name || `line ${i + 1}`}`);
  if (totals.overflow.subtotal) errors.lines = moneyTooLargeMessage("Subtotal");
  else if (totals.overflow.total) errors.lines = moneyTooLargeMessage("Total");
  return errors;
}
