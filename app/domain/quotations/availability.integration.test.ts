import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems, inventoryPackageParts, quotationLines, quotations } from "~/db/schema";
import { monthAvailability } from "./availability.server";

async function item(slug: string, quantity: number, extra: Partial<typeof inventoryItems.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(inventoryItems)
    .values({ slug, name: slug, category: "stage", quantity, ...extra })
    .returning({ id: inventoryItems.id });
  return row!.id;
}

async function approved(itemId: string, quantity: number, eventDate: string, rentalEndDate: string | null = null) {
  const [q] = await getDb()
    .insert(quotations)
    .values({
      customerName: "T",
      email: "t@example.com",
      phone: "017",
      eventName: "E",
      eventDate,
      rentalEndDate,
      eventTime: "10:00",
      eventLocation: "Dhaka",
      status: "approved",
    })
    .returning({ id: quotations.id });
  await getDb()
    .insert(quotationLines)
    .values({ quotationId: q!.id, inventoryItemId: itemId, name: "l", quantity, unitPrice: "1", total: "1" });
}

describe("monthAvailability", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ids.a = await item("a-lights", 10, { unitsUnderRepair: 2, repairReturnDate: "2027-02-10" });
    ids.b = await item("b-deck", 6);
    ids.set = await item("c-set", 4);
    ids.gone = await item("d-gone", 9, { archivedAt: new Date() });
    await getDb().insert(inventoryPackageParts).values({ packageItemId: ids.set, partItemId: ids.b, quantity: 2 });
    // Spans the month's start: Jan 30 to Feb 2.
    await approved(ids.a, 3, "2027-01-30", "2027-02-02");
    // A set on Feb 14-15 takes 2 decks each day.
    await approved(ids.set, 1, "2027-02-14", "2027-02-15");
    await approved(ids.b, 1, "2027-02-28");
  });

  it("gives each item's free units on every day of the month, by name, archived items left out", async () => {
    const result = await monthAvailability(getDb(), { month: "2027-02" });
    if (!result.ok) throw new Error("refused");
    expect(result.days).toHaveLength(28);
    expect(result.days[0]).toBe("2027-02-01");
    expect(result.items.map((i) => i.name)).toEqual(["a-lights", "b-deck", "c-set"]);
    const [a, b, set] = result.items;
    // 10 - 2 in repair - 3 promised on the 1st and 2nd; 8 until the repair returns on the 10th; then 10.
    expect(a!.free.slice(0, 3)).toEqual([5, 5, 8]);
    expect(a!.free[8]).toBe(8);
    expect(a!.free[9]).toBe(10);
    // Decks: 6, less 2 through the set on the 14th and 15th, less 1 on the 28th.
    expect(b!.free[12]).toBe(6);
    expect(b!.free.slice(13, 15)).toEqual([4, 4]);
    expect(b!.free[27]).toBe(5);
    // The set: its own 4 (3 on the 14th-15th) and the decks / 2.
    expect(set!.isPackage).toBe(true);
    expect(set!.free[0]).toBe(3);
    expect(set!.free.slice(13, 15)).toEqual([2, 2]);
    expect(set!.free[27]).toBe(2);
  });

  it("for chosen items, a leap February, and pages", async () => {
    const chosen = await monthAvailability(getDb(), { month: "2028-02", itemIds: [ids.gone!, ids.b!.toUpperCase()] });
    expect(chosen.ok && chosen.items.map((i) => [i.name, i.free.length])).toEqual([
      ["b-deck", 29],
      ["d-gone", 29],
    ]);
    const page = await monthAvailability(getDb(), { month: "2027-02", limit: 1, offset: 1 });
    expect(page.ok && page.items.map((i) => i.name)).toEqual(["b-deck"]);
    const filtered = await monthAvailability(getDb(), { month: "2027-02", where: eq(inventoryItems.slug, "c-set") });
    expect(filtered.ok && filtered.items.map((i) => i.name)).toEqual(["c-set"]);
  });

  it.each(["2027-13", "2027-2", "27-02", "", "2027-02-01", "abcd-ef", "0999-01"])(
    "refuses the month %j",
    async (month) => {
      expect(await monthAvailability(getDb(), { month })).toEqual({
        ok: false,
        errors: { month: "Choose a month as YYYY-MM" },
      });
    },
  );

  it("refuses an item id that is no uuid", async () => {
    expect(await monthAvailability(getDb(), { month: "2027-02", itemIds: ["x'; drop"] })).toEqual({
      ok: false,
      errors: { itemIds: "Unknown item" },
    });
  });
});
