import { z } from "zod";

// The company's terms printed on every quotation (issue 20): five named terms edited in Settings > Company,
// printed as saved on the PDF, in the e-mail that sends it and on the customer's pages. Each sent revision keeps
// the list it was printed with (quotation_revisions.terms), so a later change in Settings never rewrites what a
// customer was sent. Browser-safe: the Settings form checks them before sending (ADR 0022).

/** The five terms in the order the form shows and every quotation prints them. */
export const QUOTATION_TERM_FIELDS = [
  "termsValidity",
  "termsAdvance",
  "termsPayment",
  "termsCancellation",
  "termsDamage",
] as const;
export type QuotationTermField = (typeof QUOTATION_TERM_FIELDS)[number];
export type QuotationTerms = Record<QuotationTermField, string>;

/** What each term is called on the form and in its messages ("Validity term is required"). */
export const QUOTATION_TERM_LABELS: Record<QuotationTermField, string> = {
  termsValidity: "Validity term",
  termsAdvance: "Advance term",
  termsPayment: "Payment term",
  termsCancellation: "Cancellation term",
  termsDamage: "Damage term",
};

/** What each term is for, under its field. */
export const QUOTATION_TERM_HINTS: Record<QuotationTermField, string> = {
  termsValidity: "How long the quoted prices hold.",
  termsAdvance: "What confirms a booking, and the advance asked for it.",
  termsPayment: "When the balance is due, and what the prices include.",
  termsCancellation: "What is refunded when the customer cancels.",
  termsDamage: "Who pays for damage to, or loss of, the equipment.",
};

/** One term is a paragraph: at most this many characters once its spaces and line breaks are tidied. */
export const QUOTATION_TERM_MAX_LENGTH = 600;

/**
 * The terms quotations printed before they could be edited, word for word: a new installation starts with
 * them (divided into the five terms, in the form's order), and every revision sent before is kept with them.
 */
export const TERMS_PRINTED_BEFORE_SETTINGS = [
  "Booking: the equipment is reserved for the event's dates only once this quotation is approved, subject to " +
    "availability on those dates.",
  "Payment: an advance of 50% of the total confirms the booking; the balance is due on or before the event date.",
  "Cancellation: cancelled 7 days or more before the event, the advance is refunded less 10%; cancelled later, " +
    "the advance is not refunded.",
  "Damage and loss: the customer is responsible for the equipment from delivery until collection; damage " +
    "beyond normal wear, or loss, is charged at the cost of repair or replacement.",
  "Prices include delivery, setup and collection within Dhaka city; transport outside Dhaka is charged at cost.",
  "Prices are valid until the date shown above; after it, a new quotation is needed.",
] as const;

/** The five terms a new installation prints: the sentences of TERMS_PRINTED_BEFORE_SETTINGS, each under its name. */
export const DEFAULT_QUOTATION_TERMS: QuotationTerms = {
  termsValidity: "Prices are valid until the date shown above; after it, a new quotation is needed.",
  termsAdvance:
    "Booking: the equipment is reserved for the event's dates only once this quotation is approved, subject to " +
    "availability on those dates; an advance of 50% of the total confirms the booking.",
  termsPayment:
    "Payment: the balance is due on or before the event date. Prices include delivery, setup and collection " +
    "within Dhaka city; transport outside Dhaka is charged at cost.",
  termsCancellation:
    "Cancellation: cancelled 7 days or more before the event, the advance is refunded less 10%; cancelled later, " +
    "the advance is not refunded.",
  termsDamage:
    "Damage and loss: the customer is responsible for the equipment from delivery until collection; damage " +
    "beyond normal wear, or loss, is charged at the cost of repair or replacement.",
};

/** Just the five terms of anything holding them (the settings row, the form's values). */
export function pickQuotationTerms(source: QuotationTerms): QuotationTerms {
  return {
    termsValidity: source.termsValidity,
    termsAdvance: source.termsAdvance,
    termsPayment: source.termsPayment,
    termsCancellation: source.termsCancellation,
    termsDamage: source.termsDamage,
  };
}

/** The numbered list a quotation prints: the five terms in order. */
export function quotationTermsList(terms: QuotationTerms): string[] {
  return QUOTATION_TERM_FIELDS.map((field) => terms[field]);
}

/** Any control character but the white space a textarea posts (tabs, line breaks). */
function hasControlCharacter(v: string): boolean {
  for (const ch of v) {
    const code = ch.charCodeAt(0);
    if ((code < 32 && ch !== "\t" && ch !== "\n" && ch !== "\r") || code === 127) return true;
  }
  return false;
}

/**
 * One term's rule: required, plain text, one paragraph (line breaks and runs of spaces become one space, so the
 * PDF, the e-mail and the pages print the same words), at most QUOTATION_TERM_MAX_LENGTH characters.
 */
export function quotationTermField(field: QuotationTermField) {
  const label = QUOTATION_TERM_LABELS[field];
  return z
    .string({ error: `${label} is required` })
    .superRefine((v, ctx) => {
      if (hasControlCharacter(v)) ctx.addIssue({ code: "custom", message: `${label} must be plain text` });
    })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: `${label} is required` });
      else if (v.length > QUOTATION_TERM_MAX_LENGTH)
        ctx.addIssue({
          code: "custom",
          message: `${label} must be at most ${QUOTATION_TERM_MAX_LENGTH} characters (it has ${v.length})`,
        });
    });
}
