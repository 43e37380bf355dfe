import { eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { journalLines, yearEndCloses } from "~/db/schema";
import type { AuditActor } from "../audit/audit.server";
import { twoLines } from "./journal";
import { LEDGER_MESSAGES, postEntry } from "./ledger.server";
import { closeFiscalYear, reopenFiscalYear } from "./year-end-close.server";
import { YEAR_END_MESSAGES as M } from "./year-end-close-form";

// Year-end close with others at the same moment (issue 24), PostgreSQL only (PGlite has one connection): two closes
// of one year at once keep exactly one (20 rounds); a posting dated in the year racing a close either commits first
// and is in the closing entry, or waits for the close and is refused as in a closed year. The close holds the
// accounting settings row FOR UPDATE from its first statement; postings hold it FOR SHARE.

const CASH = seedId("account:1000");
const RENTAL = seedId("account:4000");
const UTILITIES = seedId("account:6200");
const userA: AuditActor = { userId: null, label: "a@example.com", ipAddress: null, userAgent: null };
const userB: AuditActor = { userId: null, label: "b@example.com", ipAddress: null, userAgent: null };
const onPostgres = process.env.DATABASE_URL !== undefined;

const post = (date: string, amount: bigint) =>
  getDb().transaction((tx) =>
    postEntry(tx, {
      date,
      description: "at once",
      source: { type: "manual" },
      lines: twoLines(CASH, RENTAL, amount),
      createdBy: null,
    }),
  );

/** Waits until `count` sessions of this database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  const pool = getDatabase().pool!;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    await new Promise((r) => setImmediate(r));
  }
}

beforeAll(async () => {
  await seedDatabase(getDb());
  // FY 2023-24 and FY 2024-25 (July starts), both ended.
  await post("2024-03-10", 1_000_000n);
  await post("2025-03-10", 2_000_000n);
  await getDb().transaction((tx) =>
    postEntry(tx, {
      date: "2025-06-30",
      description: "June's electricity",
      source: { type: "manual" },
      lines: twoLines(UTILITIES, CASH, 25_050n),
      createdBy: null,
    }),
  );
});

describe("closing a year with others at once", () => {
  it.skipIf(!onPostgres)(
    "two closes of one year at the same moment: exactly one is kept, the other told it is closed (20 rounds)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 20; round++) {
        // A third session holds the settings row so both closes reach its lock before either reads the year.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from accounting_settings for update");
          const both = Promise.all([
            closeFiscalYear(getDb(), { fiscalYear: 2023 }, userA),
            closeFiscalYear(getDb(), { fiscalYear: 2023 }, userB),
          ]);
          await lockWaiters(2);
          await blocker.query("commit");
          const results = await both;
          expect(results.filter((r) => r.ok)).toHaveLength(1);
          expect(results.filter((r) => !r.ok)).toMatchObject([
            { refusal: "conflict", errors: { fiscalYear: M.alreadyClosed("2023-24") } },
          ]);
          const open = await getDb()
            .select()
            .from(yearEndCloses)
            .where(sql`${yearEndCloses.fiscalYear} = 2023 and ${yearEndCloses.reopenedAt} is null`);
          expect(open).toHaveLength(1);
          expect(open[0]!.result).toBe("10000.00");
          const reopened = await reopenFiscalYear(getDb(), { closeId: open[0]!.id, reason: `round ${round}` }, userA);
          expect(reopened).toMatchObject({ ok: true });
        } finally {
          blocker.release();
        }
      }
      // 20 closes and 20 reopenings, and the book still balanced with its month balances equal to its lines.
      expect(await getDb().$count(yearEndCloses, eq(yearEndCloses.fiscalYear, 2023))).toBe(20);
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
    240_000,
  );

  it.skipIf(!onPostgres)(
    "a posting in the year that began first: the close waits for it, and its amount is in the closing entry",
    async () => {
      let posted!: () => void;
      const written = new Promise<void>((resolve) => (posted = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The posting is written (holding the settings row FOR SHARE) but not committed yet.
      const posting = getDb().transaction(async (tx) => {
        const id = await postEntry(tx, {
          date: "2025-06-15",
          description: "committed just before the close",
          source: { type: "manual" },
          lines: twoLines(CASH, RENTAL, 12_345n),
          createdBy: null,
        });
        posted();
        await gate;
        return id;
      });
      await written;
      const closing = closeFiscalYear(getDb(), { fiscalYear: 2024 }, userA);
      await lockWaiters(1);
      release();
      await posting;
      const result = await closing;
      // 20,000.00 + 123.45 of rental less 250.50 of electricity.
      expect(result).toMatchObject({ ok: true, result: "19872.95" });
      if (!result.ok) return;
      const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, result.entryId));
      expect(lines.find((l) => l.accountId === RENTAL)).toMatchObject({ debit: "20123.45", credit: "0.00" });
      const reopened = await reopenFiscalYear(getDb(), { closeId: result.id, reason: "next test" }, userA);
      expect(reopened).toMatchObject({ ok: true });
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    "a posting in the year that comes while the close is being written: it waits and is refused, the year closed",
    async () => {
      const pool = getDatabase().pool!;
      const blocker = await pool.connect();
      try {
        // Holds June's rental month row: the close (which has taken the settings row) waits on it as it commits.
        await blocker.query("begin");
        await blocker.query(
          "select 1 from account_month_balances where account_id = $1 and month = '2025-06-01' for update",
          [RENTAL],
        );
        const closing = closeFiscalYear(getDb(), { fiscalYear: 2024 }, userA);
        await lockWaiters(1);
        const posting = post("2025-05-20", 777n);
        const refused = expect(posting).rejects.toMatchObject({
          errors: { date: LEDGER_MESSAGES.closedYear("2024-07-01", "2025-06-30") },
        });
        await lockWaiters(2);
        await blocker.query("commit");
        expect(await closing).toMatchObject({ ok: true, result: "19872.95" });
        await refused;
      } finally {
        blocker.release();
      }
      const open = await getDb().select().from(yearEndCloses).where(isNull(yearEndCloses.reopenedAt));
      expect(open.map((c) => c.fiscalYear)).toEqual([2024]);
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    "an entry written straight to the table while a close is being written: the database waits and refuses it",
    async () => {
      // Not through writeEntry: the trigger journal_entries_closed_year is the only guard, and must wait for the close
      // (the settings row) before it looks for closed years, or it would let the entry into the year just closed.
      const pool = getDatabase().pool!;
      const blocker = await pool.connect();
      const raw = await pool.connect();
      try {
        await blocker.query("begin");
        // The close of FY 2023-24 posts on 30 June 2024: it waits on that month's rental row as it writes.
        await blocker.query(
          "select 1 from account_month_balances where account_id = $1 and month = '2024-06-01' for update",
          [RENTAL],
        );
        const closing = closeFiscalYear(getDb(), { fiscalYear: 2023 }, userA);
        await lockWaiters(1);
        await raw.query("begin");
        const inserting = raw.query(
          `insert into journal_entries (entry_date, description, status, source_type, total, posted_at)
           values ('2024-05-20', 'written straight to the table', 'posted', 'manual', 7.77, now())`,
        );
        const refused = expect(inserting).rejects.toMatchObject({ constraint: "journal_entry_closed_year" });
        await lockWaiters(2);
        await blocker.query("commit");
        const closed = await closing;
        expect(closed).toMatchObject({ ok: true, result: "10000.00" });
        await refused;
        await raw.query("rollback");
        if (closed.ok) await reopenFiscalYear(getDb(), { closeId: closed.id, reason: "next test" }, userA);
      } finally {
        blocker.release();
        raw.release();
      }
    },
    60_000,
  );
});
