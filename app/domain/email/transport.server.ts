import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

export type EmailTransport = Transporter<SMTPTransport.SentMessageInfo, SMTPTransport.Options>;

/** Connecting and waiting for the greeting give up after this long, so a dead server cannot hang the sender. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000;

/**
 * An SMTP transport made from SMTP_URL: `smtp://` (port 587 unless given, STARTTLS when the server offers
 * it) or `smtps://` (TLS from the start, port 465 unless given), with an optional `user:password@`.
 */
export function createEmailTransport(smtpUrl: string): EmailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  if (!secure && url.protocol !== "smtp:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass } } : {}),
    connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
    // Silence on an open connection (e.g. while the server takes the message) ends the attempt too.
    socketTimeout: 60_000,
  });
}

/**
 * True for the server's final "no" to this message: a 5xx reply to its envelope (e.g. 550 mailbox
 * unavailable) or its content. Trying again would get the same answer. A 5xx to signing in, or at the
 * greeting, says the server or our account is set up wrongly and is retried like a 4xx or a lost connection,
 * so that fixing the settings delivers what waited.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode <= 599 &&
    (code === "EENVELOPE" || code === "EMESSAGE")
  );
}
