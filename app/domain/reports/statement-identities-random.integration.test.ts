import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { chartOfAccounts, journalEntries, yearEndCloses } from "~/db/schema";
import { addDays } from "~/domain/dashboard/periods";
import type { AuditActor } from "../audit/audit.server";
import type { EntryLine } from "../accounting/journal";
import { LEDGER_MESSAGES, PostingRefused, writeEntry } from "../accounting/ledger.server";
import { reverseEntry } from "../accounting/reverse-entry.server";
import {
  checkAgainstHledger,
  checkStatements,
  checkYearIdentity,
  exportJournal,
  readBook,
} from "../../../tests/support/report-checks";
import { reopenYearEndClose, writeYearEndClose } from "../../../tests/support/year-end-close-fixture";
import {
  fiscalYearMonths,
  fiscalYearOfDate,
  fiscalYearRange,
  monthPeriod,
  quarterPeriod,
  rangePeriod,
  yearPeriod,
  type ReportPeriod,
} from "./report-periods";
import { withFixtureParties } from "../../../tests/support/ledger-parties";

// The statements always agree (issue 24, "Proof") on thousands of random postings over three fiscal years
// (FY 2024-25 to 2026-27, July starts): balanced entries of up to 8 lines on any account (retained earnings aside,
// which only the year-end close moves), drafts that never count, reversals, year-end closes of the first two years,
// reopenings and closes again. After each batch, for random months, quarters, years and ranges, every identity holds
// and every figure equals its lines (tests/support/report-checks.ts); at the end hledger agrees to the paisa, and the
// statements of the same book with a January fiscal year agree too. Seeded: the same book every run.

const JULY = 7;
const FIRST_DAY = "2024-07-01";
const DAYS = 3 * 365;
const RETAINED_EARNINGS = seedId("account:3100");
const actor: AuditActor = { userId: null, label: "report identities test", ipAddress: null, userAgent: null };

type Op =
  | { kind: "entry"; lines: { account: number; amount: bigint }[]; day: number; draft: boolean }
  | { kind: "reverse"; pick: number; after: number }
  | { kind: "close"; year: 2024 | 2025 }
  | { kind: "reopen"; year: 2024 | 2025 };

const amount = fc.oneof(fc.bigInt({ min: 1n, max: 99_999n }), fc.bigInt({ min: 1n, max: 2_000_000_00n }));
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant("entry" as const),
      lines: fc.array(fc.record({ account: fc.nat(), amount }), { minLength: 1, maxLength: 4 }),
      day: fc.integer({ min: 0, max: DAYS }),
      draft: fc.constant(false),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("entry" as const),
      lines: fc.array(fc.record({ account: fc.nat(), amount }), { minLength: 1, maxLength: 2 }),
      day: fc.integer({ min: 0, max: DAYS }),
      draft: fc.constant(true),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("reverse" as const),
      pick: fc.nat(),
      after: fc.integer({ min: 0, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("close" as const), year: fc.constantFrom(2024, 2025) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reopen" as const), year: fc.constantFrom(2024, 2025) }) },
) as fc.Arbitrary<Op>;

/** A period of one of the three years: a month, a quarter, a year, or a range of days (often across months). */
const period: fc.Arbitrary<ReportPeriod> = fc.oneof(
  fc
    .record({ fy: fc.integer({ min: 2024, max: 2026 }), month: fc.integer({ min: 0, max: 11 }) })
    .map(({ fy, month }) => monthPeriod(fiscalYearMonths(fy, JULY)[month]!.from, JULY)),
  fc
    .record({ fy: fc.integer({ min: 2024, max: 2026 }), q: fc.integer({ min: 1, max: 4 }) })
    .map(({ fy, q }) => quarterPeriod(fy, q, JULY)),
  fc.integer({ min: 2024, max: 2026 }).map((fy) => yearPeriod(fy, JULY)),
  fc
    .record({ start: fc.integer({ min: 0, max: DAYS }), length: fc.integer({ min: 0, max: 400 }) })
    .map(({ start, length }) => rangePeriod(addDays(FIRST_DAY, start), addDays(FIRST_DAY, start + length), JULY)),
);

let accountIds: string[] = [];
const posted: string[] = [];
const counts = { entries: 0, drafts: 0, refused: 0, reversals: 0, closes: 0, reopens: 0 };

async function closedYears(): Promise<Set<number>> {
  const rows = await getDb()
    .select({ fiscalYear: yearEndCloses.fiscalYear })
    .from(yearEndCloses)
    .where(isNull(yearEndCloses.reopenedAt));
  return new Set(rows.map((r) => r.fiscalYear));
}

async function apply(o: Op): Promise<void> {
  if (o.kind === "entry") {
    // Each amount debited to one account and credited to another: balanced by construction.
    const lines: EntryLine[] = o.lines.flatMap((l, i) => [
      { accountId: accountIds[l.account % accountIds.length]!, debit: l.amount, credit: 0n },
      { accountId: accountIds[(l.account + i + 1) % accountIds.length]!, debit: 0n, credit: l.amount },
    ]);
    const date = addDays(FIRST_DAY, o.day);
    try {
      const id = await getDb().transaction(async (tx) =>
        writeEntry(
          tx,
          {
            date,
            description: "random",
            source: { type: "manual" },
            lines: await withFixtureParties(tx, lines),
            createdBy: null,
          },
          o.draft ? "draft" : "posted",
        ),
      );
      if (o.draft) counts.drafts++;
      else {
        counts.entries++;
        posted.push(id);
      }
    } catch (error) {
      // Inside a closed year: refused, naming the date, nothing written.
      expect(error).toBeInstanceOf(PostingRefused);
      const year = fiscalYearRange(fiscalYearOfDate(date, JULY), JULY);
      expect((error as PostingRefused).errors).toEqual({ date: LEDGER_MESSAGES.closedYear(year.from, year.to) });
      counts.refused++;
    }
  } else if (o.kind === "reverse") {
    if (posted.length === 0) return;
    const entryId = posted[o.pick % posted.length]!;
    // Refused (already reversed, in a closed year) is a fine outcome: the statements must agree either way.
    const [original] = await getDb()
      .select({ date: journalEntries.entryDate })
      .from(journalEntries)
      .where(eq(journalEntries.id, entryId));
    const result = await reverseEntry(getDb(), actor, { entryId, date: addDays(original!.date, o.after) });
    if (result.ok) counts.reversals++;
  } else if (o.kind === "close") {
    if ((await closedYears()).has(o.year)) return;
    // A year is closed in order: the one before it first.
    if (o.year === 2025 && !(await closedYears()).has(2024)) return;
    if ((await writeYearEndClose(o.year, JULY)) !== null) counts.closes++;
  } else {
    const closed = await closedYears();
    // The later year is reopened first.
    if (!closed.has(o.year) || (o.year === 2024 && closed.has(2025))) return;
    await reopenYearEndClose(o.year);
    counts.reopens++;
  }
}

let dir: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  accountIds = (
    await getDb()
      .select({ id: chartOfAccounts.id })
      .from(chartOfAccounts)
      .where(ne(chartOfAccounts.id, RETAINED_EARNINGS))
      .orderBy(chartOfAccounts.code)
  ).map((a) => a.id);
  dir = mkdtempSync(path.join(os.tmpdir(), "utsab-reports-random-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the statements under thousands of random postings", () => {
  it("always agree with each other, with the lines, and at the end with hledger", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 60, maxLength: 120 }),
        fc.array(period, { minLength: 2, maxLength: 3 }),
        async (ops, periods) => {
          for (const o of ops) await apply(o);
          const book = await readBook(getDb());
          for (const p of periods) await checkStatements(getDb(), book, p, JULY);
          for (const year of [2024, 2025, 2026]) await checkYearIdentity(getDb(), year, JULY, RETAINED_EARNINGS);
        },
      ),
      { numRuns: 40, seed: 2426, endOnFailure: true },
    );
    expect(counts.entries).toBeGreaterThan(1500);
    expect(counts.drafts).toBeGreaterThan(100);
    expect(counts.reversals).toBeGreaterThan(100);
    expect(counts.refused).toBeGreaterThan(100);
    expect(counts.closes).toBeGreaterThan(10);
    expect(counts.reopens).toBeGreaterThan(10);

    const years = [2024, 2025, 2026].map((fy) => yearPeriod(fy, JULY));
    const others = [
      monthPeriod("2025-06-01", JULY),
      monthPeriod("2026-07-01", JULY),
      quarterPeriod(2025, 3, JULY),
      rangePeriod("2025-05-17", "2025-08-09", JULY),
    ];
    const file = await exportJournal(getDb(), dir);
    await checkAgainstHledger(getDb(), file, [...years, ...others], JULY);

    // The same book read with fiscal years starting in January: the closes are July's, and still all agrees.
    const book = await readBook(getDb());
    for (const p of [yearPeriod(2025, 1), quarterPeriod(2026, 1, 1), monthPeriod("2025-07-01", 1)])
      await checkStatements(getDb(), book, p, 1);
    for (const year of [2025, 2026]) await checkYearIdentity(getDb(), year, 1, RETAINED_EARNINGS);
  }, 900_000);
});
