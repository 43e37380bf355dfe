import { describe, expect, it } from "vitest";
import { parseList } from "../../lib/list-params";
import {
  csvColumnOf,
  csvRowToFormValues,
  formatParts,
  formatVariations,
  importedMessage,
  INVENTORY_CSV_COLUMNS,
  inventoryExportFileName,
  inventoryExportHref,
  itemToCsvCells,
  itemToFormValues,
  parsePackageParts,
  parseVariations,
  unescapeCsvFormula,
  type CsvCells,
  type CsvSourceItem,
} from "./inventory-csv";
import { INVENTORY_LIST } from "./inventory-list";
import { EMPTY_ITEM_FORM, itemSchema } from "./item-form";

const ITEM: CsvSourceItem = {
  slug: "wedding-stage-set",
  name: "Wedding Stage Set",
  description: "Deck, truss and lights | ready to go",
  category: "stage",
  inventoryGroup: "SLD",
  source: "outsourced",
  status: "available",
  price: "45000.50",
  priceUnit: "event",
  sdRatePercent: "5.00",
  pricingHint: "Setup included",
  size: "24 x 16 ft",
  quantity: 3,
  unitsUnderRepair: 1,
  repairReturnDate: "2026-12-01",
  tags: ["wedding", "stage"],
  imageUrls: ["https://example.com/a.jpg", "/images/b.jpg"],
  variations: [
    { id: "11111111-1111-4111-8111-111111111111", name: "Gold | white", description: "C:\\path", status: "booked" },
    { id: "22222222-2222-4222-8222-222222222222", name: "Plain", description: "", status: "available" },
  ],
  supplierInfo: { name: "Rahim Traders", phone: "+880 1700-000000", email: "rahim@example.com" },
  purchaseRate: "30000.00",
  paidAmount: null,
  parts: [
    { slug: "stage-deck", quantity: 4 },
    { slug: "box-truss-3m", quantity: 6 },
  ],
};

/** The cells of an exported row by column, as an import reads them. */
function cellsOf(row: string[]): CsvCells {
  return Object.fromEntries(INVENTORY_CSV_COLUMNS.map((c, i) => [c.key, row[i]!])) as CsvCells;
}

describe("inventory CSV columns", () => {
  it("reads a header whatever its case, spaces, underscores or known other name", () => {
    expect(csvColumnOf("Price Unit")).toBe("priceUnit");
    expect(csvColumnOf("price_unit")).toBe("priceUnit");
    expect(csvColumnOf(" PRICE-UNIT ")).toBe("priceUnit");
    expect(csvColumnOf("\uFEFFPublic ID")).toBe("slug");
    expect(csvColumnOf("slug")).toBe("slug");
    expect(csvColumnOf("quantity")).toBe("quantity");
    expect(csvColumnOf("Supplier Email")).toBe("supplierEmail");
    expect(csvColumnOf("Colour")).toBeNull();
  });

  it("has one column per field of the item form (id, version and rate structure aside) and one for the public id", () => {
    const keys = INVENTORY_CSV_COLUMNS.map((c) => c.key).sort();
    const formKeys = Object.keys(EMPTY_ITEM_FORM)
      .filter((k) => k !== "id" && k !== "version" && k !== "rateStructureId")
      .concat("slug")
      .sort();
    expect(keys).toEqual(formKeys);
    expect(new Set(INVENTORY_CSV_COLUMNS.map((c) => c.header)).size).toBe(keys.length);
  });
});

describe("row ↔ item form values", () => {
  it("writes an item as cells and reads them back into the same form values", () => {
    const values = itemToFormValues(ITEM);
    const row = itemToCsvCells(ITEM.slug, values);
    expect(row[0]).toBe("wedding-stage-set");
    expect(cellsOf(row).variations).toBe("Gold \\| white | C:\\\\path | booked\nPlain |  | available");
    expect(cellsOf(row).parts).toBe("stage-deck x 4\nbox-truss-3m x 6");
    expect(cellsOf(row).imageUrls).toBe("https://example.com/a.jpg\n/images/b.jpg");
    const back = csvRowToFormValues(cellsOf(row));
    expect(back.errors).toEqual({});
    expect(back.slug).toBe("wedding-stage-set");
    // Variation ids are not in the file: an import matches them by name.
    expect(back.values).toEqual({ ...values, variations: values.variations.map((v) => ({ ...v, id: "" })) });
    expect(itemSchema().safeParse(back.values).success).toBe(true);
  });

  it("keeps what a missing column or a blank defaulted cell does not say, and clears other blank cells", () => {
    const base = itemToFormValues(ITEM);
    const { values } = csvRowToFormValues(
      { slug: "wedding-stage-set", name: "New name", price: "1", quantity: " ", status: "", size: "" },
      base,
    );
    expect(values).toMatchObject({ name: "New name", price: "1", quantity: "3", status: "available", size: "" });
    expect(values.description).toBe(base.description);
    expect(values.parts).toEqual(base.parts);
    // On an add the form's defaults stand in.
    const added = csvRowToFormValues({ name: "Chair", category: "furniture", price: "100", quantity: "" });
    expect(added.values).toMatchObject({
      quantity: "1",
      inventoryGroup: "STV",
      source: "in-house",
      priceUnit: "unit/day",
    });
  });

  it("takes categories by id or name and other choices whatever their case and spacing", () => {
    const { values, errors } = csvRowToFormValues({
      category: "Special Effects",
      inventoryGroup: "sld",
      source: "In House",
      status: "Under repair",
      priceUnit: "per square metre per day",
    });
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      category: "fx",
      inventoryGroup: "SLD",
      source: "in-house",
      status: "under-repair",
      priceUnit: "sqm/day",
    });
  });

  it("names an unknown choice and what the column takes", () => {
    const { errors } = csvRowToFormValues({ category: "Lights", source: "borrowed", priceUnit: "week" });
    expect(errors.category).toBe(
      'Unknown category "Lights": use one of lighting, sound, video, led, photo, stage, furniture, decoration, truss, climate, power, accessories, branding, fx',
    );
    expect(errors.source).toBe('Unknown source "borrowed": use one of in-house, outsourced');
    expect(errors.priceUnit).toMatch(/^Unknown price unit "week": use one of unit\/day, /);
    expect(csvRowToFormValues({ category: " " }).errors.category).toBe("Category is required");
  });

  it("takes off the ' the export put before a formula, and only that", () => {
    expect(unescapeCsvFormula("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unescapeCsvFormula("'+1")).toBe("+1");
    expect(unescapeCsvFormula("'-2")).toBe("-2");
    expect(unescapeCsvFormula("'@x")).toBe("@x");
    expect(unescapeCsvFormula("'quoted'")).toBe("'quoted'");
    expect(csvRowToFormValues({ name: "'=HYPERLINK(1)", price: "'-5" }).values).toMatchObject({
      name: "=HYPERLINK(1)",
      price: "-5",
    });
  });

  it("splits image addresses on lines or spaces", () => {
    expect(
      csvRowToFormValues({ imageUrls: "https://a.test/1.jpg  /images/2.jpg\r\n\n/images/3.jpg" }).values.imageUrls,
    ).toBe("https://a.test/1.jpg\n/images/2.jpg\n/images/3.jpg");
  });
});

describe("variations and package parts cells", () => {
  it("reads variations with their description and status left out, and escaped bars", () => {
    expect(parseVariations("Red\nBlue | Deep blue\n\nGreen|  | booked\nA \\| B | x \\\\ y | Under Repair")).toEqual({
      ok: true,
      value: [
        { id: "", name: "Red", description: "", status: "available" },
        { id: "", name: "Blue", description: "Deep blue", status: "available" },
        { id: "", name: "Green", description: "", status: "booked" },
        { id: "", name: "A | B", description: "x \\ y", status: "under-repair" },
      ],
    });
    expect(formatVariations([{ name: "A | B", description: "x \\ y", status: "available" }])).toBe(
      "A \\| B | x \\\\ y | available",
    );
  });

  it("names a variation line it cannot read", () => {
    expect(parseVariations("Red\nBlue | a | b | c")).toEqual({
      ok: false,
      error: "Variation line 2 has more than three parts: write Name | Description | status (a | in the text as \\|)",
    });
    expect(parseVariations("Red | | sold")).toEqual({
      ok: false,
      error: 'Variation line 1: unknown status "sold" (use available, booked, under-repair)',
    });
  });

  it("reads parts one per line or separated by semicolons, written with x, × or *", () => {
    expect(parsePackageParts("stage-deck x 4; box-truss X2\nlight×3\n par-can * 10 ")).toEqual({
      ok: true,
      value: [
        { slug: "stage-deck", quantity: "4" },
        { slug: "box-truss", quantity: "2" },
        { slug: "light", quantity: "3" },
        { slug: "par-can", quantity: "10" },
      ],
    });
    expect(formatParts([{ slug: "a", quantity: "2" }])).toBe("a x 2");
    expect(parsePackageParts("stage deck 4")).toEqual({
      ok: false,
      error: '"stage deck 4" is not a part: write <public id> x <units per package>, e.g. stage-deck x 4',
    });
  });

  it("leaves the quantity of a part to the item form's rules", () => {
    const { values } = csvRowToFormValues({ name: "Set", category: "stage", price: "1", parts: "deck x many" });
    const parsed = itemSchema().safeParse(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe("parts");
  });
});

describe("the item's price, typed or imported (the typed bound, issue 38)", () => {
  const priceOf = (price: string) =>
    itemSchema().safeParse(csvRowToFormValues({ name: "LED Wall", category: "led", price }).values);

  it("takes ৳99,999,999.99", () => {
    expect(priceOf("99,999,999.99")).toMatchObject({ success: true, data: { price: "99999999.99" } });
  });

  it.each(["100000000.00", "999999999999.99"])("refuses %s, naming the field", (price) => {
    const parsed = priceOf(price);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["price", "Price must be at most ৳99,999,999.99"],
    ]);
  });
});

describe("export address, file name and the import's toast", () => {
  it("carries the list's search, filters and sort, never its page", () => {
    const state = parseList(INVENTORY_LIST, "?q=led&category=led&status=available&sort=price&dir=desc&page=3");
    expect(inventoryExportHref(state)).toBe(
      "/admin/inventory/export?q=led&status=available&category=led&sort=price&dir=desc",
    );
    expect(inventoryExportHref(parseList(INVENTORY_LIST, ""))).toBe("/admin/inventory/export");
    expect(inventoryExportFileName("2026-11-23")).toBe("inventory-2026-11-23.csv");
  });

  it("says how many items were imported", () => {
    expect(importedMessage({ added: 12, updated: 0, unchanged: 0 })).toBe("Imported 12 items");
    expect(importedMessage({ added: 1, updated: 0, unchanged: 0 })).toBe("Imported 1 item");
    expect(importedMessage({ added: 10, updated: 2, unchanged: 1 })).toBe(
      "Imported 13 items (10 added, 2 updated, 1 unchanged)",
    );
    expect(importedMessage({ added: 0, updated: 3, unchanged: 0 })).toBe("Imported 3 items (3 updated)");
  });
});
