import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { twoLines } from "../accounting/journal";
import { postEntry } from "../accounting/ledger.server";
import { cashFlow } from "./cash-flow.server";
import { monthPeriod } from "./report-periods";

// Issue 37, money error 3: a month whose only movement besides capital is its depreciation showed +৳45,000 "from
// investing". Depreciation moves no cash: the profit it lowers is added back by the change in accumulated
// depreciation, under operating activities (the indirect method), and investing shows nothing.

const JULY = 7;
const id = (code: string) => seedId(`account:${code}`);
const NOV_2026 = monthPeriod("2026-11-01", JULY);

beforeAll(async () => {
  await seedDatabase(getDb());
  const post = (date: string, debit: string, credit: string, paisa: bigint, description: string) =>
    getDb().transaction((tx) =>
      postEntry(tx, {
        date,
        description,
        source: { type: "manual" },
        lines: twoLines(id(debit), id(credit), paisa),
        createdBy: null,
      }),
    );
  await post("2026-10-01", "1100", "3000", 500_000_00n, "Capital");
  await post("2026-10-02", "1500", "1100", 300_000_00n, "Equipment bought");
  await post("2026-11-30", "6800", "1510", 45_000_00n, "Depreciation of November");
});

describe("the cash flow of a month with depreciation", () => {
  it("adds the depreciation back under operating, shows nothing under investing, and its net change is the cash's", async () => {
    const cf = await cashFlow(getDb(), NOV_2026, JULY);
    expect(cf.netProfit.current).toBe("-45000.00");
    expect(cf.operating.lines.map((l) => [l.code, l.amounts.current])).toContainEqual(["1510", "45000.00"]);
    expect(cf.netOperating.current).toBe("0.00");
    expect(cf.investing.lines.filter((l) => l.amounts.current !== "0.00")).toEqual([]);
    expect(cf.netChange.current).toBe("0.00");
    expect(cf.closingCash.current).toBe(cf.openingCash.current);

    // October: the equipment is investing, the capital financing.
    const october = cf.columns.previous;
    expect(october.from).toBe("2026-10-01");
    expect(cf.investing.lines.map((l) => [l.code, l.amounts.previous])).toContainEqual(["1500", "-300000.00"]);
  });
});
