import { createHash, randomInt } from "node:crypto";

// The customer's link to a sent quotation (issue 10, backoffice.md §9): 32 random letters and digits, valid
// 7 days. Only its SHA-256 is stored (quotations.secure_link_token_hash), so a copy of the database opens no
// quotation; sending again replaces it, so the old link stops working.

export const LINK_TOKEN_LENGTH = 32;
export const LINK_VALID_DAYS = 7;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/;

/** A new token: 32 letters and digits drawn uniformly with the system's secure random source. */
export function newLinkToken(): string {
  let token = "";
  for (let i = 0; i < LINK_TOKEN_LENGTH; i++) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}

/** What is stored and looked up: the token's SHA-256, hex. */
export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The page the e-mailed link opens, without a password (routes/customer/link.tsx). */
export function quotationLinkPath(token: string): string {
  return `/customer/link/${token}`;
}

/** When a link sent at `sentAt` stops opening the quotation. */
export function linkExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + LINK_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * A request path or URL as logs may keep it: a link's token replaced, so a log never opens a quotation, and any
 * `token` query parameter too (a password reset link's, ADR 0024), so a log never sets anyone's password.
 */
export function redactLinkPath(url: string): string {
  return url
    .replace(/(\/customer\/link\/)[^/?#\s]*/g, "$1[redacted]")
    .replace(/([?&]token=)[^&#\s]*/gi, "$1[redacted]");
}

/**
 * A text with every `token` query parameter's value hidden (the links in it stay readable): what the outbox shows
 * of an e-mail whose link would let its reader set someone's password (ADR 0024).
 */
export function hideQueryTokens(text: string): string {
  return text.replace(/([?&](?:amp;)?token=)[^&#\s"'<>]*/gi, "$1[hidden]");
}
