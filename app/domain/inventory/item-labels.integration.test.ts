import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfQr } from "../../../tests/support/pdf-qr";
import { pdfFile, pdfPageCount, pdfText, pdfWords } from "../../../tests/support/pdf-text";
import { insertItem } from "../../../tests/support/quotation-fixtures";
import { callRoute, signedInUser, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { inventoryItems } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { A4, MARGINS } from "~/lib/pdf/pdf.server";
import { loader as labelsLoader } from "~/routes/admin/inventory-labels";
import {
  LABEL_COLUMNS,
  LABEL_MESSAGES,
  LABEL_ROWS,
  labelsFileName,
  loadLabelItems,
  MAX_LABELS,
  readLabelRequest,
  renderItemLabelsPdf,
} from "./item-labels.server";

// Item labels (issue 26) on a real database: the labels URL's items and copies (at most 500 labels; a bad or unknown
// id named), the PDF's sheets (3 × 7 a page, in the order asked) with each label's QR code reading back to exactly the
// item's public id (its slug) and its name and code printed under it, and the route's answers and headers.
// ITEM_LABELS_PDF_DIR=<dir> keeps the PDFs.

const NOW = new Date("2026-11-27T06:00:00Z");
const keep = (name: string, bytes: Uint8Array) => {
  const dir = process.env.ITEM_LABELS_PDF_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
};

/** Where label `slot` (0-based on its page) sits, in PDF points. */
function cell(slot: number) {
  const width = (A4.width - MARGINS.left - MARGINS.right) / LABEL_COLUMNS;
  const height = (A4.height - MARGINS.bottom - MARGINS.top) / LABEL_ROWS;
  return {
    x: MARGINS.left + (slot % LABEL_COLUMNS) * width,
    y: MARGINS.top + Math.floor(slot / LABEL_COLUMNS) * height,
    width,
    height,
  };
}

let tent = { id: "", slug: "", name: "" };
let wall = { id: "", slug: "", name: "" };
let staff: TestUser;

const itemRow = async (id: string) =>
  (
    await getDb()
      .select({ id: inventoryItems.id, slug: inventoryItems.slug, name: inventoryItems.name })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, id))
  )[0]!;

beforeAll(async () => {
  await seedDatabase(getDb());
  tent = await itemRow(await insertItem("Tent AC 5 Ton", 6, "8000", { category: "climate" }));
  wall = await itemRow(
    await insertItem("P3.9 Outdoor LED Wall Panel 500 × 1000 mm with Flight Case and Rigging Bar", 80, "2500", {
      category: "led",
    }),
  );
  staff = await signedInUser("staff");
}, 120_000);

const params = (query: string) => new URLSearchParams(query);

describe("the labels URL", () => {
  it("reads the items in order (repeats kept) and the copies of each, 1 by default", () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID().toUpperCase();
    expect(readLabelRequest(params(`item=${a}&item=${b}&item=${a}`))).toEqual({
      ok: true,
      itemIds: [a, b.toLowerCase(), a],
      copies: 1,
    });
    expect(readLabelRequest(params(`item=${a}&copies=12`))).toEqual({ ok: true, itemIds: [a], copies: 12 });
  });

  it("refuses no item, a malformed id, bad copies and more than 500 labels, saying why", () => {
    const a = crypto.randomUUID();
    expect(readLabelRequest(params(""))).toEqual({
      ok: false,
      refusal: "invalid",
      errors: {},
      message: LABEL_MESSAGES.noItem,
    });
    expect(readLabelRequest(params("item="))).toEqual({
      ok: false,
      refusal: "invalid",
      errors: {},
      message: LABEL_MESSAGES.noItem,
    });
    expect(readLabelRequest(params("item=tent-ac-5-ton"))).toEqual({
      ok: false,
      refusal: "invalid",
      errors: {},
      message: 'item "tent-ac-5-ton" is not an item id: use the ids the inventory list links to.',
    });
    for (const copies of ["0", "-1", "2.5", "lots", "501"])
      expect(readLabelRequest(params(`item=${a}&copies=${copies}`))).toEqual({
        ok: false,
        refusal: "invalid",
        errors: {},
        message: "copies must be a whole number from 1 to 500.",
      });
    expect(readLabelRequest(params(`item=${a}&copies=${MAX_LABELS}`))).toMatchObject({ ok: true });
    expect(readLabelRequest(params(`item=${a}&item=${a}&copies=251`))).toEqual({
      ok: false,
      refusal: "invalid",
      errors: {},
      message: "That is 502 labels; one print is at most 500. Ask for fewer items or fewer copies.",
    });
  });

  it("names an id that is no inventory item's (404)", async () => {
    const unknown = crypto.randomUUID();
    expect(await loadLabelItems(getDb(), { itemIds: [tent.id, unknown], copies: 1 })).toEqual({
      ok: false,
      refusal: "not-found",
      errors: {},
      message: `No inventory item has the id ${unknown}.`,
    });
  });
});

describe("the labels PDF", () => {
  it("prints one label's QR code that reads back to exactly the item's slug, its name and code under it", async () => {
    const found = await loadLabelItems(getDb(), { itemIds: [tent.id], copies: 1 });
    if (!found.ok) throw new Error(found.message);
    const bytes = await renderItemLabelsPdf(getDb(), found.labels, NOW);
    keep("one-label.pdf", bytes);
    expect(pdfPageCount(pdfFile(bytes))).toBe(1);
    expect(await pdfQr(bytes, 1, cell(0))).toBe(tent.slug);
    const text = pdfWords(bytes);
    expect(text).toContain("Tent AC 5 Ton");
    expect(text).toContain(tent.slug);
    expect(text).toContain("Page 1 of 1");
    expect(labelsFileName(found.labels)).toBe(`item-labels-${tent.slug}.pdf`);
  });

  it("lays copies of each item out 3 × 7 a page in the order asked, each label reading back to its item", async () => {
    const found = await loadLabelItems(getDb(), { itemIds: [tent.id, wall.id], copies: 13 });
    if (!found.ok) throw new Error(found.message);
    expect(found.labels).toHaveLength(26);
    const bytes = await renderItemLabelsPdf(getDb(), found.labels, NOW);
    keep("26-labels.pdf", bytes);
    const file = pdfFile(bytes);
    expect(pdfPageCount(file)).toBe(2);
    // Page 1: 13 of the tent, then 8 of the wall; page 2: the wall's other 5.
    expect(await pdfQr(bytes, 1, cell(0))).toBe(tent.slug);
    expect(await pdfQr(bytes, 1, cell(12))).toBe(tent.slug);
    expect(await pdfQr(bytes, 1, cell(13))).toBe(wall.slug);
    expect(await pdfQr(bytes, 1, cell(20))).toBe(wall.slug);
    expect(await pdfQr(bytes, 2, cell(4))).toBe(wall.slug);
    expect(await pdfQr(bytes, 2, cell(5))).toBeNull();
    expect(pdfText(file, 1).match(new RegExp(tent.slug, "g"))).toHaveLength(13);
    expect(pdfText(file, 2).match(/Tent AC 5 Ton/g)).toBeNull();
    // A name too long for two lines ends in "…"; the code is printed whole.
    const page2 = pdfWords(bytes);
    expect(page2).toContain("P3.9 Outdoor LED Wall Panel");
    expect(page2).toContain("…");
    expect(pdfText(file, 2).replace(/\s+/g, "")).toContain(wall.slug);
    expect(labelsFileName(found.labels)).toBe("item-labels-26.pdf");

    // The code is whole however wide its letters (a slug's random ending of m's and w's was cut once): the size
    // goes down until it fits two lines.
    const wide = `${wall.slug.replace(/-[a-z0-9]+$/, "")}-mwmwmwmw`;
    const widePdf = pdfFile(await renderItemLabelsPdf(getDb(), [{ id: wall.id, slug: wide, name: wall.name }], NOW));
    expect(pdfText(widePdf, 1).replace(/\s+/g, "")).toContain(wide);
  });
});

describe("the labels route", () => {
  const get = (query: string) =>
    callRoute(labelsLoader, `/admin/inventory/labels${query}`, { as: staff }) as Promise<Response>;

  it("sends the labels PDF inline to print, private and not stored", async () => {
    const response = await get(`?item=${tent.id}&copies=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`inline; filename="item-labels-${tent.slug}.pdf"`);
    expect(response.headers.get("cache-control")).toMatch(/^private/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(pdfText(pdfFile(bytes)).match(/Tent AC 5 Ton/g)).toHaveLength(3);
  });

  it("answers 400 or 404 with a sentence saying what is wrong", async () => {
    const cases: Array<[string, number, string]> = [
      ["", 400, LABEL_MESSAGES.noItem],
      ["?item=abc", 400, LABEL_MESSAGES.badId("abc")],
      [`?item=${tent.id}&copies=999`, 400, LABEL_MESSAGES.copies],
      [`?item=${tent.id}&item=${wall.id}&copies=300`, 400, LABEL_MESSAGES.tooMany(600)],
    ];
    const unknown = crypto.randomUUID();
    cases.push([`?item=${unknown}`, 404, LABEL_MESSAGES.unknown(unknown)]);
    for (const [query, status, message] of cases) {
      const response = await get(query);
      expect(response.status, query).toBe(status);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(await response.text()).toBe(message);
    }
  });
});
