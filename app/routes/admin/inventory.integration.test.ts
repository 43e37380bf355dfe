import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, inventoryItems, inventoryPackageParts, quotationLines, quotations } from "~/db/schema";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { getLogger } from "~/lib/logger.server";
import { getStorage, setStorage } from "~/lib/storage/storage.server";
import { makeImage } from "../../../tests/support/images";
import { action, loader } from "./inventory";
import { loader as partOptions } from "./inventory-part-options";

// The Inventory Management route (issue 9): its loader opens dialogs from the URL, its action answers a
// refused save on the same URL (the dialog stays open) and a good one with a redirect to the list and a toast.

let staff: TestUser;
let accountant: TestUser;

const VALID = {
  intent: "create",
  name: "Route Test Par Can",
  category: "lighting",
  inventoryGroup: "STV",
  source: "in-house",
  status: "available",
  price: "750",
  priceUnit: "unit/day",
  quantity: "12",
  unitsUnderRepair: "0",
  tags: "par, wash",
};

/** A fingerprint of what an inventory action may write. */
async function fingerprint(): Promise<string> {
  const [row] = await queryRows<{ items: string | null; audit: string | null }>(
    getDb(),
    sql`select (select md5(string_agg(i::text, ',' order by i.id)) from inventory_items i) as items,
               (select md5(string_agg(a::text, ',' order by a.id)) from audit_log a
                 where a.action like 'inventory_item.%') as audit`,
  );
  return `${row!.items}/${row!.audit}`;
}

beforeAll(async () => {
  [staff, accountant] = await Promise.all([signedInUser("staff"), signedInUser("accountant")]);
});

describe("/admin/inventory loader", () => {
  it("lists items and opens the Add dialog from ?new=1 and the Edit dialog from ?edit=<id>", async () => {
    const [item] = await getDb()
      .insert(inventoryItems)
      .values({ slug: "route-test-truss", name: "Route Test Truss", category: "truss", price: "300.00", quantity: 8 })
      .returning({ id: inventoryItems.id });
    const list = await callRoute(loader, "/admin/inventory?q=route+test+truss", { as: staff });
    expect(list.page.rows.map((r) => r.name)).toEqual(["Route Test Truss"]);
    expect(list.canManage).toBe(true);
    expect(list.dialog).toBeNull();

    const adding = await callRoute(loader, "/admin/inventory?new=1", { as: staff });
    expect(adding.dialog).toMatchObject({ kind: "create", values: { name: "", inventoryGroup: "STV" } });

    const editing = await callRoute(loader, `/admin/inventory?edit=${item!.id}`, { as: staff });
    expect(editing.dialog).toMatchObject({
      kind: "update",
      values: { id: item!.id, name: "Route Test Truss", price: "300.00", quantity: "8" },
    });
  });

  it("sends an unknown or malformed id back to the list with a message", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const thrown = await thrownBy(callRoute(loader, `/admin/inventory?status=available&edit=${id}`, { as: staff }));
      expect(thrown.status).toBe(302);
      expect(thrown.location).toBe("/admin/inventory?status=available");
    }
  });
});

describe("/admin/inventory action", () => {
  it("answers a refused save on the same URL with each field's message, the values typed and the spec's toast", async () => {
    const before = await fingerprint();
    const result = answerOf(
      await callRoute(action, "/admin/inventory?new=1", {
        as: staff,
        form: { ...VALID, name: "  ", price: "12.345", category: "toys" },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      intent: "create",
      errors: {
        name: "Name is required",
        price: "Price can have at most 2 decimals",
        category: "Choose a category",
      },
      values: { price: "12.345", category: "toys", tags: "par, wash" },
      toast: { type: "error", message: "Failed to add item: Name is required" },
    });
    expect(await fingerprint()).toBe(before);
  });

  it("adds an item and goes back to the list it came from, with Item added successfully", async () => {
    const response = await callRoute(action, "/admin/inventory?q=par&sort=price&new=1", { as: staff, form: VALID });
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/admin/inventory?q=par&sort=price");
    expect(flashToast(redirect)).toEqual({ type: "success", message: "Item added successfully" });
    const [row] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.name, VALID.name));
    expect(row).toMatchObject({ slug: "route-test-par-can", price: "750.00", quantity: 12, tags: ["par", "wash"] });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit).toMatchObject({ action: "inventory_item.created", actorUserId: staff.id });
  });

  it("answers 503 with the form again when the storage cannot take the pictures, and writes nothing", async () => {
    const local = getStorage();
    setStorage({
      ...local,
      put: () => Promise.reject(new Error("storage offline")),
    });
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    try {
      const before = await fingerprint();
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...VALID, name: "Route Test Offline" })) form.set(name, value);
      form.append("newImages", new File([new Uint8Array(await makeImage("jpeg", 300, 200))], "a.jpg"));
      const result = answerOf(await callRoute(action, "/admin/inventory?new=1", { as: staff, form }));
      expect(result.status).toBe(503);
      expect(result.body).toMatchObject({
        intent: "create",
        formError: "The pictures could not be stored. Please try again.",
        values: { name: "Route Test Offline" },
        toast: { type: "error", message: "Failed to add item: The pictures could not be stored. Please try again." },
      });
      expect(await fingerprint()).toBe(before);
    } finally {
      setStorage(local);
      logged.mockRestore();
    }
  });

  it("refuses an update without an item id with the spec's message", async () => {
    const before = await fingerprint();
    const result = answerOf(
      await callRoute(action, "/admin/inventory", { as: staff, form: { ...VALID, intent: "update", id: "" } }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ toast: { type: "error", message: "Item ID is required for update" } });
    expect(await fingerprint()).toBe(before);
  });

  it("archives instead of deleting an item a quotation refers to, and says so", async () => {
    const db = getDb();
    const [item] = await db
      .insert(inventoryItems)
      .values({ slug: "route-test-quoted", name: "Route Test Quoted", category: "sound", quantity: 2 })
      .returning({ id: inventoryItems.id });
    const [q] = await db
      .insert(quotations)
      .values({
        customerName: "Rahim",
        email: "rahim@example.com",
        phone: "01700000000",
        eventName: "Wedding",
        eventDate: "2027-01-10",
        eventTime: "18:00",
        eventLocation: "Dhaka",
      })
      .returning({ id: quotations.id });
    await db.insert(quotationLines).values({
      quotationId: q!.id,
      inventoryItemId: item!.id,
      name: "Route Test Quoted",
      quantity: 1,
      unitPrice: "10",
      total: "10",
      lineNo: 0,
    });

    const response = (await callRoute(action, `/admin/inventory?delete=${item!.id}`, {
      as: staff,
      form: { intent: "delete", id: item!.id },
    })) as Response;
    expect(response.headers.get("location")).toBe("/admin/inventory");
    expect(flashToast(response)).toMatchObject({ type: "success", message: expect.stringMatching(/^Item archived/) });
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, item!.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);

    const restored = (await callRoute(action, "/admin/inventory?show=archived", {
      as: staff,
      form: { intent: "restore", id: item!.id },
    })) as Response;
    expect(flashToast(restored)).toMatchObject({ type: "success", message: expect.stringMatching(/^Item restored/) });
    const [back] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, item!.id));
    expect(back!.archivedAt).toBeNull();
  });

  it("refuses every write to a role without inventory.manage, writing nothing", async () => {
    const before = await fingerprint();
    const thrown = await thrownBy(callRoute(action, "/admin/inventory?new=1", { as: accountant, form: VALID }));
    expect(thrown.status).toBe(403);
    expect(await fingerprint()).toBe(before);
  });
});

describe("/admin/inventory/part-options loader", () => {
  it("suggests items matching what was typed, leaving out archived items and packages", async () => {
    const db = getDb();
    const [deck, , pack] = await db
      .insert(inventoryItems)
      .values([
        { slug: "suggest-stage-deck", name: "Suggest Stage Deck", category: "stage" },
        { slug: "suggest-stage-old", name: "Suggest Stage Old", category: "stage", archivedAt: new Date() },
        { slug: "suggest-stage-set", name: "Suggest Stage Set", category: "stage" },
      ])
      .returning({ id: inventoryItems.id });
    await db.insert(inventoryPackageParts).values({ packageItemId: pack!.id, partItemId: deck!.id, quantity: 4 });
    const result = await callRoute(partOptions, "/admin/inventory/part-options?q=SUGGEST%20stage", { as: staff });
    expect(result.options).toEqual([{ slug: "suggest-stage-deck", name: "Suggest Stage Deck" }]);
    const refused = await thrownBy(callRoute(partOptions, "/admin/inventory/part-options?q=stage", { as: accountant }));
    expect(refused.status).toBe(403);
  });
});
