import { HONEYPOT_FIELD } from "../../lib/honeypot";

// The posted quotation form as the raw object quotationRequestSchemaFor(today) checks (request.ts). Nothing
// here decides whether the request is valid: values are passed on as sent, so the schema refuses what is
// wrong and names the field, instead of this code guessing what was meant.

/** The text fields of the form, each sent once. */
export const QUOTATION_TEXT_FIELDS = [
  "name",
  "email",
  "phone",
  "event_name",
  "event_date",
  "event_time",
  "event_location",
  "notes",
  "idempotencyKey",
] as const;

/** The cart, as parallel repeated fields: the n-th productId goes with the n-th quantity. */
export const QUOTATION_LINE_FIELDS = { productId: "productId", quantity: "quantity" } as const;

/** Fields the page itself uses (the honeypot, the cart buttons, the product picker), never part of the request. */
const IGNORED_FIELDS = new Set<string>([HONEYPOT_FIELD, "intent", "selectedProduct", "pickQuantity"]);

const KNOWN_FIELDS = new Set<string>([
  ...QUOTATION_TEXT_FIELDS,
  QUOTATION_LINE_FIELDS.productId,
  QUOTATION_LINE_FIELDS.quantity,
]);

// An own property even for a name such as "__proto__", so that the schema sees (and refuses) it and no
// prototype is ever touched.
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One value per field: a single text is itself; a file, or several values, are passed on for the schema to refuse. */
function single(values: FormDataEntryValue[]): unknown {
  return values.length === 1 ? values[0] : values;
}

/** A plain integer string becomes a number; anything else (a file, "2.5", "ten", "") stays as sent. */
function quantityOf(value: FormDataEntryValue | undefined): unknown {
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return value;
}

export function quotationRequestFromForm(form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of QUOTATION_TEXT_FIELDS) {
    const values = form.getAll(field);
    if (values.length > 0) put(raw, field, single(values));
  }

  const productIds = form.getAll(QUOTATION_LINE_FIELDS.productId);
  const quantities = form.getAll(QUOTATION_LINE_FIELDS.quantity);
  const lines = Math.max(productIds.length, quantities.length);
  put(
    raw,
    "items",
    Array.from({ length: lines }, (_, i) => ({ productId: productIds[i], quantity: quantityOf(quantities[i]) })),
  );

  // Anything else the browser sent (a price, a total, a made-up field) is kept so that the strict schema
  // refuses the request rather than silently dropping it.
  for (const key of new Set(form.keys())) {
    if (KNOWN_FIELDS.has(key) || IGNORED_FIELDS.has(key)) continue;
    put(raw, key, single(form.getAll(key)));
  }
  return raw;
}
