import type { Db } from "../../db/client.server";
import { isHoneypotFilled } from "../../lib/honeypot";
import { getLogger } from "../../lib/logger.server";
import { checkAllowance, describeRetry, publicFormRule, RateLimitExceededError } from "../../lib/rate-limit.server";
import { CONTACT_FIELDS, type ContactField } from "./contact";
import { CONTACT_SENT } from "./contact-form";
import { submitContactMessage } from "./contact.server";
import { refuse, refuseFields, type Done, type Refused } from "../use-case";

/** Done (stored, or a honeypot dropped), or refused as invalid or too-many, with the values as typed. */
export type ReceiveContactResult = Done | (Refused & { values: Record<string, string> });

/**
 * The contact fields of a posted form, as the schema expects them: a field sent once as text is its text; a
 * missing field is left out; a file, or a field sent more than once, is passed on as is so that the schema
 * refuses it as the wrong type instead of this code guessing which value was meant.
 */
export function readContactFields(form: FormData): Partial<Record<ContactField, unknown>> {
  const raw: Partial<Record<ContactField, unknown>> = {};
  for (const field of CONTACT_FIELDS) {
    const all = form.getAll(field);
    if (all.length === 0) continue;
    raw[field] = all.length === 1 ? all[0] : all;
  }
  return raw;
}

/**
 * Receives a posted contact form (DESIGN §6, §8): refuses it when the client's allowance of stored messages
 * is used up, answers a filled honeypot with a success that stores nothing, and otherwise checks, stores and
 * notifies through submitContactMessage, which uses the allowance only when it stores the message. `form` is
 * null when the body was not a form at all; it is then checked as an empty form, so the visitor sees which
 * fields are required.
 */
export async function receiveContactForm(
  db: Db,
  form: FormData | null,
  clientAddress: string,
): Promise<ReceiveContactResult> {
  const raw = form ? readContactFields(form) : {};
  const limited = (retryAfterSeconds: number): ReceiveContactResult => ({
    ...refuse(
      "too-many",
      `Too many messages from your connection. Please try again ${describeRetry(retryAfterSeconds)}.`,
    ),
    retryAfterSeconds,
    // Kept, so the visitor can send the same text once the wait is over.
    values: Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string")),
  });
  const rule = publicFormRule("contact", clientAddress);
  const allowance = await checkAllowance(db, rule);
  if (!allowance.allowed) return limited(allowance.retryAfterSeconds);
  if (form && isHoneypotFilled(form)) {
    getLogger().warn({ form: "contact", clientAddress }, "honeypot filled: submission dropped");
    return { ok: true, message: CONTACT_SENT };
  }
  try {
    const result = await submitContactMessage(db, raw, { ipAddress: clientAddress || undefined, allowance: rule });
    if (!result.ok) return { ...refuseFields("invalid", (reason) => reason, result.errors), values: result.values };
  } catch (error) {
    // Another message from this client took the last use while this one was being stored.
    if (error instanceof RateLimitExceededError) return limited(error.retryAfterSeconds);
    throw error;
  }
  return { ok: true, message: CONTACT_SENT };
}
