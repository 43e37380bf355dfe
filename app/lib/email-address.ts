import { z } from "zod";

// The one e-mail address rule of the public forms (quotation and contact), used by the browser and the
// server. The address is later written into mail headers (To, Reply-To), so it is deliberately narrower
// than RFC 5322: a plain dot-atom with nothing a header parser could read as a second address, a display
// name, a comment or a group (no commas, semicolons, angle brackets, quotes, parentheses, colons, spaces),
// and nothing that changes the meaning of a mailto: link (? & %).

export const EMAIL_ADDRESS_MAX_LENGTH = 254;
/** RFC 5321's limit on the part before the @. */
const LOCAL_PART_MAX_LENGTH = 64;

/** The spec's messages (storefront.md §5), shared by both forms. */
export const EMAIL_ADDRESS_MESSAGES = {
  required: "Email is required",
  invalid: "Invalid email address",
  tooLong: `Email must be at most ${EMAIL_ADDRESS_MAX_LENGTH} characters`,
} as const;

const ATOM = "[A-Za-z0-9_'+-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
// Letters only, or an internationalised top-level domain in its ASCII (xn--) form.
const TOP_LEVEL_DOMAIN = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";

/** name@example.com: dot-separated atoms, @, dot-separated host labels ending in a top-level domain. */
export const EMAIL_ADDRESS_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LEVEL_DOMAIN}$`);

/** Whether `value`, exactly as given (not trimmed), is one plain e-mail address. */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_ADDRESS_MAX_LENGTH) return false;
  if (!EMAIL_ADDRESS_PATTERN.test(value)) return false;
  return value.indexOf("@") <= LOCAL_PART_MAX_LENGTH;
}

/** A form's required e-mail field: trimmed, then checked, with the spec's messages. */
export const emailAddressSchema = z
  .string({ error: EMAIL_ADDRESS_MESSAGES.required })
  .trim()
  .min(1, EMAIL_ADDRESS_MESSAGES.required)
  .max(EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_MESSAGES.tooLong)
  .refine(isEmailAddress, EMAIL_ADDRESS_MESSAGES.invalid);
