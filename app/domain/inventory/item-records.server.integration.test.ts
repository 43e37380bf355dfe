import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, inventoryItems, inventoryPackageParts, quotationLines, quotations } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import {
  findProductIdBySlug,
  getProduct,
  listFeaturedProducts,
  listProducts,
  listQuotableProducts,
} from "~/domain/catalogue/catalogue.server";
import { buildSitemap } from "~/domain/content/sitemap.server";
import { createLocalStorage, type LocalStorage } from "~/lib/storage/local.server";
import { parseList } from "~/lib/list-params";
import { makeImage } from "../../../tests/support/images";
import { EMPTY_ITEM_FORM, INVENTORY_MESSAGES, type ItemFormValues } from "./item-form";
import { INVENTORY_LIST } from "./inventory-list";
import { listInventory } from "./inventory-list.server";
import { deleteItem, loadItemForm, restoreItem } from "./item-records.server";
import { createItem } from "./save-item.server";

const actor: AuditActor = { userId: null, label: "admin@example.com", ipAddress: "203.0.113.7", userAgent: "vitest" };
const UNKNOWN_ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

let root: string;
let storage: LocalStorage;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "inventory-records-"));
  storage = createLocalStorage({ dir: path.join(root, "media") });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeEach(async () => {
  const db = getDb();
  await db.delete(quotationLines);
  await db.delete(quotations);
  await db.delete(inventoryPackageParts);
  await db.delete(inventoryItems);
  await db.delete(auditLog);
  rmSync(storage.dir, { recursive: true, force: true });
});

function storedFiles(): string[] {
  if (!existsSync(storage.dir)) return [];
  return readdirSync(storage.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(storage.dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function fingerprint() {
  const [row] = await queryRows<{ items: string; parts: string; audit: string }>(
    getDb(),
    sql`select
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from inventory_items t) as items,
      (select md5(coalesce(string_agg(t::text, ',' order by t.package_item_id, t.part_item_id), ''))
         from inventory_package_parts t) as parts,
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from audit_log t) as audit`,
  );
  return { ...row, files: storedFiles() };
}

async function create(change: Partial<ItemFormValues> = {}, files: File[] = []) {
  const values: ItemFormValues = {
    ...EMPTY_ITEM_FORM,
    name: "LED Wall P3",
    category: "led",
    price: "5000",
    quantity: "10",
    ...change,
  };
  const result = await createItem(getDb(), values, files, actor, { storage });
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result.errors)}`);
  return result;
}

async function quoteFor(itemId: string, quantity = 1) {
  const [q] = await getDb()
    .insert(quotations)
    .values({
      customerName: "Test",
      email: "test@example.com",
      phone: "01700000000",
      eventName: "Wedding",
      eventDate: "2026-12-10",
      eventTime: "18:00",
      eventLocation: "Dhaka",
      status: "approved",
    })
    .returning({ id: quotations.id });
  await getDb().insert(quotationLines).values({
    quotationId: q!.id,
    inventoryItemId: itemId,
    name: "line",
    quantity,
    unitPrice: "5000",
    total: "5000",
    lineNo: 0,
  });
  return q!.id;
}

async function row(id: string) {
  const [found] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, id));
  return found;
}

async function lastAudit() {
  const rows = await getDb().select().from(auditLog).orderBy(auditLog.createdAt);
  return rows.at(-1);
}

/** Where the public site and the quotation form show the item with this public id. */
async function shownOn(slug: string, id: string) {
  const sitemap = await buildSitemap(getDb(), "https://rentals.example.com");
  return {
    catalogue: (await listProducts(getDb())).some((p) => p.slug === slug),
    category: (await listProducts(getDb(), "led")).some((p) => p.slug === slug),
    featured: (await listFeaturedProducts(getDb(), 50)).some((p) => p.slug === slug),
    page: (await getProduct(getDb(), slug)) !== null,
    picker: (await listQuotableProducts(getDb())).some((p) => p.id === id),
    preselect: (await findProductIdBySlug(getDb(), slug)) === id,
    sitemap: sitemap.includes(`/products/${slug}</loc>`),
  };
}

const EVERYWHERE = {
  catalogue: true,
  category: true,
  featured: true,
  page: true,
  picker: true,
  preselect: true,
  sitemap: true,
};
const NOWHERE = Object.fromEntries(Object.keys(EVERYWHERE).map((k) => [k, false]));

describe("deleteItem", () => {
  it("deletes an item nothing refers to, with its picture files and an audit line", async () => {
    const { id, slug } = await create({}, [new File([new Uint8Array(await makeImage("jpeg", 400, 300))], "a.jpg")]);
    const keep = await create({ name: "Truss" }, [
      new File([new Uint8Array(await makeImage("png", 100, 100))], "b.png"),
    ]);
    const kept = (await row(keep.id))!.uploadedImages[0]!;
    expect(storedFiles()).toHaveLength(2 + 1); // 320 and 400 wide, and 100
    expect(await shownOn(slug, id)).toEqual(EVERYWHERE); // and now cached

    expect(await deleteItem(getDb(), id, actor, { storage })).toEqual({
      ok: true,
      outcome: "deleted",
      message: INVENTORY_MESSAGES.deleted,
    });
    expect(await row(id)).toBeUndefined();
    expect(storedFiles()).toEqual([`${kept.key}-100.webp`]);
    expect(await lastAudit()).toMatchObject({
      action: "inventory_item.deleted",
      entityType: "inventory_item",
      entityId: id,
      summary: `Deleted the item "LED Wall P3" (led-wall-p3)`,
      changes: { name: "LED Wall P3", slug: "led-wall-p3", category: "led", price: "5000.00" },
    });
    // The storefront forgets it at once.
    expect(await shownOn(slug, id)).toEqual(NOWHERE);
  });

  it("deletes a package nothing refers to, and its list of parts with it (the parts stay)", async () => {
    const part = await create({ name: "Deck" });
    const pkg = await create({ name: "Stage Set", parts: [{ slug: part.slug, quantity: "4" }] });
    expect(await deleteItem(getDb(), pkg.id, actor, { storage })).toMatchObject({ ok: true, outcome: "deleted" });
    expect(await row(pkg.id)).toBeUndefined();
    expect(await getDb().select().from(inventoryPackageParts)).toEqual([]);
    expect(await row(part.id)).toMatchObject({ archivedAt: null });
    // With the package gone, the part is referred to by nothing and can go too.
    expect(await deleteItem(getDb(), part.id, actor, { storage })).toMatchObject({ outcome: "deleted" });
  });

  it("archives an item a quotation line refers to: kept for the quotation, hidden from the storefront", async () => {
    const { id, slug } = await create({}, [new File([new Uint8Array(await makeImage("jpeg", 300, 200))], "a.jpg")]);
    const quotationId = await quoteFor(id);
    const files = storedFiles();
    expect(await shownOn(slug, id)).toEqual(EVERYWHERE);

    expect(await deleteItem(getDb(), id, actor, { storage })).toEqual({
      ok: true,
      outcome: "archived",
      message: INVENTORY_MESSAGES.archived,
    });
    const archived = await row(id);
    expect(archived!.archivedAt).toBeInstanceOf(Date);
    expect(storedFiles()).toEqual(files); // the quotation's history may still show its pictures
    const [line] = await getDb().select().from(quotationLines).where(eq(quotationLines.quotationId, quotationId));
    expect(line!.inventoryItemId).toBe(id);
    expect(await lastAudit()).toMatchObject({ action: "inventory_item.archived", entityId: id });
    expect(await shownOn(slug, id)).toEqual(NOWHERE);

    // The back office lists it only among the archived.
    const listed = async (query: string) =>
      (await listInventory(getDb(), parseList(INVENTORY_LIST, query))).rows.map((r) => r.id);
    expect(await listed("?")).not.toContain(id);
    expect(await listed("?show=archived")).toEqual([id]);
    // The edit form knows it is archived.
    expect((await loadItemForm(getDb(), id))!.archived).toBe(true);
  });

  it("archives an item that is a part of a package, and a package a quotation refers to", async () => {
    const part = await create({ name: "Deck" });
    const pkg = await create({ name: "Stage Set", parts: [{ slug: part.slug, quantity: "4" }] });
    await quoteFor(pkg.id);
    expect(await deleteItem(getDb(), part.id, actor, { storage })).toMatchObject({
      outcome: "archived",
      message: INVENTORY_MESSAGES.archived,
    });
    expect(await deleteItem(getDb(), pkg.id, actor, { storage })).toMatchObject({
      outcome: "archived",
      message: INVENTORY_MESSAGES.archived,
    });
    expect((await row(part.id))!.archivedAt).not.toBeNull();
    expect((await row(pkg.id))!.archivedAt).not.toBeNull();
    expect(await getDb().select().from(inventoryPackageParts)).toHaveLength(1);
  });

  it("leaves an archived item archived when it is deleted again", async () => {
    const { id } = await create();
    await quoteFor(id);
    await deleteItem(getDb(), id, actor, { storage });
    const first = (await row(id))!.archivedAt;
    expect(await deleteItem(getDb(), id, actor, { storage })).toMatchObject({ outcome: "archived" });
    expect((await row(id))!.archivedAt).toEqual(first);
  });

  it.each([
    ["an unknown id", UNKNOWN_ID, "not-found", INVENTORY_MESSAGES.deleteFailed(INVENTORY_MESSAGES.notFound)],
    ["no id", "", "invalid", INVENTORY_MESSAGES.deleteFailed("no item was chosen")],
    [
      "a malformed id",
      "42; drop table inventory_items",
      "invalid",
      INVENTORY_MESSAGES.deleteFailed("no item was chosen"),
    ],
  ] as const)("refuses %s and writes nothing", async (_title, id, refusal, message) => {
    await create({}, [new File([new Uint8Array(await makeImage("jpeg", 100, 100))], "a.jpg")]);
    const before = await fingerprint();
    expect(await deleteItem(getDb(), id, actor, { storage })).toEqual({ ok: false, refusal, message, errors: {} });
    expect(await fingerprint()).toEqual(before);
  });
});

describe("restoreItem", () => {
  it("brings an archived item back to the storefront and the quotation form, with an audit line", async () => {
    const { id, slug } = await create();
    await quoteFor(id);
    await deleteItem(getDb(), id, actor, { storage });
    expect(await shownOn(slug, id)).toEqual(NOWHERE);

    expect(await restoreItem(getDb(), id, actor)).toEqual({ ok: true, message: INVENTORY_MESSAGES.restored });
    expect((await row(id))!.archivedAt).toBeNull();
    expect(await lastAudit()).toMatchObject({
      action: "inventory_item.restored",
      entityId: id,
      summary: 'Restored the archived item "LED Wall P3" (led-wall-p3)',
    });
    expect(await shownOn(slug, id)).toEqual(EVERYWHERE);
  });

  it.each([
    ["an item that is not archived", async () => (await create()).id],
    ["an unknown id", async () => UNKNOWN_ID],
    ["a malformed id", async () => "nope"],
  ])("refuses %s and writes nothing", async (_title, idOf) => {
    const id = await idOf();
    const before = await fingerprint();
    expect(await restoreItem(getDb(), id, actor)).toEqual({
      ok: false,
      refusal: "not-found",
      message: INVENTORY_MESSAGES.notFound,
      errors: {},
    });
    expect(await fingerprint()).toEqual(before);
  });
});

describe("loadItemForm", () => {
  it("is null for an unknown or malformed id", async () => {
    expect(await loadItemForm(getDb(), UNKNOWN_ID)).toBeNull();
    expect(await loadItemForm(getDb(), "x")).toBeNull();
  });

  it("gives the form's values as the item was saved", async () => {
    const part = await create({ name: "Deck" });
    const { id } = await create({
      name: "Stage Set",
      source: "outsourced",
      supplierName: "Dhaka Rentals",
      supplierEmail: "ops@example.com",
      quantity: "6",
      unitsUnderRepair: "2",
      repairReturnDate: "2026-12-20",
      tags: "stage,  wedding",
      imageUrls: "/images/a.webp\n\nhttps://cdn.example.com/b.webp",
      purchaseRate: "1,000",
      variations: [{ id: "", name: "Small", description: "4 decks", status: "available" }],
      parts: [{ slug: part.slug, quantity: "4" }],
    });
    const loaded = await loadItemForm(getDb(), id);
    expect(loaded).toMatchObject({
      slug: "stage-set",
      archived: false,
      values: {
        id,
        name: "Stage Set",
        source: "outsourced",
        status: "available",
        price: "5000.00",
        quantity: "6",
        unitsUnderRepair: "2",
        repairReturnDate: "2026-12-20",
        tags: "stage, wedding",
        imageUrls: "/images/a.webp\nhttps://cdn.example.com/b.webp",
        supplierName: "Dhaka Rentals",
        supplierPhone: "",
        supplierEmail: "ops@example.com",
        purchaseRate: "1000.00",
        paidAmount: "",
        variations: [{ id: expect.any(String), name: "Small", description: "4 decks", status: "available" }],
        parts: [{ slug: "deck", quantity: "4" }],
      },
    });
    expect(loaded!.values.version).toBe((await row(id))!.updatedAt.toISOString());
  });
});

describe("the database's own refusals (what the code checks first, kept true by constraints)", () => {
  async function constraintOf(write: Promise<unknown>): Promise<string | undefined> {
    try {
      await write;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause ?? error;
      return (cause as { constraint?: string }).constraint;
    }
    throw new Error("the write was accepted");
  }

  it("refuses more units under repair than owned", async () => {
    const { id } = await create({ quantity: "3" });
    expect(
      await constraintOf(getDb().update(inventoryItems).set({ unitsUnderRepair: 4 }).where(eq(inventoryItems.id, id))),
    ).toBe("inventory_items_units_under_repair_check");
    expect(
      await constraintOf(getDb().update(inventoryItems).set({ unitsUnderRepair: -1 }).where(eq(inventoryItems.id, id))),
    ).toBe("inventory_items_units_under_repair_check");
  });

  it("refuses a package containing itself, a part of 0 units, and deleting an item that is a part", async () => {
    const part = await create({ name: "Deck" });
    const pkg = await create({ name: "Set" });
    expect(
      await constraintOf(
        getDb().insert(inventoryPackageParts).values({ packageItemId: pkg.id, partItemId: pkg.id, quantity: 1 }),
      ),
    ).toBe("inventory_package_parts_not_itself_check");
    expect(
      await constraintOf(
        getDb().insert(inventoryPackageParts).values({ packageItemId: pkg.id, partItemId: part.id, quantity: 0 }),
      ),
    ).toBe("inventory_package_parts_quantity_check");
    await getDb().insert(inventoryPackageParts).values({ packageItemId: pkg.id, partItemId: part.id, quantity: 2 });
    expect(
      await constraintOf(
        getDb().insert(inventoryPackageParts).values({ packageItemId: pkg.id, partItemId: part.id, quantity: 3 }),
      ),
    ).toBe("inventory_package_parts_package_item_id_part_item_id_pk");
    expect(await constraintOf(getDb().delete(inventoryItems).where(eq(inventoryItems.id, part.id)))).toBe(
      "inventory_package_parts_part_item_id_inventory_items_id_fk",
    );
  });

  it("refuses a second item with the same public id", async () => {
    await create({ name: "Deck" });
    expect(
      await constraintOf(getDb().insert(inventoryItems).values({ slug: "deck", name: "Other", category: "stage" })),
    ).toBe("inventory_items_slug_unique");
  });
});
