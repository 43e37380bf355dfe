import { eq } from "drizzle-orm";
import { insertQuotation } from "../../../tests/support/quotation-fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems, inventoryPackageParts, quotationLines, quotations } from "~/db/schema";
import type { QuotationStatus } from "~/domain/quotations/constants";
import { availableUnitsOn, freeUnitsOn } from "./stock.server";

const DAY = "2026-12-10";

async function item(slug: string, quantity: number, status: "available" | "booked" | "under-repair" = "available") {
  const [row] = await getDb()
    .insert(inventoryItems)
    .values({ slug, name: slug, category: "lighting", quantity, status })
    .returning({ id: inventoryItems.id });
  return row!.id;
}

/** A quotation in `status` on `eventDate` with lines [item id, quantity]. */
const quotation = (status: QuotationStatus, eventDate: string, lines: Array<[itemId: string, quantity: number]>) =>
  insertQuotation(status, "test@example.com", lines, { eventDate });

describe("availableUnitsOn", () => {
  let wall: string;
  let booth: string;

  beforeAll(async () => {
    wall = await item("wall", 10);
    booth = await item("booth", 3, "booked");
    const repair = await item("repair", 7, "under-repair");
    // Promised on the day: 4 walls and 1 booth (two approved quotations); 5 more booths over-promised by another.
    await quotation("approved", DAY, [
      [wall, 3],
      [booth, 1],
    ]);
    await quotation("approved", DAY, [[wall, 1]]);
    // Not promised: pending, sent and rejected quotations, approved ones on other days, units under repair.
    await quotation("pending", DAY, [[wall, 5]]);
    await quotation("sent", DAY, [[wall, 5]]);
    await quotation("rejected", DAY, [[wall, 5]]);
    await quotation("approved", "2026-12-11", [[wall, 5]]);
    await quotation("approved", DAY, [[repair, 2]]);
  });

  it("is every item's quantity less what approved quotations promise that day; nothing of an item under repair", async () => {
    // walls 10 - 4 = 6, booths 3 - 1 = 2 (booked is a label, the units still count), repair 0
    expect(await availableUnitsOn(getDb(), DAY)).toBe(8);
    expect(await availableUnitsOn(getDb(), "2026-12-11")).toBe(10 - 5 + 3);
    expect(await availableUnitsOn(getDb(), "2026-12-12")).toBe(13);
  });

  it("never counts an over-promised item below zero against the others", async () => {
    await quotation("approved", "2026-12-20", [[booth, 5]]);
    expect(await availableUnitsOn(getDb(), "2026-12-20")).toBe(10);
  });
});

describe("units under repair, packages and archived items", () => {
  const BEFORE = "2026-12-14";
  const BACK = "2026-12-15";
  const AFTER = "2026-12-16";
  const ids: Record<string, string> = {};

  async function add(key: string, values: Partial<typeof inventoryItems.$inferInsert> & { quantity: number }) {
    const [row] = await getDb()
      .insert(inventoryItems)
      .values({ slug: `stock-${key}`, name: key, category: "stage", ...values })
      .returning({ id: inventoryItems.id });
    ids[key] = row!.id;
  }

  const free = async (date: string, ...keys: string[]) => {
    const units = await freeUnitsOn(
      getDb(),
      keys.map((k) => ids[k]!),
      date,
    );
    return Object.fromEntries(keys.map((k) => [k, units.get(ids[k]!)]));
  };

  beforeAll(async () => {
    // A clean slate: the items and quotations of the tests above are gone.
    const db = getDb();
    await db.delete(quotationLines);
    await db.delete(quotations);
    await db.delete(inventoryItems);
  });

  it("keeps units in the workshop out until their return date, and for good without one", async () => {
    await add("noDate", { quantity: 10, unitsUnderRepair: 3 });
    await add("dated", { quantity: 8, unitsUnderRepair: 2, repairReturnDate: BACK });
    expect(await free(BEFORE, "noDate", "dated")).toEqual({ noDate: 7, dated: 6 });
    expect(await free(BACK, "noDate", "dated")).toEqual({ noDate: 7, dated: 8 });
    expect(await free(AFTER, "noDate", "dated")).toEqual({ noDate: 7, dated: 8 });
    expect(await availableUnitsOn(getDb(), BEFORE)).toBe(7 + 6);
    expect(await availableUnitsOn(getDb(), BACK)).toBe(7 + 8);

    // Promised units come off what the workshop leaves.
    await quotation("approved", BEFORE, [[ids.dated!, 5]]);
    expect(await free(BEFORE, "dated")).toEqual({ dated: 1 });
    await quotation("approved", BACK, [[ids.dated!, 7]]);
    expect(await free(BACK, "dated")).toEqual({ dated: 1 });
  });

  it("keeps an item whose every unit is in the workshop (status under-repair) out until the return date", async () => {
    await add("allOut", { quantity: 5, unitsUnderRepair: 5, repairReturnDate: BACK, status: "under-repair" });
    await add("allOutNoDate", { quantity: 4, unitsUnderRepair: 4, status: "under-repair" });
    await add("labelled", { quantity: 6, status: "under-repair" }); // the status chosen by hand, no units counted
    expect(await free(BEFORE, "allOut", "allOutNoDate", "labelled")).toEqual({
      allOut: 0,
      allOutNoDate: 0,
      labelled: 0,
    });
    expect(await free(BACK, "allOut", "allOutNoDate", "labelled")).toEqual({ allOut: 5, allOutNoDate: 0, labelled: 0 });
    expect(await free(AFTER, "allOut")).toEqual({ allOut: 5 });
    const others = 7 + 8 - 7; // noDate and dated from the test above, 7 dated promised on BACK
    expect(await availableUnitsOn(getDb(), BACK)).toBe(others + 5);
    expect(await availableUnitsOn(getDb(), AFTER)).toBe(7 + 8 + 5);
  });

  describe("packages", () => {
    const DAY = "2026-12-20";
    const before = { deck: 0, truss: 0 };

    beforeAll(async () => {
      await add("deck", { quantity: 10 });
      await add("truss", { quantity: 9, unitsUnderRepair: 1 });
      await add("set", { quantity: 5, price: "50000" });
      await getDb()
        .insert(inventoryPackageParts)
        .values([
          { packageItemId: ids.set!, partItemId: ids.deck!, quantity: 2, position: 0 },
          { packageItemId: ids.set!, partItemId: ids.truss!, quantity: 3, position: 1 },
        ]);
      Object.assign(before, await free(DAY, "deck", "truss"));
    });

    it("are free as often as their own count and each part allow", async () => {
      expect(before).toEqual({ deck: 10, truss: 8 });
      // Own 5; decks 10 / 2 = 5; truss 8 / 3 = 2.
      expect(await free(DAY, "set")).toEqual({ set: 2 });
    });

    it("are not counted themselves in the day's available units: their units are their parts'", async () => {
      const withSet = await availableUnitsOn(getDb(), DAY);
      // 7 + 8 + 5 from the earlier items (allOut is back), 10 decks, 8 truss.
      expect(withSet).toBe(7 + 8 + 5 + 10 + 8);
    });

    it("promise their parts when a quotation for them is approved", async () => {
      await quotation("pending", DAY, [[ids.set!, 1]]);
      expect(await free(DAY, "deck", "truss", "set")).toEqual({ deck: 10, truss: 8, set: 2 });

      await quotation("approved", DAY, [[ids.set!, 1]]);
      // 2 decks and 3 truss go with the set; the set's own count drops by one.
      expect(await free(DAY, "deck", "truss", "set")).toEqual({ deck: 8, truss: 5, set: 1 });
      expect(await availableUnitsOn(getDb(), DAY)).toBe(7 + 8 + 5 + 8 + 5);

      // A line for a part itself adds to what the package takes.
      await quotation("approved", DAY, [
        [ids.deck!, 3],
        [ids.truss!, 3],
      ]);
      expect(await free(DAY, "deck", "truss", "set")).toEqual({ deck: 5, truss: 2, set: 0 });
      // Another day is untouched.
      expect(await free("2026-12-21", "deck", "truss", "set")).toEqual({ deck: 10, truss: 8, set: 2 });
    });

    it("have nothing free when a part is under repair", async () => {
      await getDb().update(inventoryItems).set({ status: "under-repair" }).where(eq(inventoryItems.id, ids.truss!));
      expect(await free("2026-12-21", "set")).toEqual({ set: 0 });
      await getDb().update(inventoryItems).set({ status: "available" }).where(eq(inventoryItems.id, ids.truss!));
      expect(await free("2026-12-21", "set")).toEqual({ set: 2 });
    });
  });

  it("does not count archived items, though an archived package's approved quotations still hold its parts", async () => {
    const DAY = "2026-12-22";
    const total = await availableUnitsOn(getDb(), DAY);
    await add("retired", { quantity: 50, archivedAt: new Date() });
    expect(await availableUnitsOn(getDb(), DAY)).toBe(total);

    await quotation("approved", DAY, [[ids.set!, 2]]);
    await getDb().update(inventoryItems).set({ archivedAt: new Date() }).where(eq(inventoryItems.id, ids.set!));
    expect(await free(DAY, "deck", "truss")).toEqual({ deck: 10 - 4, truss: 8 - 6 });
    expect(await availableUnitsOn(getDb(), DAY)).toBe(total - 4 - 6);
  });
});

describe("large counts", () => {
  it("counts packages × units per package past what an integer holds", async () => {
    const DAY = "2027-01-05";
    const db = getDb();
    const [part] = await db
      .insert(inventoryItems)
      .values({ slug: "big-part", name: "big part", category: "stage", quantity: 1_000_000 })
      .returning({ id: inventoryItems.id });
    const [pkg] = await db
      .insert(inventoryItems)
      .values({ slug: "big-set", name: "big set", category: "stage", quantity: 5000 })
      .returning({ id: inventoryItems.id });
    await db
      .insert(inventoryPackageParts)
      .values({ packageItemId: pkg!.id, partItemId: part!.id, quantity: 1_000_000 });
    const before = await availableUnitsOn(db, DAY);
    // 3,000 sets × 1,000,000 units each: 3e9 units promised, more than an int4 holds.
    await quotation("approved", DAY, [[pkg!.id, 3000]]);
    expect(await freeUnitsOn(db, [part!.id, pkg!.id], DAY)).toEqual(
      new Map([
        [part!.id, 0],
        [pkg!.id, 0],
      ]),
    );
    expect(await availableUnitsOn(db, DAY)).toBe(before - 1_000_000);
  });
});

describe("a rental of several days", () => {
  it("promises the units on every day from the event date to the rental's end, and no other", async () => {
    const [lights] = await getDb()
      .insert(inventoryItems)
      .values({ slug: "multi-day-lights", name: "Multi-day lights", category: "lighting", quantity: 10 })
      .returning({ id: inventoryItems.id });
    const [q] = await getDb()
      .insert(quotations)
      .values({
        customerName: "Test",
        email: "test@example.com",
        phone: "01700000000",
        eventName: "Three-day fair",
        eventDate: "2027-03-01",
        rentalEndDate: "2027-03-03",
        eventTime: "10:00",
        eventLocation: "Dhaka",
        status: "approved",
      })
      .returning({ id: quotations.id });
    await getDb().insert(quotationLines).values({
      quotationId: q!.id,
      inventoryItemId: lights!.id,
      name: "line",
      quantity: 4,
      unitPrice: "1",
      total: "4",
    });
    const free = async (day: string) => (await freeUnitsOn(getDb(), [lights!.id], day)).get(lights!.id);
    expect(await free("2027-02-28")).toBe(10);
    expect(await free("2027-03-01")).toBe(6);
    expect(await free("2027-03-02")).toBe(6);
    expect(await free("2027-03-03")).toBe(6);
    expect(await free("2027-03-04")).toBe(10);
  });
});
