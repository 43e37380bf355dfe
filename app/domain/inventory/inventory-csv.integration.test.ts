import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, inventoryItems, inventoryPackageParts, quotationLines, quotations } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { parseList } from "~/lib/list-params";
import { CSV_IMPORT_LIMITS, INVENTORY_CSV_COLUMNS } from "./inventory-csv";
import { exportInventoryCsv, importInventory, previewInventoryImport } from "./inventory-csv.server";
import { INVENTORY_LIST } from "./inventory-list";
import { listInventory } from "./inventory-list.server";

const ACTOR: AuditActor = { userId: null, label: "importer@example.com", ipAddress: "192.0.2.9", userAgent: "vitest" };
const HEADER = INVENTORY_CSV_COLUMNS.map((c) => c.header);

type NewItem = typeof inventoryItems.$inferInsert;

async function items(...rows: (Partial<NewItem> & { slug: string })[]) {
  return getDb()
    .insert(inventoryItems)
    .values(rows.map((r) => ({ name: r.slug, category: "lighting" as const, price: "100", ...r })))
    .returning({ id: inventoryItems.id, slug: inventoryItems.slug });
}

async function exportText(query = "", batchSize?: number): Promise<string> {
  let text = "";
  for await (const chunk of exportInventoryCsv(getDb(), parseList(INVENTORY_LIST, query), { batchSize })) text += chunk;
  return text;
}

/** The export's records (the header first), as a spreadsheet would read them. */
async function exportRecords(query = "", batchSize?: number): Promise<string[][]> {
  return parse(await exportText(query, batchSize), { bom: true });
}

const column = (records: string[][], header: string) => {
  const i = records[0]!.indexOf(header);
  return records.slice(1).map((r) => r[i]!);
};

/** A CSV file from a header and rows (cells with commas, quotes or line breaks quoted). */
function csv(header: string[], ...rows: string[][]): string {
  const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

async function fingerprint(): Promise<string> {
  const [row] = await queryRows<{ items: string | null; parts: string | null; audit: number }>(
    getDb(),
    sql`select (select md5(string_agg(t::text, ',' order by id)) from inventory_items t) as items,
               (select md5(string_agg(p::text, ',' order by package_item_id, part_item_id)) from inventory_package_parts p) as parts,
               (select count(*)::int from audit_log) as audit`,
  );
  return JSON.stringify(row);
}

beforeEach(async () => {
  const db = getDb();
  await db.delete(quotationLines);
  await db.delete(quotations);
  await db.delete(inventoryPackageParts);
  await db.delete(inventoryItems);
  await db.delete(auditLog);
});

describe("exportInventoryCsv", () => {
  beforeEach(async () => {
    await items(
      { slug: "moving-head", name: "Moving Head Beam", category: "lighting", price: "3500", tags: ["beam", "dmx"] },
      { slug: "par-can", name: "LED Par Can", category: "lighting", price: "800", status: "booked" },
      { slug: "line-array", name: "Line Array", category: "sound", price: "12000", source: "outsourced" },
      { slug: "led-wall", name: "LED Wall P3", category: "led", price: "5000", priceUnit: "sqm/day" },
      { slug: "old-fog", name: "Old Fog Machine", category: "fx", price: "900", archivedAt: new Date() },
    );
  });

  it("writes a header row after a byte order mark, then the list's items with every column, CRLF line ends", async () => {
    const text = await exportText();
    expect(text.startsWith(`\uFEFF${HEADER.join(",")}\r\n`)).toBe(true);
    const records = await exportRecords();
    expect(records[0]).toEqual(HEADER);
    // Name order, archived items left out, as the list.
    expect(column(records, "Public ID")).toEqual(["par-can", "led-wall", "line-array", "moving-head"]);
    expect(records[2]).toEqual(
      expect.arrayContaining(["led-wall", "LED Wall P3", "led", "5000.00", "sqm/day", "STV", "in-house", "available"]),
    );
    expect(column(records, "Tags")).toContain("beam, dmx");
  });

  it("applies the list's search, filters and sort", async () => {
    expect(column(await exportRecords("?category=lighting"), "Public ID")).toEqual(["par-can", "moving-head"]);
    expect(column(await exportRecords("?category=lighting&status=booked"), "Public ID")).toEqual(["par-can"]);
    expect(column(await exportRecords("?source=outsourced"), "Public ID")).toEqual(["line-array"]);
    expect(column(await exportRecords("?q=dmx"), "Public ID")).toEqual(["moving-head"]);
    expect(column(await exportRecords("?q=led"), "Public ID")).toEqual(["par-can", "led-wall"]);
    expect(column(await exportRecords("?show=archived"), "Public ID")).toEqual(["old-fog"]);
    expect(column(await exportRecords("?sort=price&dir=desc"), "Price")).toEqual([
      "12000.00",
      "5000.00",
      "3500.00",
      "800.00",
    ]);
    expect(column(await exportRecords("?q=nothing-like-this"), "Public ID")).toEqual([]);
  });

  it("pages through the rows by keyset in the list's exact order, ties in the sort key included", async () => {
    // 45 more items, many with the same price, category, status and source.
    await items(
      ...Array.from({ length: 45 }, (_, i) => ({
        slug: `item-${String(i).padStart(2, "0")}`,
        name: `Item ${i % 7}`,
        category: (["lighting", "sound", "fx", "stage"] as const)[i % 4],
        price: String(100 * (i % 3)),
        status: (["available", "booked"] as const)[i % 2],
        source: (["in-house", "outsourced"] as const)[i % 2],
      })),
    );
    for (const sort of ["name", "category", "source", "status", "price"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const state = parseList(INVENTORY_LIST, `?sort=${sort}&dir=${dir}`);
        const listed: string[] = [];
        for (let page = 1; page <= 5; page++)
          listed.push(...(await listInventory(getDb(), { ...state, page })).rows.map((r) => r.slug));
        expect(column(await exportRecords(`?sort=${sort}&dir=${dir}`, 4), "Public ID"), `${sort} ${dir}`).toEqual(
          listed,
        );
      }
    }
  });

  it("puts a ' before every cell a spreadsheet would run as a formula", async () => {
    await items({
      slug: "formula",
      name: '=HYPERLINK("http://evil.test","Click")',
      description: "+cmd|' /C calc'!A0",
      pricingHint: "-2+3",
      size: "@SUM(1)",
      tags: ["=1+1", "safe"],
    });
    const records = await exportRecords("?q=hyperlink");
    const row = records[1]!;
    const cell = (header: string) => row[HEADER.indexOf(header)];
    expect(cell("Name")).toBe('\'=HYPERLINK("http://evil.test","Click")');
    expect(cell("Description")).toBe("'+cmd|' /C calc'!A0");
    expect(cell("Pricing Note")).toBe("'-2+3");
    expect(cell("Size")).toBe("'@SUM(1)");
    expect(cell("Tags")).toBe("'=1+1, safe");
    // Nothing else in the file starts with a formula character.
    expect(records.flat().filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    // And the file imports back unchanged: the ' comes off again.
    const preview = await previewInventoryImport(getDb(), await exportText("?q=hyperlink"));
    expect(preview.rows.map((r) => r.action)).toEqual(["unchanged"]);
  });

  it("exports what imports back unchanged: variations, parts, pictures, supplier, repairs", async () => {
    const [deck, truss] = await items({ slug: "stage-deck" }, { slug: "box-truss" });
    const [set] = await items({
      slug: "wedding-set",
      name: "Wedding Stage Set",
      category: "stage",
      source: "outsourced",
      quantity: 4,
      unitsUnderRepair: 1,
      repairReturnDate: "2027-01-15",
      imageUrls: ["https://cdn.example.com/set.jpg", "/images/set-2.jpg"],
      variations: [
        { id: crypto.randomUUID(), name: "Gold | white", description: "Line one", status: "available" },
        { id: crypto.randomUUID(), name: "Plain", description: "", status: "booked" },
      ],
      supplierInfo: {
        notes: "Calls back",
        email: "rahim@example.com",
        phone: "+880 1700-000000",
        name: "Rahim Traders",
      },
      purchaseRate: "30000.50",
      description: 'Two lines\nof text, with "quotes"',
    });
    await getDb()
      .insert(inventoryPackageParts)
      .values([
        { packageItemId: set!.id, partItemId: deck!.id, quantity: 4, position: 0 },
        { packageItemId: set!.id, partItemId: truss!.id, quantity: 2, position: 1 },
      ]);
    const text = await exportText();
    const records: string[][] = parse(text, { bom: true });
    const row = records.find((r) => r[0] === "wedding-set")!;
    expect(row[HEADER.indexOf("Package Parts")]).toBe("stage-deck x 4\nbox-truss x 2");
    expect(row[HEADER.indexOf("Variations")]).toBe("Gold \\| white | Line one | available\nPlain |  | booked");
    const before = await fingerprint();
    const preview = await previewInventoryImport(getDb(), text);
    expect(preview.rows.filter((r) => Object.keys(r.errors).length > 0)).toEqual([]);
    expect(preview.ok).toBe(true);
    expect(preview.rows.filter((r) => r.action !== "unchanged")).toEqual([]);
    const result = await importInventory(getDb(), text, ACTOR);
    expect(result).toMatchObject({ ok: true, message: "Imported 7 items (7 unchanged)" });
    expect(await fingerprint()).toBe(before);
  });
});

describe("previewInventoryImport", () => {
  it("names every bad row and field, and what the good rows will do", async () => {
    await items({ slug: "led-wall", name: "LED Wall", category: "led", price: "5000" });
    const text = csv(
      ["Public ID", "Name", "Category", "Price", "Units Owned", "Expected Back", "Units Under Repair", "Package Parts"],
      ["", "Chiavari Chair", "Furniture", "150", "200", "", "", ""],
      ["led-wall", "LED Wall", "led", "5500", "", "", "", ""],
      ["", "", "lighting", "100", "", "", "", ""],
      ["", "Fog", "Lights", "-5", "two", "", "", ""],
      ["", "Haze", "fx", "12.345", "3", "15/01/2027", "5", ""],
      ["new-set", "Set", "stage", "1000", "", "", "", "nothing-here x 2"],
      ["led-wall", "LED Wall again", "led", "1", "", "", "", ""],
      ["Bad Slug!", "Truss", "truss", "10", "", "", "", ""],
      ["", "Extra", "truss", "10", "", "", "", "", "surprise"],
      ["", "", "", "", "", "", "", ""],
      ["", "x".repeat(10_000), "truss", "abc", "", "", "", ""],
      ["", "Haze", "fx", "12", "3", "2027-01-15", "5", ""],
    );
    const preview = await previewInventoryImport(getDb(), text);
    expect(preview.ok).toBe(false);
    expect(preview.fileErrors).toEqual([]);
    expect(preview.counts).toEqual({ rows: 11, added: 1, updated: 1, unchanged: 0, bad: 9 });
    const byRow = Object.fromEntries(preview.rows.map((r) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ action: "add", name: "Chiavari Chair", errors: {} });
    expect(byRow[3]).toMatchObject({ action: "update", slug: "led-wall", changes: ["price"], errors: {} });
    expect(byRow[4]!.errors).toEqual({ name: "Name is required" });
    expect(byRow[5]!.errors).toEqual({
      category:
        'Unknown category "Lights": use one of lighting, sound, video, led, photo, stage, furniture, decoration, truss, climate, power, accessories, branding, fx',
      price: "Price must be 0 or more",
      quantity: "Units owned must be a whole number from 0 to 1,000,000",
    });
    expect(byRow[6]!.errors).toEqual({
      price: "Price can have at most 2 decimals",
      repairReturnDate: "Expected back must be a date",
    });
    // The rules across fields are judged once each field is right.
    expect(byRow[13]!.errors).toEqual({ unitsUnderRepair: "Units under repair cannot be more than the units owned" });
    expect(byRow[7]!.errors).toEqual({ parts: "No item has the public id nothing-here" });
    expect(byRow[8]!.errors).toEqual({ slug: "The public id led-wall is on row 3 too" });
    expect(byRow[9]!.errors.slug).toMatch(/^A public id has only lower-case letters/);
    expect(byRow[10]!.errors).toEqual({ row: "This row has 9 cells but the header names 8 columns" });
    // Row 11 is blank: skipped, but counted, so the rows keep the spreadsheet's numbers.
    expect(byRow[11]).toBeUndefined();
    expect(byRow[12]!.errors).toEqual({
      name: "Name must be at most 200 characters",
      price: "Price must be an amount in taka, e.g. 1500 or 1500.50",
    });
  });

  it("refuses a file it cannot read, whole, and says why", async () => {
    const fileErrors = async (text: string) => (await previewInventoryImport(getDb(), text)).fileErrors;
    expect(await fileErrors("")).toEqual(["The file is empty."]);
    expect(await fileErrors("\uFEFF \r\n")).toEqual(["The file is empty."]);
    expect(await fileErrors("Name,Category,Price\r\n,,\r\n")).toEqual(["The file has a header row but no items."]);
    expect(await fileErrors("Name,Colour,Price,Price\r\nA,red,1,2\r\n")).toEqual([
      'Unknown column "Colour".',
      "The column Price appears twice.",
      "The file has no Category column; the first row must name the columns.",
      `The columns are: ${HEADER.join(", ")}.`,
    ]);
    expect((await fileErrors("Chair,furniture,150\r\n"))[0]).toBe('Unknown column "Chair".');
    expect(await fileErrors('Name,Category,Price\r\n"Chair" x,furniture,1\r\n')).toEqual([
      'The file is not valid CSV at row 2 (line 2): a quoted cell goes on after its closing quote (a quote inside a quoted cell is written "")',
    ]);
    expect(await fileErrors('Name,Category,Price\r\n"Chair,furniture,1\r\n')).toEqual([
      "The file is not valid CSV: a quote opened before row 2 (line 3) is never closed",
    ]);
    expect(await fileErrors("PK\u0003\u0004\u0000\u0000")).toEqual([
      "This is not a CSV file (a spreadsheet workbook?). Save it from the spreadsheet as CSV UTF-8.",
    ]);
    const tooMany = csv(["Name", "Category", "Price"], ...Array.from({ length: 5001 }, (_, i) => [`I${i}`, "fx", "1"]));
    expect(await fileErrors(tooMany)).toEqual(["The file has more than 5,000 rows; import at most 5,000 at a time."]);
    const justEnough = csv(
      ["Name", "Category", "Price"],
      ...Array.from({ length: 5000 }, (_, i) => [`I${i}`, "fx", "1"]),
    );
    expect(await fileErrors(justEnough)).toEqual([]);
    const tooBig = csv(
      ["Name", "Category", "Price", "Description"],
      ["A", "fx", "1", "d".repeat(CSV_IMPORT_LIMITS.bytes)],
    );
    expect(await fileErrors(tooBig)).toEqual([
      "The file is larger than 2 MB, the most one import takes. Split it into smaller files.",
    ]);
  });

  it("reads semicolon- and tab-separated files, any header case, and ignores an empty trailing column", async () => {
    const semicolons = "name;CATEGORY;price;\r\nChair;furniture;1.234,50;\r\n";
    const preview = await previewInventoryImport(getDb(), semicolons);
    expect(preview.fileErrors).toEqual([]);
    // "1.234,50" is not read as 1234.50: a comma-decimal file is named, not guessed at.
    expect(preview.rows[0]!.errors.price).toBe("Price can have at most 2 decimals");
    const tabs = await previewInventoryImport(getDb(), "Name\tCategory\tPrice\nChair\tfurniture\t150\n");
    expect(tabs).toMatchObject({ ok: true, counts: { added: 1 } });
  });

  it("checks packages against the items after the import: parts must exist, not be packages, not contain themselves", async () => {
    const [deck, , bundle] = await items(
      { slug: "deck" },
      { slug: "old-light", archivedAt: new Date() },
      { slug: "bundle" },
    );
    await getDb()
      .insert(inventoryPackageParts)
      .values({ packageItemId: bundle!.id, partItemId: deck!.id, quantity: 1, position: 0 });
    const text = csv(
      ["Public ID", "Name", "Category", "Price", "Package Parts"],
      ["truss-3m", "Truss 3m", "truss", "500", ""],
      ["stage-set", "Stage Set", "stage", "9000", "deck x 4\ntruss-3m x 2"],
      ["mega-set", "Mega Set", "stage", "9000", "stage-set x 1"],
      ["self-set", "Self Set", "stage", "9000", "self-set x 1"],
      ["old-set", "Old Set", "stage", "9000", "old-light x 1"],
      ["", "Bundle Set", "stage", "9000", "bundle x 1"],
      ["deck", "Deck", "stage", "100", "truss-3m x 1"],
    );
    const preview = await previewInventoryImport(getDb(), text);
    const errors = Object.fromEntries(preview.rows.map((r) => [r.slug || r.name, r.errors.parts ?? null]));
    expect(errors).toEqual({
      "truss-3m": null,
      // deck becomes a package in this very file, so it can no longer be a part.
      "stage-set": "deck is a package itself; list its parts instead",
      "mega-set": "stage-set is a package itself; list its parts instead",
      "self-set": "A package cannot contain itself",
      "old-set": "old-light is archived; restore it first",
      "Bundle Set": "bundle is a package itself; list its parts instead",
      deck: "This item is a part of the package bundle, so it cannot be a package itself",
    });
  });
});

describe("importInventory", () => {
  it("writes nothing at all when one row is bad, and says so", async () => {
    await items({ slug: "led-wall", name: "LED Wall", category: "led", price: "5000" });
    const before = await fingerprint();
    const text = csv(
      ["Public ID", "Name", "Category", "Price"],
      ["", "Chair", "furniture", "150"],
      ["led-wall", "LED Wall", "led", "6000"],
      ["", "Broken", "furniture", "-1"],
    );
    const result = await importInventory(getDb(), text, ACTOR);
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: "Nothing was imported: 1 row has problems",
    });
    expect(result.ok || result.preview.rows.find((r) => r.row === 4)?.errors).toEqual({
      price: "Price must be 0 or more",
    });
    expect(await fingerprint()).toBe(before);
    const unreadable = await importInventory(getDb(), "Name,Price\r\nA,1\r\n", ACTOR);
    expect(unreadable).toMatchObject({
      ok: false,
      message: "Nothing was imported: The file has no Category column; the first row must name the columns.",
    });
    expect(await fingerprint()).toBe(before);
  });

  it("adds and updates every row in one go, with unique public ids and one audit line per item", async () => {
    const [wall] = await items(
      { slug: "led-wall", name: "LED Wall", category: "led", price: "5000", description: "Indoor" },
      { slug: "chair", name: "Chair", category: "furniture", price: "100" },
      { slug: "same", name: "Same", category: "furniture", price: "100" },
    );
    const text = csv(
      ["Public ID", "Name", "Category", "Price", "Tags", "Units Owned", "Package Parts"],
      ["", "LED Wall", "led", "4500", "outdoor, p3", "12", ""],
      ["", "Chair", "Furniture", "120", "", "", ""],
      ["chair-2", "Gold Chair", "furniture", "200", "", "", ""],
      ["led-wall", "LED Wall", "LED Walls", "5200", "indoor", "", ""],
      ["", "Chair", "furniture", "130", "", "", ""],
      ["same", "Same", "furniture", "100", "", "1", ""],
      ["", "Chair Set", "furniture", "900", "", "", "chair-2 x 8\nchair x 2"],
    );
    const preview = await previewInventoryImport(getDb(), text);
    expect(preview.counts).toEqual({ rows: 7, added: 5, updated: 1, unchanged: 1, bad: 0 });
    const result = await importInventory(getDb(), text, ACTOR);
    expect(result).toEqual({
      ok: true,
      message: "Imported 7 items (5 added, 1 updated, 1 unchanged)",
      counts: preview.counts,
    });

    const db = getDb();
    const stored = await db
      .select({ slug: inventoryItems.slug, name: inventoryItems.name, price: inventoryItems.price })
      .from(inventoryItems)
      .orderBy(inventoryItems.slug);
    // The row with a public id keeps it; ids made from names never take one (chair-2 was asked for by row 4).
    expect(stored).toEqual([
      { slug: "chair", name: "Chair", price: "100.00" },
      { slug: "chair-2", name: "Gold Chair", price: "200.00" },
      { slug: "chair-3", name: "Chair", price: "120.00" },
      { slug: "chair-4", name: "Chair", price: "130.00" },
      { slug: "chair-set", name: "Chair Set", price: "900.00" },
      { slug: "led-wall", name: "LED Wall", price: "5200.00" },
      { slug: "led-wall-2", name: "LED Wall", price: "4500.00" },
      { slug: "same", name: "Same", price: "100.00" },
    ]);
    const [updated] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, wall!.id));
    // Columns the file has change; the description it has no column for stays.
    expect(updated).toMatchObject({ tags: ["indoor"], description: "Indoor", quantity: 1, category: "led" });
    const parts = await queryRows<{ slug: string; quantity: number }>(
      db,
      sql`select part.slug, pp.quantity from inventory_package_parts pp
          join inventory_items pkg on pkg.id = pp.package_item_id join inventory_items part on part.id = pp.part_item_id
          where pkg.slug = 'chair-set' order by pp.position`,
    );
    expect(parts).toEqual([
      { slug: "chair-2", quantity: 8 },
      { slug: "chair", quantity: 2 },
    ]);

    const audit = await db
      .select({ action: auditLog.action, summary: auditLog.summary, actorLabel: auditLog.actorLabel })
      .from(auditLog)
      .orderBy(auditLog.createdAt, auditLog.summary);
    expect(audit.map((a) => a.action)).toEqual(Array(6).fill("inventory_item.imported"));
    expect(audit.map((a) => a.summary).sort()).toEqual(
      [
        'Imported the item "LED Wall" (led-wall-2): added from row 2',
        'Imported the item "Chair" (chair-3): added from row 3',
        'Imported the item "Gold Chair" (chair-2): added from row 4',
        'Imported the item "LED Wall" (led-wall): row 5 changed price, tags',
        'Imported the item "Chair" (chair-4): added from row 6',
        'Imported the item "Chair Set" (chair-set): added from row 8',
      ].sort(),
    );
    expect(audit.every((a) => a.actorLabel === "importer@example.com")).toBe(true);
  });

  it("keeps an updated archived item archived, and its variations' ids when their names stay", async () => {
    const variation = { id: crypto.randomUUID(), name: "Warm", description: "3000K", status: "available" as const };
    const [old] = await items({ slug: "old-par", archivedAt: new Date("2026-01-01"), variations: [variation] });
    const text = csv(
      ["Public ID", "Name", "Category", "Price", "Variations"],
      ["old-par", "Old Par", "lighting", "90", "warm | 2700K\nCool | 6500K | booked"],
    );
    const result = await importInventory(getDb(), text, ACTOR);
    expect(result).toMatchObject({ ok: true, message: "Imported 1 item (1 updated)" });
    const [row] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, old!.id));
    expect(row!.archivedAt).toEqual(new Date("2026-01-01"));
    expect(row!.variations).toEqual([
      { id: variation.id, name: "warm", description: "2700K", status: "available" },
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "Cool", description: "6500K", status: "booked" },
    ]);
  });

  it("imports 5,000 rows in one transaction", async () => {
    const text = csv(
      ["Name", "Category", "Price", "Tags"],
      ...Array.from({ length: 5000 }, (_, i) => [`Bulk Item ${i % 1000}`, "accessories", String(i), "bulk"]),
    );
    const result = await importInventory(getDb(), text, ACTOR);
    expect(result).toMatchObject({ ok: true, message: "Imported 5000 items" });
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(distinct slug)::int as n from inventory_items`,
    );
    expect(n).toBe(5000);
  }, 120_000);
});
