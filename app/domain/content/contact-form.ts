// What the contact form and the server share besides the rules in contact.ts: the honeypot's name and the
// shape of the answer. Kept free of zod so the browser bundle of the contact page does not carry it.

/** What the contact page answers to a posted form. */
export type ContactFormOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { status: "limited"; formError: string; retryAfterSeconds: number; values: Record<string, string> };
