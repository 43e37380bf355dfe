import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { writeEntry } from "./ledger.server";
import { storedEntryLines } from "./stored-lines.server";

// A stored entry's lines read back as EntryLine (paisa), in the order written, with their descriptions: what posting
// a draft, editing, deleting and reversing one read.

const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const INCOME = seedId("account:4000");

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("storedEntryLines", () => {
  it("gives the lines of one entry as written, amounts in paisa", async () => {
    const lines = [
      { accountId: INCOME, debit: 0n, credit: 1_234_56n, description: "Rental" },
      { accountId: CASH, debit: 1_000_00n, credit: 0n, description: null },
      { accountId: BANK, debit: 234_56n, credit: 0n, description: "Part by bank" },
    ];
    const entryId = await getDb().transaction((tx) =>
      writeEntry(
        tx,
        { date: "2026-07-01", description: "Read back", source: { type: "manual" }, lines, createdBy: null },
        "draft",
      ),
    );
    // Lines on accounts not kept by party carry none (issue 36).
    expect(await storedEntryLines(getDb(), entryId)).toEqual(lines.map((l) => ({ ...l, party: null })));
    expect(await storedEntryLines(getDb(), "00000000-0000-4000-8000-000000000000")).toEqual([]);
  });
});
