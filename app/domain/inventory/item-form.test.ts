import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-errors";
import {
  EMPTY_ITEM_FORM,
  INVENTORY_MESSAGES,
  ITEM_LIMITS,
  itemSchema,
  readItemForm,
  SD_RATE_MESSAGE,
  type ItemFormValues,
} from "./item-form";

const valid = (change: Partial<ItemFormValues> = {}): ItemFormValues => ({
  ...EMPTY_ITEM_FORM,
  name: "LED Wall P3",
  category: "led",
  price: "5000",
  ...change,
});

function parse(values: ItemFormValues, newImages = 0) {
  const result = itemSchema(newImages).safeParse(values);
  if (!result.success) throw new Error(`expected valid: ${JSON.stringify(fieldErrors(result.error))}`);
  return result.data;
}

function errorsOf(values: ItemFormValues, newImages = 0): Record<string, string> {
  const result = itemSchema(newImages).safeParse(values);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}

describe("INVENTORY_MESSAGES", () => {
  it("keeps the spec's texts word for word (backoffice.md §2, §8)", () => {
    expect(INVENTORY_MESSAGES.added).toBe("Item added successfully");
    expect(INVENTORY_MESSAGES.updated).toBe("Item updated successfully");
    expect(INVENTORY_MESSAGES.deleted).toBe("Item deleted successfully");
    expect(INVENTORY_MESSAGES.addFailed("boom")).toBe("Failed to add item: boom");
    expect(INVENTORY_MESSAGES.updateFailed("boom")).toBe("Failed to update item: boom");
    expect(INVENTORY_MESSAGES.deleteFailed("boom")).toBe("Failed to delete item: boom");
    expect(INVENTORY_MESSAGES.idRequired).toBe("Item ID is required for update");
    expect(INVENTORY_MESSAGES.confirmDelete).toBe("Are you sure you want to delete this item?");
    expect(INVENTORY_MESSAGES.emptyList).toBe("No items found. Try adjusting your search or filters.");
  });
});

describe("the supplementary-duty rate (issue 37)", () => {
  it("is 0 unless set: blank is 0, a percentage up to 500 with 2 decimals is kept", () => {
    expect(parse(valid()).sdRatePercent).toBe("0.00");
    expect(parse(valid({ sdRatePercent: " " })).sdRatePercent).toBe("0.00");
    expect(parse(valid({ sdRatePercent: "10" })).sdRatePercent).toBe("10.00");
    expect(parse(valid({ sdRatePercent: "37.5" })).sdRatePercent).toBe("37.50");
    expect(parse(valid({ sdRatePercent: "500" })).sdRatePercent).toBe("500.00");
  });

  it("refuses anything else, naming the field", () => {
    expect(SD_RATE_MESSAGE).toMatch(/^Supplementary duty \(SD\) rate must be a percentage from 0 to 500/);
    for (const bad of ["-5", "500.01", "abc", "10.555", "10%", "1e2"])
      expect(errorsOf(valid({ sdRatePercent: bad })), bad).toEqual({ sdRatePercent: SD_RATE_MESSAGE });
  });
});

describe("readItemForm", () => {
  it("reads every field as typed, and repeated rows by position, dropping wholly blank rows", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      id: "abc",
      version: "2026-01-01T00:00:00.000Z",
      name: "  LED Wall ",
      category: "led",
      price: "1,000",
      tags: "a, b",
      imageUrls: "/images/a.webp\n\n",
    }))
      form.set(k, v);
    for (const [id, name, description, status] of [
      ["", "Indoor", "P3", "available"],
      ["", "  ", "", "booked"],
      ["v2", "Outdoor", "", "booked"],
    ]) {
      form.append("variationId", id!);
      form.append("variationName", name!);
      form.append("variationDescription", description!);
      form.append("variationStatus", status!);
    }
    for (const [slug, quantity] of [
      ["truss-3m", "4"],
      ["", ""],
      ["stage-deck", ""],
    ]) {
      form.append("partSlug", slug!);
      form.append("partQuantity", quantity!);
    }
    form.append("newImages", new File([], ""));
    const values = readItemForm(form);
    expect(values).toMatchObject({
      id: "abc",
      version: "2026-01-01T00:00:00.000Z",
      name: "  LED Wall ",
      category: "led",
      price: "1,000",
      source: "",
      status: "",
      tags: "a, b",
      imageUrls: "/images/a.webp\n\n",
    });
    expect(values.variations).toEqual([
      { id: "", name: "Indoor", description: "P3", status: "available" },
      { id: "v2", name: "Outdoor", description: "", status: "booked" },
    ]);
    expect(values.parts).toEqual([
      { slug: "truss-3m", quantity: "4" },
      { slug: "stage-deck", quantity: "" },
    ]);
  });

  it("reads a file where text belongs as empty text", () => {
    const form = new FormData();
    form.set("name", new File(["x"], "name.txt"));
    expect(readItemForm(form).name).toBe("");
  });
});

describe("itemSchema", () => {
  it("turns valid values into what is stored", () => {
    expect(
      parse(
        valid({
          name: "  LED Wall P3  ",
          description: " Bright ",
          price: "৳1,500.5",
          priceUnit: "sqm/day",
          pricingHint: "",
          size: " 3 x 2 m ",
          quantity: "12",
          tags: "led, wall, LED",
          imageUrls: "https://cdn.example.com/a.webp\n\n/images/b.webp",
          purchaseRate: "",
          paidAmount: "250.75",
          variations: [{ id: "", name: " Indoor ", description: "", status: "booked" }],
          parts: [{ slug: " Truss-3M ", quantity: "2" }],
        }),
      ),
    ).toEqual({
      name: "LED Wall P3",
      description: "Bright",
      category: "led",
      inventoryGroup: "STV",
      source: "in-house",
      status: "available",
      price: "1500.50",
      priceUnit: "sqm/day",
      rateStructureId: null,
      sdRatePercent: "0.00",
      pricingHint: null,
      size: "3 x 2 m",
      quantity: 12,
      unitsUnderRepair: 0,
      repairReturnDate: null,
      tags: ["led", "wall"],
      imageUrls: ["https://cdn.example.com/a.webp", "/images/b.webp"],
      variations: [{ id: "", name: "Indoor", description: "", status: "booked" }],
      supplierInfo: null,
      purchaseRate: null,
      paidAmount: "250.75",
      parts: [{ slug: "truss-3m", quantity: 2 }],
    });
  });

  it.each([
    ["name", { name: "" }, "Name is required"],
    ["name", { name: "   " }, "Name is required"],
    ["category", { category: "" }, "Choose a category"],
    ["price", { price: "" }, "Price is required"],
    ["status", { status: "" }, "Choose a status"],
    ["source", { source: "" }, "Choose the source (in-house or outsourced)"],
    ["inventoryGroup", { inventoryGroup: "" }, "Choose the inventory group (STV or SLD)"],
    ["quantity", { quantity: "" }, "Units owned is required"],
    ["rateStructureId", { rateStructureId: "weekly" }, "Choose a rate structure from the list"],
  ] as const)("requires %s", (field, change, message) => {
    expect(errorsOf(valid(change))).toEqual({ [field]: message });
  });

  it("names every missing required field at once", () => {
    const errors = errorsOf({ ...EMPTY_ITEM_FORM, inventoryGroup: "", source: "", status: "", priceUnit: "" });
    expect(Object.keys(errors).sort()).toEqual(
      ["category", "inventoryGroup", "name", "price", "priceUnit", "source", "status"].sort(),
    );
    expect(errors.name).toMatch(/^Name /);
    expect(errors.price).toMatch(/^Price /);
  });

  it("keeps optional fields optional", () => {
    const data = parse(valid({ description: "", size: "", tags: "", imageUrls: "", purchaseRate: "", paidAmount: "" }));
    expect(data).toMatchObject({ description: "", size: null, tags: [], imageUrls: [], purchaseRate: null });
  });

  describe("units under repair", () => {
    it("are at most the units owned", () => {
      expect(errorsOf(valid({ quantity: "3", unitsUnderRepair: "4" }))).toEqual({
        unitsUnderRepair: "Units under repair cannot be more than the units owned",
      });
      expect(parse(valid({ quantity: "3", unitsUnderRepair: "3" })).unitsUnderRepair).toBe(3);
    });

    it("must be a whole number", () => {
      for (const n of ["-1", "1.5", "two", "1e2"])
        expect(errorsOf(valid({ unitsUnderRepair: n })).unitsUnderRepair).toBe(
          "Units under repair must be a whole number from 0 to 1,000,000",
        );
    });

    it("make the item under-repair when every unit is in the workshop", () => {
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "4", status: "available" })).status).toBe("under-repair");
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "4", status: "booked" })).status).toBe("under-repair");
    });

    it("leave the chosen status alone when only some units are in the workshop", () => {
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "3", status: "available" })).status).toBe("available");
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "0", status: "booked" })).status).toBe("booked");
      // Status is freely editable (backoffice.md §4).
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "0", status: "under-repair" })).status).toBe(
        "under-repair",
      );
    });

    it("do not make an item with no units under repair", () => {
      expect(parse(valid({ quantity: "0", unitsUnderRepair: "0", status: "available" })).status).toBe("available");
    });

    it("keep their return date only while there are units in the workshop", () => {
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "2", repairReturnDate: "2026-12-20" }))).toMatchObject({
        repairReturnDate: "2026-12-20",
      });
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "0", repairReturnDate: "2026-12-20" }))).toMatchObject({
        repairReturnDate: null,
      });
      expect(parse(valid({ quantity: "4", unitsUnderRepair: "2", repairReturnDate: "" })).repairReturnDate).toBeNull();
    });

    it.each(["1800-01-01", "9999-12-31"])("refuse the return date %j outside the business range", (date) => {
      expect(errorsOf(valid({ quantity: "4", unitsUnderRepair: "1", repairReturnDate: date }))).toEqual({
        repairReturnDate: "Expected back must be between 1 Jan 2000 and 31 Dec 2099",
      });
    });

    it.each(["2026-02-30", "20-12-2026", "tomorrow", "2026-13-01"])("refuse the return date %j", (date) => {
      expect(errorsOf(valid({ quantity: "4", unitsUnderRepair: "1", repairReturnDate: date }))).toEqual({
        repairReturnDate: "Expected back must be a date",
      });
    });
  });

  describe("supplier information", () => {
    const supplier = {
      supplierName: " Dhaka Rentals ",
      supplierPhone: "01711000000",
      supplierEmail: "ops@dhaka-rentals.example",
      supplierNotes: "",
    };

    it("is kept for outsourced items, blanks left out", () => {
      expect(parse(valid({ source: "outsourced", ...supplier })).supplierInfo).toEqual({
        name: "Dhaka Rentals",
        phone: "01711000000",
        email: "ops@dhaka-rentals.example",
      });
    });

    it("is dropped for in-house items", () => {
      expect(parse(valid({ source: "in-house", ...supplier })).supplierInfo).toBeNull();
    });

    it("is null for an outsourced item without any", () => {
      expect(parse(valid({ source: "outsourced" })).supplierInfo).toBeNull();
    });

    it("refuses a bad e-mail address", () => {
      expect(errorsOf(valid({ source: "outsourced", supplierEmail: "not-an-address" }))).toEqual({
        supplierEmail: "Supplier e-mail is not a valid address",
      });
    });
  });

  describe("tags and images", () => {
    it("refuses more tags than the limit and tags that are too long", () => {
      const many = Array.from({ length: ITEM_LIMITS.tags + 1 }, (_, i) => `t${i}`).join(",");
      expect(errorsOf(valid({ tags: many }))).toEqual({ tags: "At most 30 tags" });
      // Repeats do not count: 30 different tags, each written twice.
      const thirty = Array.from({ length: ITEM_LIMITS.tags }, (_, i) => `t${i}, T${i}`).join(",");
      expect(parse(valid({ tags: thirty })).tags).toHaveLength(30);
      expect(errorsOf(valid({ tags: "x".repeat(51) }))).toEqual({ tags: "Each tag must be at most 50 characters" });
    });

    it("refuses an address that is not http(s) or a path on this site", () => {
      expect(errorsOf(valid({ imageUrls: "https://ok.example/a.webp\njavascript:alert(1)" }))).toEqual({
        imageUrls: "Each image address must start with https:// or /",
      });
    });

    it("counts uploads against the limit on pictures", () => {
      const urls = Array.from({ length: 18 }, (_, i) => `/images/${i}.webp`).join("\n");
      expect(parse(valid({ imageUrls: urls }), 2).imageUrls).toHaveLength(18);
      expect(errorsOf(valid({ imageUrls: urls }), 3)).toEqual({ imageUrls: "At most 20 images per item" });
      expect(errorsOf(valid(), 21)).toEqual({ newImages: "At most 20 images per item" });
    });
  });

  describe("variations and parts", () => {
    it("needs a name for each variation and one of the statuses", () => {
      expect(errorsOf(valid({ variations: [{ id: "", name: "", description: "x", status: "available" }] }))).toEqual({
        variations: "Variation name is required",
      });
      expect(errorsOf(valid({ variations: [{ id: "", name: "A", description: "", status: "lost" }] }))).toEqual({
        variations: "Choose the variation's status",
      });
    });

    it("keeps a variation's id only when it is a uuid", () => {
      const id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
      const data = parse(
        valid({
          variations: [
            { id, name: "A", description: "", status: "available" },
            { id: "'; drop table x", name: "B", description: "", status: "available" },
          ],
        }),
      );
      expect(data.variations.map((v) => v.id)).toEqual([id.toLowerCase(), ""]);
    });

    it("needs each part once, with a whole number of units", () => {
      expect(
        errorsOf(
          valid({
            parts: [
              { slug: "truss", quantity: "1" },
              { slug: "TRUSS", quantity: "2" },
            ],
          }),
        ),
      ).toEqual({ parts: "Each part can be listed once" });
      expect(errorsOf(valid({ parts: [{ slug: "truss", quantity: "0" }] }))).toEqual({
        parts: "Units per package must be a whole number from 1 to 1,000,000",
      });
      expect(errorsOf(valid({ parts: [{ slug: " ", quantity: "1" }] }))).toEqual({ parts: "Choose the part's item" });
    });
  });
});
