import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { getEnv } from "../../lib/env.server";

// Whether e-mail leaves at all, for the screens that would otherwise claim it did (issue 20): without SMTP_URL the
// sender never starts (sender.server.ts) and every message waits in the outbox until e-mail is set up.

/** SMTP_URL is set: the sender delivers the outbox. */
export function emailIsSetUp(): boolean {
  return getEnv().smtpUrl !== undefined;
}

/** Counted up to this many: beyond it the banner says "100+" rather than reading every waiting row. */
export const WAITING_COUNT_CAP = 100;

/** How many of the outbox's messages are still to be sent (pending): at most WAITING_COUNT_CAP, and whether more. */
export async function countWaitingEmails(db: DbOrTx): Promise<{ count: number; more: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from email_outbox where status = 'pending' limit ${WAITING_COUNT_CAP + 1}) w`,
  );
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, WAITING_COUNT_CAP), more: n > WAITING_COUNT_CAP };
}
