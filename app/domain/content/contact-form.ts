// What the contact form and the server share besides the rules in contact.ts: the honeypot's name and the
// shape of the answer. Kept free of zod so the browser bundle of the contact page does not carry it.

import type { Done, Refused } from "../use-case";

/** The spec's words once a message is sent (storefront.md §8). */
export const CONTACT_SENT = "Your message has been sent successfully! We'll get back to you shortly.";

/** What the contact page answers to a posted form. */
export type ContactFormOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { status: "limited"; formError: string; retryAfterSeconds: number; values: Record<string, string> };

/** The page's answer to what receiveContactForm decided (its HTTP status comes from app/lib/use-case-http.ts). */
export function contactFormOutcome(result: Done | (Refused & { values: Record<string, string> })): ContactFormOutcome {
  if (result.ok) return { status: "sent" };
  if (result.refusal === "too-many")
    return {
      status: "limited",
      formError: result.message,
      retryAfterSeconds: result.retryAfterSeconds ?? 0,
      values: result.values,
    };
  return { status: "invalid", errors: result.errors, values: result.values };
}
