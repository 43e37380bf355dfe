import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems, quotationLines, quotations } from "~/db/schema";
import type { QuotationStatus } from "~/domain/quotations/constants";
import { availableUnitsOn } from "./stock.server";

const DAY = "2026-12-10";

async function item(slug: string, quantity: number, status: "available" | "booked" | "under-repair" = "available") {
  const [row] = await getDb()
    .insert(inventoryItems)
    .values({ slug, name: slug, category: "lighting", quantity, status })
    .returning({ id: inventoryItems.id });
  return row!.id;
}

async function quotation(status: QuotationStatus, eventDate: string, lines: Array<[itemId: string, quantity: number]>) {
  const db = getDb();
  const [q] = await db
    .insert(quotations)
    .values({
      customerName: "Test",
      email: "test@example.com",
      phone: "01700000000",
      eventName: `${status} on ${eventDate}`,
      eventDate,
      eventTime: "18:00",
      eventLocation: "Dhaka",
      status,
    })
    .returning({ id: quotations.id });
  await db.insert(quotationLines).values(
    lines.map(([inventoryItemId, quantity], lineNo) => ({
      quotationId: q!.id,
      inventoryItemId,
      name: "line",
      quantity,
      unitPrice: "100",
      total: String(100 * quantity),
      lineNo,
    })),
  );
}

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
