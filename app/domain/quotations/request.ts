import { z } from "zod";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_MESSAGES, emailAddressSchema } from "../../lib/email-address";
import { nameField } from "../../lib/name-text";

// The quotation request form's rules (storefront.md §5), shared by the browser (validated on submit and
// again on every change) and the server (which checks everything again and never trusts a price). An event
// date must not have passed, so the rules depend on the day: the server judges it with todayInDhaka() and
// hands the same day to the page, so the browser and the server agree.

/** The spec's exact messages. */
export const QUOTATION_MESSAGES = {
  nameRequired: "Name is required",
  emailRequired: EMAIL_ADDRESS_MESSAGES.required,
  emailInvalid: EMAIL_ADDRESS_MESSAGES.invalid,
  phoneRequired: "Phone number is required",
  eventNameRequired: "Event name is required",
  eventDateRequired: "Event date is required",
  eventDatePast: "Event date cannot be in the past",
  eventTimeRequired: "Event time is required",
  eventLocationRequired: "Event location is required",
  cartEmpty: "Please add at least one product to your quotation.",
} as const;

/**
 * The text of the 'Request Sent!' screen: the spec's when e-mail really goes out (SMTP configured);
 * otherwise the e-mails wait in the outbox, so the page does not claim one was sent.
 */
export const QUOTATION_SENT_TEXTS = {
  emailSent: "Quotation submitted successfully! A confirmation email has been sent.",
  noEmail: "Quotation submitted successfully! We will contact you soon.",
} as const;

export const QUOTATION_LIMITS = {
  name: 100,
  email: EMAIL_ADDRESS_MAX_LENGTH,
  phone: 30,
  eventName: 150,
  eventLocation: 300,
  notes: 2000,
  /** Distinct products in one request. */
  lines: 50,
  /** Units of one product in one request (stock is checked separately). */
  quantity: 100_000,
} as const;

const text = (required: string, max: number, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);

export const quotationLineSchema = z.object({
  productId: z.uuid("Unknown product"),
  quantity: z
    .number({ error: "Quantity must be a whole number of at least 1" })
    .int("Quantity must be a whole number of at least 1")
    .min(1, "Quantity must be a whole number of at least 1")
    .max(QUOTATION_LIMITS.quantity, `Quantity must be at most ${QUOTATION_LIMITS.quantity}`),
});

function buildQuotationRequestSchema(today: string) {
  return z
    .object({
      name: nameField("Name", { max: QUOTATION_LIMITS.name }),
      email: emailAddressSchema,
      phone: text(QUOTATION_MESSAGES.phoneRequired, QUOTATION_LIMITS.phone, "Phone number").regex(
        /^[+\d\s().-]+$/,
        "Phone number may contain only digits, spaces and + ( ) . -",
      ),
      event_name: nameField("Event name", { max: QUOTATION_LIMITS.eventName }),
      event_date: z
        .string({ error: QUOTATION_MESSAGES.eventDateRequired })
        .trim()
        .min(1, QUOTATION_MESSAGES.eventDateRequired)
        .refine(isRealDate, { error: "Event date must be a real date (YYYY-MM-DD)", abort: true })
        .refine(isBusinessDate, { error: businessDateRangeMessage("Event date"), abort: true })
        // Both are YYYY-MM-DD, so text order is date order; today itself is fine.
        .refine((date) => date >= today, QUOTATION_MESSAGES.eventDatePast),
      event_time: z
        .string({ error: QUOTATION_MESSAGES.eventTimeRequired })
        .trim()
        .min(1, QUOTATION_MESSAGES.eventTimeRequired)
        .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Event time must be a time of day (HH:MM)"),
      event_location: text(QUOTATION_MESSAGES.eventLocationRequired, QUOTATION_LIMITS.eventLocation, "Event location"),
      notes: z
        .string({ error: "Notes must be text" })
        .trim()
        .max(QUOTATION_LIMITS.notes, `Notes must be at most ${QUOTATION_LIMITS.notes} characters`)
        .optional()
        .transform((v) => (v ? v : null)),
      items: z
        .array(quotationLineSchema, { error: QUOTATION_MESSAGES.cartEmpty })
        .min(1, QUOTATION_MESSAGES.cartEmpty)
        .max(QUOTATION_LIMITS.lines, `At most ${QUOTATION_LIMITS.lines} products in one request`)
        .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, "A product is listed twice"),
      /** One per form: a resent or double-clicked request creates one quotation. */
      idempotencyKey: z.uuid("The form is out of date: reload the page and try again"),
    })
    .strict();
}

type QuotationRequestSchema = ReturnType<typeof buildQuotationRequestSchema>;
// The browser checks on every keystroke: the schema is built once per day, not once per check.
let latest: { today: string; schema: QuotationRequestSchema } | undefined;

/** The request's rules as they stand on `today` (YYYY-MM-DD in Dhaka: todayInDhaka()). */
export function quotationRequestSchemaFor(today: string): QuotationRequestSchema {
  if (latest?.today !== today) latest = { today, schema: buildQuotationRequestSchema(today) };
  return latest.schema;
}

export type QuotationRequestInput = z.input<QuotationRequestSchema>;
export type QuotationRequest = z.output<QuotationRequestSchema>;
