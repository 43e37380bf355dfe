import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, inventoryItems, inventoryPackageParts, rateStructures } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, UPLOAD_EMPTY, UPLOAD_WRONG_TYPE } from "~/domain/media/upload";
import { getLogger } from "~/lib/logger.server";
import { createLocalStorage, type LocalStorage } from "~/lib/storage/local.server";
import { makeImage, pngHeaderDeclaring } from "../../../tests/support/images";
import { EMPTY_ITEM_FORM, INVENTORY_MESSAGES, readItemForm, type ItemFormValues } from "./item-form";
import { loadItemForm } from "./item-records.server";
import { getProduct, listProducts } from "../catalogue/catalogue.server";
import { chosenFiles } from "../media/form-uploads.server";
import { createItem, updateItem, type SaveItemResult } from "./save-item.server";
import type { Refusal } from "../use-case";

const actor: AuditActor = { userId: null, label: "admin@example.com", ipAddress: "203.0.113.7", userAgent: "vitest" };

let root: string;
let storage: LocalStorage;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "inventory-media-"));
  storage = createLocalStorage({ dir: path.join(root, "media") });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

// Every test starts from no items, no audit lines and no stored files.
beforeEach(async () => {
  const db = getDb();
  await db.delete(inventoryPackageParts);
  await db.delete(inventoryItems);
  await db.delete(auditLog);
  rmSync(storage.dir, { recursive: true, force: true });
});

const values = (change: Partial<ItemFormValues> = {}): ItemFormValues => ({
  ...EMPTY_ITEM_FORM,
  name: "LED Wall P3",
  description: "Indoor LED wall, 3.9 mm pitch",
  category: "led",
  price: "5000",
  priceUnit: "sqm/day",
  quantity: "20",
  tags: "led, wall",
  ...change,
});

const fileOf = (bytes: Uint8Array | string, name: string, type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** Every stored file, relative to the media folder. */
function storedFiles(): string[] {
  if (!existsSync(storage.dir)) return [];
  return readdirSync(storage.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(storage.dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** What the three tables hold and which files are stored: equal before and after means nothing was written. */
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
  const result = await createItem(getDb(), values(change), files, actor, { storage });
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result.errors)}`);
  return result;
}

async function row(id: string) {
  const [found] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, id));
  return found!;
}

async function auditRows() {
  return getDb()
    .select({
      action: auditLog.action,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .orderBy(auditLog.createdAt);
}

/** The edit form of item `id` as loaded, with `change` typed over it. */
async function editValues(id: string, change: Partial<ItemFormValues> = {}): Promise<ItemFormValues> {
  const loaded = await loadItemForm(getDb(), id);
  return { ...loaded!.values, ...change };
}

async function partsOf(packageId: string) {
  return getDb()
    .select({ part: inventoryPackageParts.partItemId, quantity: inventoryPackageParts.quantity })
    .from(inventoryPackageParts)
    .where(eq(inventoryPackageParts.packageItemId, packageId))
    .orderBy(inventoryPackageParts.position);
}

describe("createItem", () => {
  it("adds the item with a public id made from its name and an audit line", async () => {
    const result = await create({
      name: "  LED Wall P3.9 (Outdoor) ",
      price: "৳1,500.5",
      purchaseRate: "90000",
      paidAmount: "",
      imageUrls: "https://cdn.example.com/a.webp\n\n/images/b.webp\n",
      variations: [{ id: "", name: "Indoor", description: "", status: "available" }],
    });
    expect(result).toMatchObject({ ok: true, slug: "led-wall-p3-9-outdoor", changed: true });
    const saved = await row(result.id);
    expect(saved).toMatchObject({
      slug: "led-wall-p3-9-outdoor",
      name: "LED Wall P3.9 (Outdoor)",
      category: "led",
      price: "1500.50",
      priceUnit: "sqm/day",
      quantity: 20,
      tags: ["led", "wall"],
      imageUrls: ["https://cdn.example.com/a.webp", "/images/b.webp"],
      uploadedImages: [],
      purchaseRate: "90000.00",
      paidAmount: null,
      supplierInfo: null,
      archivedAt: null,
    });
    expect(saved.variations).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "Indoor", description: "", status: "available" },
    ]);
    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      action: "inventory_item.created",
      entityId: result.id,
      summary: 'Added the item "LED Wall P3.9 (Outdoor)" (led-wall-p3-9-outdoor)',
    });
    expect(audit!.changes).toMatchObject({ name: "LED Wall P3.9 (Outdoor)", price: "1500.50", parts: [] });
  });

  it("makes the public id unique with -2, -3, and keeps it when the name changes", async () => {
    const first = await create({ name: "Stage Deck" });
    const second = await create({ name: "stage deck!" });
    const third = await create({ name: "STAGE  DECK" });
    const other = await create({ name: "Stage Deck Skirt" });
    expect([first.slug, second.slug, third.slug, other.slug]).toEqual([
      "stage-deck",
      "stage-deck-2",
      "stage-deck-3",
      "stage-deck-skirt",
    ]);

    const renamed = await updateItem(getDb(), await editValues(first.id, { name: "Riser Platform" }), [], actor, {
      storage,
    });
    expect(renamed).toMatchObject({ ok: true, slug: "stage-deck", changed: true });
    expect((await row(first.id)).slug).toBe("stage-deck");
    // The freed name is not reused: the renamed item still holds it.
    expect((await create({ name: "Stage Deck" })).slug).toBe("stage-deck-4");
  });

  it("gives items of the same name added at the same moment each their own public id", async () => {
    // On PostgreSQL they race for the same public id; the losers take the next one.
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createItem(getDb(), values({ name: "Moving Head" }), [], actor, { storage })),
    );
    expect(results.map((r) => r.ok && r.slug).sort()).toEqual([
      "moving-head",
      "moving-head-2",
      "moving-head-3",
      "moving-head-4",
      "moving-head-5",
      "moving-head-6",
    ]);
  });

  it("gives names without Latin letters a fallback public id", async () => {
    expect((await create({ name: "মঞ্চ" })).slug).toBe("item");
    expect((await create({ name: "আলো" })).slug).toBe("item-2");
  });

  it("puts a new item after every other in the catalogue's order, so the featured items stay as chosen", async () => {
    const first = await create({ name: "Order First" });
    const second = await create({ name: "Order Second" });
    const rows = await getDb()
      .select({ id: inventoryItems.id, sortOrder: inventoryItems.sortOrder })
      .from(inventoryItems)
      .orderBy(desc(inventoryItems.sortOrder));
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(rows[0]!.sortOrder).toBe(rows[1]!.sortOrder + 1);
  });

  it("keeps supplier information for outsourced items only", async () => {
    const supplier = {
      supplierName: "Dhaka Rentals",
      supplierPhone: "01711000000",
      supplierEmail: "",
      supplierNotes: "",
    };
    const outsourced = await create({ name: "Outsourced", source: "outsourced", ...supplier });
    const inHouse = await create({ name: "In house", source: "in-house", ...supplier });
    expect((await row(outsourced.id)).supplierInfo).toEqual({ name: "Dhaka Rentals", phone: "01711000000" });
    expect((await row(inHouse.id)).supplierInfo).toBeNull();
  });

  it("stores uploaded pictures after the typed addresses", async () => {
    const result = await create({ imageUrls: "/images/typed.webp" }, [
      fileOf(await makeImage("jpeg", 700, 500), "front.jpg"),
      fileOf(await makeImage("png", 200, 100), "back.png", "image/png"),
    ]);
    const saved = await row(result.id);
    expect(saved.uploadedImages).toHaveLength(2);
    const [front, back] = saved.uploadedImages;
    expect(front!.variants).toEqual([
      { width: 320, height: 229 },
      { width: 640, height: 457 },
      { width: 700, height: 500 },
    ]);
    expect(back!.variants).toEqual([{ width: 200, height: 100 }]);
    expect(saved.imageUrls).toEqual([
      "/images/typed.webp",
      `/media/${front!.key}-700.webp`,
      `/media/${back!.key}-200.webp`,
    ]);
    expect(storedFiles()).toEqual(
      [`${front!.key}-320.webp`, `${front!.key}-640.webp`, `${front!.key}-700.webp`, `${back!.key}-200.webp`].sort(),
    );
  });

  it("has the storefront offer an uploaded picture's stored widths (srcset), on the card only for the first", async () => {
    const result = await create({}, [
      fileOf(await makeImage("jpeg", 700, 500), "front.jpg"),
      fileOf(await makeImage("jpeg", 400, 300), "side.jpg"),
    ]);
    const saved = await row(result.id);
    const [front, side] = saved.imageUrls;
    const card = (await listProducts(getDb())).find((p) => p.slug === result.slug)!;
    expect(Object.keys(card.srcSets)).toEqual([front]);
    expect(card.srcSets[front!]).toMatch(/-320\.webp 320w, \S+-640\.webp 640w, \S+-700\.webp 700w$/);
    expect(card).not.toHaveProperty("uploadedImages");
    const page = await getProduct(getDb(), result.slug);
    expect(Object.keys(page!.srcSets).sort()).toEqual([front, side].sort());
  });

  it("reads a real form post: chosenFiles leaves out the empty file of an untouched picture input", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values())) if (typeof v === "string") form.set(k, v);
    form.append("newImages", new File([], ""));
    expect(chosenFiles(form, "newImages")).toEqual([]);
    form.append("newImages", fileOf(await makeImage("webp", 100, 80), "a.webp", "image/webp"));
    expect(chosenFiles(form, "newImages")).toHaveLength(1);
    const result = await createItem(getDb(), readItemForm(form), chosenFiles(form, "newImages"), actor, { storage });
    expect(result.ok).toBe(true);
    expect(storedFiles()).toHaveLength(1);
  });
});

describe("when the storage or the database fails (issue 19: refusals and errors, ADR 0023)", () => {
  it("refuses as unavailable when the storage fails, writing no row and leaving no file", async () => {
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    let puts = 0;
    const failing = {
      ...storage,
      async put(...args: Parameters<LocalStorage["put"]>) {
        if (++puts === 2) throw new Error("disk full");
        return storage.put(...args);
      },
    };
    const before = await fingerprint();
    const result = await createItem(getDb(), values(), [fileOf(await makeImage("jpeg", 700, 500), "a.jpg")], actor, {
      storage: failing,
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: "unavailable",
      errors: { form: "The pictures could not be stored. Please try again." },
    });
    expect(await fingerprint()).toEqual(before);
    expect(logged).toHaveBeenCalledWith(expect.anything(), "storing uploaded pictures failed");
    logged.mockRestore();
  });

  it("lets an unexpected database error through (the error handler answers 500) and deletes the stored pictures", async () => {
    const db = getDb();
    const before = await fingerprint();
    const spy = vi.spyOn(db, "transaction").mockRejectedValueOnce(new Error("database went away"));
    await expect(
      createItem(db, values(), [fileOf(await makeImage("jpeg", 300, 200), "a.jpg")], actor, { storage }),
    ).rejects.toThrow("database went away");
    spy.mockRestore();
    expect(await fingerprint()).toEqual(before);
  });
});

describe("updateItem", () => {
  const supplier = {
    source: "outsourced",
    supplierName: "Dhaka Rentals",
    supplierPhone: "01711000000",
    supplierEmail: "ops@dhaka-rentals.example",
    supplierNotes: "Call before noon",
  };
  const variations = [
    { id: "", name: "Indoor", description: "P3.9", status: "available" },
    { id: "", name: "Outdoor", description: "", status: "booked" },
  ];

  it("writes the changed fields and their before and after to the audit log", async () => {
    const { id } = await create({ ...supplier, variations, purchaseRate: "100" });
    const result = await updateItem(
      getDb(),
      await editValues(id, {
        name: "LED Wall P3 Indoor",
        price: "5500.00",
        tags: "led, wall, indoor",
        purchaseRate: "",
      }),
      [],
      actor,
      { storage },
    );
    expect(result).toEqual({
      ok: true,
      id,
      slug: "led-wall-p3",
      changed: true,
      message: INVENTORY_MESSAGES.updated,
    });
    expect(await row(id)).toMatchObject({ name: "LED Wall P3 Indoor", price: "5500.00", purchaseRate: null });
    const audit = (await auditRows()).at(-1)!;
    expect(audit.action).toBe("inventory_item.updated");
    expect(audit.entityId).toBe(id);
    expect(audit.changes).toEqual({
      name: { from: "LED Wall P3", to: "LED Wall P3 Indoor" },
      price: { from: "5000.00", to: "5500.00" },
      tags: { from: ["led", "wall"], to: ["led", "wall", "indoor"] },
      purchaseRate: { from: "100.00", to: null },
    });
    expect(audit.summary).toBe('Updated the item "LED Wall P3 Indoor": name, price, tags, purchaseRate');
  });

  it("writes nothing when nothing changed, variations and supplier information included", async () => {
    const { id } = await create({ ...supplier, variations });
    const before = await fingerprint();
    const result = await updateItem(getDb(), await editValues(id), [], actor, { storage });
    expect(result).toEqual({
      ok: true,
      id,
      slug: "led-wall-p3",
      changed: false,
      message: INVENTORY_MESSAGES.updated,
    });
    expect(await fingerprint()).toEqual(before);
  });

  it("keeps each variation's id across saves and gives new rows one", async () => {
    const { id } = await create({ variations });
    const [indoor, outdoor] = (await row(id)).variations;
    const loaded = await editValues(id);
    await updateItem(
      getDb(),
      {
        ...loaded,
        variations: [
          { ...loaded.variations[1]!, status: "available" },
          { id: "", name: "Curved", description: "", status: "available" },
        ],
      },
      [],
      actor,
      { storage },
    );
    const after = (await row(id)).variations;
    expect(after[0]).toMatchObject({ id: outdoor!.id, name: "Outdoor", status: "available" });
    expect(after[1]!.id).not.toBe(indoor!.id);
    expect(after[1]).toMatchObject({ name: "Curved" });
  });

  it("refuses a form opened before someone else's save", async () => {
    const { id } = await create();
    const stale = await editValues(id, { price: "1" });
    await new Promise((r) => setTimeout(r, 5));
    expect(await updateItem(getDb(), await editValues(id, { price: "2" }), [], actor, { storage })).toMatchObject({
      ok: true,
    });
    const before = await fingerprint();
    const result = await updateItem(getDb(), stale, [], actor, { storage });
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: INVENTORY_MESSAGES.changedMeanwhile,
      errors: { form: INVENTORY_MESSAGES.changedMeanwhile },
      values: stale,
    });
    expect(await fingerprint()).toEqual(before);
    expect((await row(id)).price).toBe("2.00");
  });

  it("refuses an edit that does not say which version of the item it was opened at", async () => {
    const { id } = await create();
    const before = await fingerprint();
    const result = await updateItem(getDb(), { ...(await editValues(id, { price: "7" })), version: "" }, [], actor, {
      storage,
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVENTORY_MESSAGES.changedMeanwhile },
    });
    expect(await fingerprint()).toEqual(before);
  });

  it("deletes the files of pictures taken out of the list, keeps the others and adds new ones at the end", async () => {
    const { id } = await create({ imageUrls: "/images/typed.webp" }, [
      fileOf(await makeImage("jpeg", 300, 200), "one.jpg"),
      fileOf(await makeImage("jpeg", 300, 200), "two.jpg"),
    ]);
    const [one, two] = (await row(id)).uploadedImages;
    const loaded = await editValues(id);
    expect(loaded.imageUrls).toBe(`/images/typed.webp\n/media/${one!.key}-300.webp\n/media/${two!.key}-300.webp`);

    // Take out the first upload, put the second before the typed address, add a third.
    const result = await updateItem(
      getDb(),
      { ...loaded, imageUrls: `/media/${two!.key}-300.webp\n/images/typed.webp` },
      [fileOf(await makeImage("png", 150, 100), "three.png", "image/png")],
      actor,
      { storage },
    );
    expect(result).toMatchObject({ ok: true, changed: true });
    const after = await row(id);
    expect(after.uploadedImages.map((r) => r.key)).toEqual([two!.key, expect.stringMatching(/^inventory\//)]);
    const three = after.uploadedImages[1]!;
    expect(after.imageUrls).toEqual([
      `/media/${two!.key}-300.webp`,
      "/images/typed.webp",
      `/media/${three.key}-150.webp`,
    ]);
    expect(storedFiles()).toEqual([`${two!.key}-300.webp`, `${three.key}-150.webp`].sort());
    expect((await auditRows()).at(-1)!.changes).toEqual({
      imageUrls: {
        from: ["/images/typed.webp", `/media/${one!.key}-300.webp`, `/media/${two!.key}-300.webp`],
        to: after.imageUrls,
      },
    });
  });

  it("makes an item available again when every unit under repair is back", async () => {
    const { id } = await create({ quantity: "4", unitsUnderRepair: "4", repairReturnDate: "2026-12-20" });
    expect(await row(id)).toMatchObject({
      status: "under-repair",
      unitsUnderRepair: 4,
      repairReturnDate: "2026-12-20",
    });
    await updateItem(getDb(), await editValues(id, { unitsUnderRepair: "0" }), [], actor, { storage });
    expect(await row(id)).toMatchObject({ status: "available", unitsUnderRepair: 0, repairReturnDate: null });
  });

  it("makes an item available again when some of its units, all in the workshop, are back", async () => {
    const { id } = await create({ quantity: "4", unitsUnderRepair: "4", repairReturnDate: "2026-12-20" });
    await updateItem(getDb(), await editValues(id, { unitsUnderRepair: "1" }), [], actor, { storage });
    expect(await row(id)).toMatchObject({ status: "available", unitsUnderRepair: 1, repairReturnDate: "2026-12-20" });
  });

  it("keeps an under-repair status chosen by hand while units are still in the workshop", async () => {
    const { id } = await create({ quantity: "4", unitsUnderRepair: "1", status: "under-repair" });
    await updateItem(getDb(), await editValues(id, { unitsUnderRepair: "2" }), [], actor, { storage });
    expect(await row(id)).toMatchObject({ status: "under-repair", unitsUnderRepair: 2 });
    // Booked or available chosen by hand stays too.
    await updateItem(getDb(), await editValues(id, { status: "booked" }), [], actor, { storage });
    expect(await row(id)).toMatchObject({ status: "booked", unitsUnderRepair: 2 });
  });

  describe("package parts", () => {
    it("stores the parts in their order, by public id, and loads them back into the form", async () => {
      const deck = await create({ name: "Stage Deck" });
      const truss = await create({ name: "Truss 3m" });
      const pkg = await create({
        name: "Wedding Stage Set",
        parts: [
          { slug: "truss-3m", quantity: "4" },
          { slug: " STAGE-DECK ", quantity: "6" },
        ],
      });
      expect(await partsOf(pkg.id)).toEqual([
        { part: truss.id, quantity: 4 },
        { part: deck.id, quantity: 6 },
      ]);
      expect((await loadItemForm(getDb(), pkg.id))!.values.parts).toEqual([
        { slug: "truss-3m", quantity: "4" },
        { slug: "stage-deck", quantity: "6" },
      ]);
      expect((await auditRows()).at(-1)!.changes).toMatchObject({
        parts: [
          { slug: "truss-3m", quantity: 4 },
          { slug: "stage-deck", quantity: 6 },
        ],
      });

      // Changing a part's quantity and dropping the other.
      await updateItem(
        getDb(),
        await editValues(pkg.id, { parts: [{ slug: "stage-deck", quantity: "8" }] }),
        [],
        actor,
        {
          storage,
        },
      );
      expect(await partsOf(pkg.id)).toEqual([{ part: deck.id, quantity: 8 }]);
      expect((await auditRows()).at(-1)!.changes).toEqual({
        parts: {
          from: [
            { slug: "truss-3m", quantity: 4 },
            { slug: "stage-deck", quantity: 6 },
          ],
          to: [{ slug: "stage-deck", quantity: 8 }],
        },
      });
    });
  });
});

describe("refusals: nothing is written, the message names the field, what was typed comes back", () => {
  let partSlug: string;
  let packageSlug: string;
  let packageId: string;
  let partId: string;
  let plainId: string;

  // The same three items before every case: a part, a package of it, and a plain item.
  beforeEach(async () => {
    const part = await create({ name: "Truss 3m" });
    const plain = await create({ name: "Fog Machine" });
    const pkg = await create({ name: "Truss Kit", parts: [{ slug: part.slug, quantity: "2" }] });
    [partSlug, packageSlug, packageId, partId, plainId] = [part.slug, pkg.slug, pkg.id, part.id, plain.id];
  });

  type Case = {
    title: string;
    /** Fields to type over a valid form; null removes the field from the post. */
    change?: Record<string, string | null>;
    /** Rows of repeated fields (variations, parts) as posted. */
    rows?: Record<string, string[]>;
    files?: () => Promise<File[]>;
    maxBytes?: number;
    field: string;
    message: string | RegExp;
  };

  const big = (n: number) => "x".repeat(n);
  const jpeg = async () => fileOf(await makeImage("jpeg", 120, 80), "ok.jpg");

  const CASES: Case[] = [
    { title: "no name", change: { name: null }, field: "name", message: "Name is required" },
    { title: "a blank name", change: { name: "   \t " }, field: "name", message: "Name is required" },
    {
      title: "a 10 MB name",
      change: { name: big(10 * 1024 * 1024) },
      field: "name",
      message: "Name must be at most 200 characters",
    },
    {
      title: "a 201-character name",
      change: { name: big(201) },
      field: "name",
      message: "Name must be at most 200 characters",
    },
    {
      title: "a 5,001-character description",
      change: { description: big(5001) },
      field: "description",
      message: "Description must be at most 5,000 characters",
    },
    { title: "no category", change: { category: null }, field: "category", message: "Choose a category" },
    { title: "an unknown category", change: { category: "weapons" }, field: "category", message: "Choose a category" },
    {
      title: "a category by its name, not its id",
      change: { category: "LED Walls" },
      field: "category",
      message: "Choose a category",
    },
    { title: "an unknown status", change: { status: "lost" }, field: "status", message: "Choose a status" },
    { title: "no status", change: { status: null }, field: "status", message: "Choose a status" },
    {
      title: "an unknown group",
      change: { inventoryGroup: "XYZ" },
      field: "inventoryGroup",
      message: "Choose the inventory group (STV or SLD)",
    },
    {
      title: "a group in the wrong case",
      change: { inventoryGroup: "stv" },
      field: "inventoryGroup",
      message: "Choose the inventory group (STV or SLD)",
    },
    {
      title: "an unknown source",
      change: { source: "borrowed" },
      field: "source",
      message: "Choose the source (in-house or outsourced)",
    },
    {
      title: "an unknown price unit",
      change: { priceUnit: "year" },
      field: "priceUnit",
      message: "Choose what the price is for",
    },
    { title: "no price", change: { price: null }, field: "price", message: "Price is required" },
    { title: "a blank price", change: { price: "  " }, field: "price", message: "Price is required" },
    { title: "a negative price", change: { price: "-100" }, field: "price", message: "Price must be 0 or more" },
    {
      title: "a non-numeric price",
      change: { price: "free" },
      field: "price",
      message: "Price must be an amount in taka, e.g. 1500 or 1500.50",
    },
    {
      title: "a price with 3 decimals",
      change: { price: "99.999" },
      field: "price",
      message: "Price can have at most 2 decimals",
    },
    {
      title: "a price in exponent notation",
      change: { price: "1e6" },
      field: "price",
      message: "Price must be an amount in taka, e.g. 1500 or 1500.50",
    },
    {
      title: "a price of NaN",
      change: { price: "NaN" },
      field: "price",
      message: "Price must be an amount in taka, e.g. 1500 or 1500.50",
    },
    {
      title: "a price past the typed bound",
      change: { price: "100000000.00" },
      field: "price",
      message: "Price must be at most ৳99,999,999.99",
    },
    {
      title: "a negative purchase rate",
      change: { purchaseRate: "-1" },
      field: "purchaseRate",
      message: "Purchase rate must be 0 or more",
    },
    {
      title: "a non-numeric paid amount",
      change: { paidAmount: "half" },
      field: "paidAmount",
      message: "Paid amount must be an amount in taka, e.g. 1500 or 1500.50",
    },
    { title: "no units owned", change: { quantity: "" }, field: "quantity", message: "Units owned is required" },
    {
      title: "negative units owned",
      change: { quantity: "-3" },
      field: "quantity",
      message: "Units owned must be a whole number from 0 to 1,000,000",
    },
    {
      title: "fractional units owned",
      change: { quantity: "2.5" },
      field: "quantity",
      message: "Units owned must be a whole number from 0 to 1,000,000",
    },
    {
      title: "too many units owned",
      change: { quantity: "1000001" },
      field: "quantity",
      message: "Units owned must be a whole number from 0 to 1,000,000",
    },
    {
      title: "more units under repair than owned",
      change: { quantity: "3", unitsUnderRepair: "4" },
      field: "unitsUnderRepair",
      message: "Units under repair cannot be more than the units owned",
    },
    {
      title: "an impossible return date",
      change: { unitsUnderRepair: "1", repairReturnDate: "2026-02-30" },
      field: "repairReturnDate",
      message: "Expected back must be a date",
    },
    {
      title: "a return date in words",
      change: { unitsUnderRepair: "1", repairReturnDate: "next week" },
      field: "repairReturnDate",
      message: "Expected back must be a date",
    },
    {
      title: "31 tags",
      change: { tags: Array.from({ length: 31 }, (_, i) => `tag${i}`).join(",") },
      field: "tags",
      message: "At most 30 tags",
    },
    {
      title: "a 51-character tag",
      change: { tags: `ok, ${big(51)}` },
      field: "tags",
      message: "Each tag must be at most 50 characters",
    },
    {
      title: "an image line that is not an address",
      change: { imageUrls: "https://cdn.example.com/a.webp\nphoto.jpg" },
      field: "imageUrls",
      message: "Each image address must start with https:// or /",
    },
    {
      title: "a javascript: URL",
      change: { imageUrls: "javascript:alert(document.cookie)" },
      field: "imageUrls",
      message: "Each image address must start with https:// or /",
    },
    {
      title: "a data: URL",
      change: { imageUrls: "data:text/html,<script>alert(1)</script>" },
      field: "imageUrls",
      message: "Each image address must start with https:// or /",
    },
    {
      title: "a protocol-relative URL",
      change: { imageUrls: "//evil.example.com/x.png" },
      field: "imageUrls",
      message: "Each image address must start with https:// or /",
    },
    {
      title: "21 image addresses",
      change: { imageUrls: Array.from({ length: 21 }, (_, i) => `/images/${i}.webp`).join("\n") },
      field: "imageUrls",
      message: "At most 20 images per item",
    },
    {
      title: "a 2,001-character image address",
      change: { imageUrls: `https://cdn.example.com/${big(1980)}` },
      field: "imageUrls",
      message: "Each image address must be at most 2,000 characters",
    },
    {
      title: "a bad supplier e-mail",
      change: { source: "outsourced", supplierEmail: "ops at example" },
      field: "supplierEmail",
      message: "Supplier e-mail is not a valid address",
    },
    {
      title: "a variation without a name",
      rows: {
        variationId: [""],
        variationName: [""],
        variationDescription: ["Only a description"],
        variationStatus: ["available"],
      },
      field: "variations",
      message: "Variation name is required",
    },
    {
      title: "a variation with an unknown status",
      rows: { variationId: [""], variationName: ["Indoor"], variationDescription: [""], variationStatus: ["gone"] },
      field: "variations",
      message: "Choose the variation's status",
    },
    {
      title: "an unknown part",
      rows: { partSlug: ["no-such-item"], partQuantity: ["1"] },
      field: "parts",
      message: "No item has the public id no-such-item",
    },
    {
      title: "a part with 0 units",
      rows: { partSlug: ["truss-3m"], partQuantity: ["0"] },
      field: "parts",
      message: "Units per package must be a whole number from 1 to 1,000,000",
    },
    {
      title: "a part listed twice",
      rows: { partSlug: ["truss-3m", "Truss-3m"], partQuantity: ["1", "2"] },
      field: "parts",
      message: "Each part can be listed once",
    },
    {
      title: "a package as a part",
      rows: { partSlug: ["truss-kit"], partQuantity: ["1"] },
      field: "parts",
      message: "truss-kit is a package itself; list its parts instead",
    },
    {
      title: "a non-image file",
      files: async () => [fileOf("hello, this is text", "notes.jpg")],
      field: "newImages",
      message: UPLOAD_WRONG_TYPE,
    },
    {
      title: "an SVG",
      files: async () => [
        fileOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "x.svg", "image/svg+xml"),
      ],
      field: "newImages",
      message: UPLOAD_WRONG_TYPE,
    },
    {
      title: "an empty file",
      files: async () => [fileOf(new Uint8Array(0), "empty.jpg")],
      field: "newImages",
      message: UPLOAD_EMPTY,
    },
    {
      title: "an oversized file",
      files: async () => [fileOf(new Uint8Array(200 * 1024).fill(0xff), "huge.jpg")],
      maxBytes: 100 * 1024,
      field: "newImages",
      message: "The image is larger than 100 KB.",
    },
    {
      title: "an image that cannot be decoded",
      files: async () => [fileOf((await makeImage("jpeg", 400, 300)).subarray(0, 300), "cut.jpg")],
      field: "newImages",
      message: IMAGE_UNREADABLE,
    },
    {
      title: "a decompression bomb",
      files: async () => [fileOf(pngHeaderDeclaring(30_000, 30_000), "bomb.png", "image/png")],
      field: "newImages",
      message: IMAGE_TOO_MANY_PIXELS,
    },
    {
      title: "a good picture beside a non-image (the good one is not kept)",
      files: async () => [await jpeg(), fileOf("%PDF-1.4", "doc.pdf", "application/pdf")],
      field: "newImages",
      message: `doc.pdf: ${UPLOAD_WRONG_TYPE}`,
    },
    {
      title: "a good picture with an unknown part (the stored picture is deleted again)",
      rows: { partSlug: ["nope"], partQuantity: ["1"] },
      files: async () => [await jpeg()],
      field: "parts",
      message: "No item has the public id nope",
    },
    {
      title: "21 pictures",
      files: async () => Array.from({ length: 21 }, () => fileOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "a.jpg")),
      field: "newImages",
      message: "At most 20 images per item",
    },
  ];

  function post(c: Case, extra: Record<string, string> = {}): FormData {
    const form = new FormData();
    const fields: Record<string, string | null> = {
      ...(values() as unknown as Record<string, string>),
      ...extra,
      ...c.change,
    };
    for (const [k, v] of Object.entries(fields)) if (typeof v === "string") form.set(k, v);
    for (const [k, list] of Object.entries(c.rows ?? {})) for (const v of list) form.append(k, v);
    return form;
  }

  it("has at least 30 cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  async function expectRefused(result: SaveItemResult, c: Case, form: FormData) {
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toBe("invalid");
    expect(Object.keys(result.errors)).toContain(c.field);
    if (typeof c.message === "string") expect(result.errors[c.field]).toBe(c.message);
    else expect(result.errors[c.field]).toMatch(c.message);
    // The toast's message is the form's first problem, and what was typed comes back as typed.
    expect(Object.values(result.errors)).toContain(result.message);
    expect(result.values).toEqual(readItemForm(form));
  }

  it.each(CASES)("create with $title", async (c) => {
    const before = await fingerprint();
    const form = post(c);
    const files = c.files ? await c.files() : chosenFiles(form, "newImages");
    const result = await createItem(getDb(), readItemForm(form), files, actor, { storage, maxBytes: c.maxBytes });
    await expectRefused(result, c, form);
    expect(await fingerprint()).toEqual(before);
  });

  it.each(CASES)("update with $title", async (c) => {
    const before = await fingerprint();
    const loaded = await loadItemForm(getDb(), plainId);
    const form = post(c, { id: plainId, version: loaded!.values.version });
    const files = c.files ? await c.files() : chosenFiles(form, "newImages");
    const result = await updateItem(getDb(), readItemForm(form), files, actor, { storage, maxBytes: c.maxBytes });
    await expectRefused(result, c, form);
    expect(await fingerprint()).toEqual(before);
  });

  const UPDATE_ONLY: Array<{
    title: string;
    values: () => Promise<ItemFormValues>;
    refusal: Refusal;
    field: string;
    message: string;
  }> = [
    {
      title: "no item id",
      values: async () => values({ id: "" }),
      refusal: "invalid",
      field: "form",
      message: INVENTORY_MESSAGES.idRequired,
    },
    {
      title: "a blank item id",
      values: async () => values({ id: "   " }),
      refusal: "invalid",
      field: "form",
      message: INVENTORY_MESSAGES.idRequired,
    },
    {
      title: "a malformed item id",
      values: async () => values({ id: "42" }),
      refusal: "invalid",
      field: "form",
      message: INVENTORY_MESSAGES.idRequired,
    },
    {
      title: "an item id carrying SQL",
      values: async () => values({ id: "' or 1=1 --" }),
      refusal: "invalid",
      field: "form",
      message: INVENTORY_MESSAGES.idRequired,
    },
    {
      title: "an unknown item id",
      values: async () => values({ id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301" }),
      refusal: "not-found",
      field: "form",
      message: INVENTORY_MESSAGES.notFound,
    },
    {
      title: "a package containing itself",
      values: async () => editValues(packageId, { parts: [{ slug: packageSlug, quantity: "1" }] }),
      refusal: "invalid",
      field: "parts",
      message: "A package cannot contain itself",
    },
    {
      title: "a part made into a package",
      values: async () => editValues(partId, { parts: [{ slug: "fog-machine", quantity: "1" }] }),
      refusal: "invalid",
      field: "parts",
      message: "This item is a part of another package, so it cannot be a package itself",
    },
    {
      title: "a package as a part of a package",
      values: async () => editValues(plainId, { parts: [{ slug: packageSlug, quantity: "1" }] }),
      refusal: "invalid",
      field: "parts",
      message: "truss-kit is a package itself; list its parts instead",
    },
    {
      title: "an archived item as a part",
      values: async () => {
        await getDb().update(inventoryItems).set({ archivedAt: new Date() }).where(eq(inventoryItems.id, partId));
        return editValues(plainId, { parts: [{ slug: partSlug, quantity: "1" }] });
      },
      refusal: "invalid",
      field: "parts",
      message: "truss-3m is archived: restore it or take it out of the package",
    },
  ];

  it.each(UPDATE_ONLY)("update with $title", async (c) => {
    const submitted = await c.values();
    const before = await fingerprint();
    const result = await updateItem(getDb(), submitted, [await jpeg()], actor, { storage });
    expect(result).toMatchObject({
      ok: false,
      refusal: c.refusal,
      message: c.message,
      errors: { [c.field]: c.message },
    });
    expect((result as { values: ItemFormValues }).values).toEqual(submitted);
    // The picture chosen with the refused form is not kept either.
    expect(await fingerprint()).toEqual(before);
  });
});

describe("an item's rate structure (issue 19, ADR 0019)", () => {
  it("stores the chosen structure, shows it in the form again, and keeps the default as none", async () => {
    const [structure] = await getDb()
      .insert(rateStructures)
      .values({ name: "Item dialog week", daysCharged: [1, 2, 3, 3, 3, 3, 3], extraWeekDays: 3 })
      .returning({ id: rateStructures.id });
    const created = await createItem(getDb(), values({ rateStructureId: structure!.id.toUpperCase() }), [], actor);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const form = await loadItemForm(getDb(), created.id);
    expect(form!.values.rateStructureId).toBe(structure!.id);
    const updated = await updateItem(getDb(), { ...form!.values, rateStructureId: "" }, [], actor);
    expect(updated).toMatchObject({ ok: true, changed: true });
    const [row] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, created.id));
    expect(row!.rateStructureId).toBeNull();
  });

  it("refuses a structure that does not exist, naming the field, and writes nothing", async () => {
    const before = await fingerprint();
    const result = await createItem(
      getDb(),
      values({ rateStructureId: "00000000-0000-4000-8000-000000000042" }),
      [],
      actor,
    );
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { rateStructureId: "This rate structure no longer exists; choose another" },
    });
    expect(await fingerprint()).toEqual(before);
  });
});
