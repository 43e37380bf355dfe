import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { journalEntries } from "~/db/schema";
import type { AuditActor } from "../audit/audit.server";
import { twoLines } from "./journal";
import { postEntry } from "./ledger.server";
import { reverseEntry } from "./reverse-entry.server";

// Two users at once (issue 21, "Proof"): while one posts entries on the same accounts, both reverse the same
// entry at the same moment. Exactly one reversal is kept, and the book stays balanced with its month balances equal
// to its lines. PostgreSQL only (PGlite has one connection): 50 rounds.

const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const INCOME = seedId("account:4000");
const userA: AuditActor = { userId: null, label: "a@example.com", ipAddress: null, userAgent: null };
const userB: AuditActor = { userId: null, label: "b@example.com", ipAddress: null, userAgent: null };

const post = (debit: string, credit: string, amount: bigint) =>
  getDb().transaction((tx) =>
    postEntry(tx, {
      date: "2026-09-15",
      description: "at once",
      source: { type: "manual" },
      lines: twoLines(debit, credit, amount),
      createdBy: null,
    }),
  );

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("two users posting and reversing at once", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "keep exactly one reversal of an entry and a balanced book (50 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 50; round++) {
        const entryId = await post(CASH, INCOME, BigInt(1000 + round));
        // A third connection holds the entry's row so both reversals reach its lock before either reads it.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from journal_entries where id = $1 for update", [entryId]);
          const all = Promise.all([
            reverseEntry(getDb(), userA, { entryId, date: "2026-09-16" }),
            reverseEntry(getDb(), userB, { entryId, date: "2026-09-16" }),
            post(BANK, CASH, BigInt(500 + round)),
            post(CASH, BANK, BigInt(700 + round)),
          ]);
          for (;;) {
            const { rows } = await pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (rows[0]!.n >= 2) break;
            await new Promise((r) => setImmediate(r));
          }
          await blocker.query("commit");
          const [a, b] = await all;
          expect([a, b].filter((r) => r.ok)).toHaveLength(1);
          expect([a, b].filter((r) => !r.ok)).toMatchObject([
            { refusal: "conflict", message: "This entry has already been reversed" },
          ]);
          expect(
            await getDb().select().from(journalEntries).where(eq(journalEntries.reversesId, entryId)),
          ).toHaveLength(1);
        } finally {
          blocker.release();
        }
      }
      const [book] = await queryRows<{ debits: string; credits: string; drift: number }>(
        getDb(),
        sql`select (select sum(debit) from journal_lines)::text as debits, (select sum(credit) from journal_lines)::text as credits,
                   (select count(*)::int from (
                      select account_id, sum(debit - credit) as b from journal_lines group by account_id
                      except select account_id, sum(debit - credit) from account_month_balances group by account_id) d) as drift`,
      );
      expect(book!.debits).toBe(book!.credits);
      expect(book!.drift).toBe(0);
    },
    180_000,
  );

  it.skipIf(process.env.DATABASE_URL === undefined)(
    "a lock date saved while an entry is being posted: the posting waits for it and is refused (PostgreSQL)",
    async () => {
      const pool = getDatabase().pool!;
      const settings = await pool.connect();
      try {
        // Someone saves a lock date of 31 October; before it commits, someone posts on 15 October.
        await settings.query("begin");
        await settings.query("update accounting_settings set lock_date = '2026-10-31' where id = 1");
        const posting = getDb().transaction((tx) =>
          postEntry(tx, {
            date: "2026-10-15",
            description: "late",
            source: { type: "manual" },
            lines: twoLines(CASH, INCOME, 100n),
            createdBy: null,
          }),
        );
        const refused = expect(posting).rejects.toMatchObject({
          errors: { date: "The books are locked up to Oct 31, 2026: choose a date after it" },
        });
        for (;;) {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n >= 1) break;
          await new Promise((r) => setImmediate(r));
        }
        await settings.query("commit");
        await refused;
      } finally {
        await settings.query("update accounting_settings set lock_date = null where id = 1").catch(() => {});
        settings.release();
      }
    },
    60_000,
  );
});
