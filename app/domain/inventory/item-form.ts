import { z } from "zod";
import { isEmailAddress } from "../../lib/email-address";
import { isImageAddress, splitImageUrls, splitTags } from "../../lib/form-lists";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, moneyField, optionalMoneyField, toPaisa } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import {
  AVAILABILITY_STATUSES,
  CATEGORY_IDS,
  INVENTORY_GROUPS,
  PRICE_UNIT_IDS,
  SD_RATE_MAX_PERCENT,
  SOURCES,
  type AvailabilityStatus,
  type CategoryId,
  type InventoryGroup,
  type Source,
  type SupplierInfo,
} from "../catalogue/constants";
import { fieldErrors } from "../../lib/form-errors";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// The Add / Edit Inventory Item form (backoffice.md §2, §5): one schema for the browser's messages and the
// action's decision. The form posts flat fields; repeated rows (variations, package parts) post one value per
// row under the same name. readItemForm turns a FormData into the values as typed (kept when the save fails);
// itemSchema turns those into what is stored. Browser-safe.

/** The spec's texts (backoffice.md §8), word for word, and ours beside them. */
export const INVENTORY_MESSAGES = {
  added: "Item added successfully",
  updated: "Item updated successfully",
  deleted: "Item deleted successfully",
  addFailed: (message: string) => `Failed to add item: ${message}`,
  updateFailed: (message: string) => `Failed to update item: ${message}`,
  deleteFailed: (message: string) => `Failed to delete item: ${message}`,
  idRequired: "Item ID is required for update",
  confirmDelete: "Are you sure you want to delete this item?",
  emptyList: "No items found. Try adjusting your search or filters.",
  archived:
    "Item archived: quotations or packages refer to it, so it is kept for their history and hidden from the storefront and the quotation form.",
  restored: "Item restored: it shows on the storefront again",
  notFound: "This item no longer exists",
  fieldsInvalid: "Please correct the highlighted fields",
  changedMeanwhile:
    "Someone else changed this item while you were editing it. Your changes were not saved; the form now shows theirs.",
} as const;

export const ITEM_LIMITS = {
  name: 200,
  description: 5000,
  pricingHint: 200,
  size: 100,
  tags: 30,
  tag: 50,
  images: 20,
  imageUrl: 2000,
  variations: 50,
  variationName: 100,
  variationDescription: 500,
  supplierName: 200,
  supplierPhone: 30,
  supplierEmail: 254,
  supplierNotes: 1000,
  quantity: 1_000_000,
  parts: 50,
} as const;

/** One variation row as typed (id empty for a new row). */
export interface VariationRowValues {
  id: string;
  name: string;
  description: string;
  status: string;
}

/** One package part row as typed: the part's public id (slug) and how many units one package takes. */
export interface PartRowValues {
  slug: string;
  quantity: string;
}

/** The form's values as typed: what a failed save shows again. */
export interface ItemFormValues {
  id: string;
  /** The item's updated_at when the form was opened (ISO), so a save over someone else's change is refused. */
  version: string;
  name: string;
  description: string;
  category: string;
  inventoryGroup: string;
  source: string;
  status: string;
  price: string;
  priceUnit: string;
  /** The rate structure's id; empty for the default (every day charged). */
  rateStructureId: string;
  /** The supplementary duty's rate in percent (issue 37): "0" for rental unless the item is set otherwise. */
  sdRatePercent: string;
  pricingHint: string;
  size: string;
  quantity: string;
  unitsUnderRepair: string;
  repairReturnDate: string;
  tags: string;
  imageUrls: string;
  variations: VariationRowValues[];
  supplierName: string;
  supplierPhone: string;
  supplierEmail: string;
  supplierNotes: string;
  purchaseRate: string;
  paidAmount: string;
  parts: PartRowValues[];
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
  id: "",
  version: "",
  name: "",
  description: "",
  category: "",
  inventoryGroup: "STV",
  source: "in-house",
  status: "available",
  price: "",
  priceUnit: "unit/day",
  rateStructureId: "",
  sdRatePercent: "0",
  pricingHint: "",
  size: "",
  quantity: "1",
  unitsUnderRepair: "0",
  repairReturnDate: "",
  tags: "",
  imageUrls: "",
  variations: [],
  supplierName: "",
  supplierPhone: "",
  supplierEmail: "",
  supplierNotes: "",
  purchaseRate: "",
  paidAmount: "",
  parts: [],
};

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function texts(form: FormData, name: string): string[] {
  return form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
}

/** The form's values from a post, as typed. Rows left wholly blank are dropped. */
export function readItemForm(form: FormData): ItemFormValues {
  const ids = texts(form, "variationId");
  const names = texts(form, "variationName");
  const descriptions = texts(form, "variationDescription");
  const statuses = texts(form, "variationStatus");
  const variations = names
    .map((name, i) => ({
      id: ids[i] ?? "",
      name,
      description: descriptions[i] ?? "",
      status: statuses[i] ?? "available",
    }))
    .filter((v) => v.name.trim() !== "" || v.description.trim() !== "");
  const slugs = texts(form, "partSlug");
  const quantities = texts(form, "partQuantity");
  const parts = slugs
    .map((slug, i) => ({ slug, quantity: quantities[i] ?? "" }))
    // A row without an item is the form's spare row (its quantity starts at 1).
    .filter((p) => p.slug.trim() !== "");
  return {
    id: text(form, "id"),
    version: text(form, "version"),
    name: text(form, "name"),
    description: text(form, "description"),
    category: text(form, "category"),
    inventoryGroup: text(form, "inventoryGroup"),
    source: text(form, "source"),
    status: text(form, "status"),
    price: text(form, "price"),
    priceUnit: text(form, "priceUnit"),
    rateStructureId: text(form, "rateStructureId"),
    sdRatePercent: text(form, "sdRatePercent"),
    pricingHint: text(form, "pricingHint"),
    size: text(form, "size"),
    quantity: text(form, "quantity"),
    unitsUnderRepair: text(form, "unitsUnderRepair"),
    repairReturnDate: text(form, "repairReturnDate"),
    tags: text(form, "tags"),
    imageUrls: text(form, "imageUrls"),
    variations,
    supplierName: text(form, "supplierName"),
    supplierPhone: text(form, "supplierPhone"),
    supplierEmail: text(form, "supplierEmail"),
    supplierNotes: text(form, "supplierNotes"),
    purchaseRate: text(form, "purchaseRate"),
    paidAmount: text(form, "paidAmount"),
    parts,
  };
}

const optionalText = (label: string, max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`));

const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string().pipe(z.enum(values, { error: message }));

const wholeNumber = (label: string, min: number, max: number) =>
  z.string().transform((raw, ctx) => {
    const value = raw.trim();
    if (value === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be a whole number from ${min} to ${max.toLocaleString("en-US")}`,
      });
      return z.NEVER;
    }
    return Number(value);
  });

export const SD_RATE_MESSAGE = `Supplementary duty (SD) rate must be a percentage from 0 to ${SD_RATE_MAX_PERCENT}, at most 2 decimals (0 for rental)`;

/** The SD rate typed (blank is 0), as a decimal string: "0.00", "10.00". */
const sdRateField = z.string().transform((raw, ctx) => {
  const value = raw.trim() === "" ? "0" : raw.trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(value) || toPaisa(value) > BigInt(SD_RATE_MAX_PERCENT) * 100n) {
    ctx.addIssue({ code: "custom", message: SD_RATE_MESSAGE });
    return z.NEVER;
  }
  return fromPaisa(toPaisa(value));
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const variationSchema = z.object({
  id: z.string().transform((id) => (UUID.test(id) ? id.toLowerCase() : "")),
  name: nameField("Variation name", { max: ITEM_LIMITS.variationName }),
  description: optionalText("Variation description", ITEM_LIMITS.variationDescription),
  status: choice(AVAILABILITY_STATUSES, "Choose the variation's status"),
});

const partSchema = z.object({
  slug: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.string().min(1, "Choose the part's item").max(200, "Choose the part's item")),
  quantity: wholeNumber("Units per package", 1, ITEM_LIMITS.quantity),
});

/** The item as stored, from valid form values (package parts still by their public id). */
export interface ItemInput {
  name: string;
  description: string;
  category: CategoryId;
  inventoryGroup: InventoryGroup;
  source: Source;
  status: AvailabilityStatus;
  price: string;
  priceUnit: string;
  /** Null: the default structure. saveItem checks that it exists. */
  rateStructureId: string | null;
  /** A decimal string, 0 to SD_RATE_MAX_PERCENT. */
  sdRatePercent: string;
  pricingHint: string | null;
  size: string | null;
  quantity: number;
  unitsUnderRepair: number;
  repairReturnDate: string | null;
  tags: string[];
  imageUrls: string[];
  variations: { id: string; name: string; description: string; status: AvailabilityStatus }[];
  supplierInfo: SupplierInfo | null;
  purchaseRate: string | null;
  paidAmount: string | null;
  parts: { slug: string; quantity: number }[];
}

/**
 * The rules of one item. `newImageCount` is how many pictures are being uploaded with it (the limit on images
 * counts them too).
 */
export function itemSchema(newImageCount = 0) {
  return z
    .object({
      name: nameField("Name", { max: ITEM_LIMITS.name }),
      description: optionalText("Description", ITEM_LIMITS.description),
      category: choice(CATEGORY_IDS, "Choose a category"),
      inventoryGroup: choice(INVENTORY_GROUPS, "Choose the inventory group (STV or SLD)"),
      source: choice(SOURCES, "Choose the source (in-house or outsourced)"),
      status: choice(AVAILABILITY_STATUSES, "Choose a status"),
      price: moneyField("Price"),
      priceUnit: choice(PRICE_UNIT_IDS, "Choose what the price is for"),
      rateStructureId: z.string().refine((v) => v === "" || isUuid(v), "Choose a rate structure from the list"),
      sdRatePercent: sdRateField,
      pricingHint: optionalText("Pricing note", ITEM_LIMITS.pricingHint),
      size: optionalText("Size", ITEM_LIMITS.size),
      quantity: wholeNumber("Units owned", 0, ITEM_LIMITS.quantity),
      unitsUnderRepair: wholeNumber("Units under repair", 0, ITEM_LIMITS.quantity),
      repairReturnDate: z
        .string()
        .transform((s) => s.trim())
        .refine((s) => s === "" || isRealDate(s), { error: "Expected back must be a date", abort: true })
        .refine((s) => s === "" || isBusinessDate(s), businessDateRangeMessage("Expected back")),
      tags: z
        .string()
        .transform(splitTags)
        .pipe(
          z
            .array(z.string().max(ITEM_LIMITS.tag, `Each tag must be at most ${ITEM_LIMITS.tag} characters`))
            .max(ITEM_LIMITS.tags, `At most ${ITEM_LIMITS.tags} tags`),
        ),
      imageUrls: z
        .string()
        .transform(splitImageUrls)
        .pipe(
          z
            .array(
              z
                .string()
                .max(
                  ITEM_LIMITS.imageUrl,
                  `Each image address must be at most ${ITEM_LIMITS.imageUrl.toLocaleString("en-US")} characters`,
                )
                .refine(isImageAddress, "Each image address must start with https:// or /"),
            )
            .max(Math.max(0, ITEM_LIMITS.images - newImageCount), `At most ${ITEM_LIMITS.images} images per item`),
        ),
      variations: z.array(variationSchema).max(ITEM_LIMITS.variations, `At most ${ITEM_LIMITS.variations} variations`),
      supplierName: nameField("Supplier name", { max: ITEM_LIMITS.supplierName, optional: true }),
      supplierPhone: optionalText("Supplier phone", ITEM_LIMITS.supplierPhone),
      supplierEmail: optionalText("Supplier e-mail", ITEM_LIMITS.supplierEmail),
      supplierNotes: optionalText("Supplier notes", ITEM_LIMITS.supplierNotes),
      purchaseRate: optionalMoneyField("Purchase rate"),
      paidAmount: optionalMoneyField("Paid amount"),
      parts: z.array(partSchema).max(ITEM_LIMITS.parts, `At most ${ITEM_LIMITS.parts} parts in a package`),
    })
    .superRefine((v, ctx) => {
      if (v.unitsUnderRepair > v.quantity)
        ctx.addIssue({
          code: "custom",
          path: ["unitsUnderRepair"],
          message: "Units under repair cannot be more than the units owned",
        });
      if (v.supplierEmail !== "" && !isEmailAddress(v.supplierEmail))
        ctx.addIssue({ code: "custom", path: ["supplierEmail"], message: "Supplier e-mail is not a valid address" });
      const slugs = v.parts.map((p) => p.slug);
      if (new Set(slugs).size !== slugs.length)
        ctx.addIssue({ code: "custom", path: ["parts"], message: "Each part can be listed once" });
      if (newImageCount > ITEM_LIMITS.images)
        ctx.addIssue({ code: "custom", path: ["newImages"], message: `At most ${ITEM_LIMITS.images} images per item` });
    })
    .transform((v): ItemInput => {
      const supplier: SupplierInfo = {};
      if (v.supplierName) supplier.name = v.supplierName;
      if (v.supplierPhone) supplier.phone = v.supplierPhone;
      if (v.supplierEmail) supplier.email = v.supplierEmail;
      if (v.supplierNotes) supplier.notes = v.supplierNotes;
      return {
        name: v.name,
        description: v.description,
        category: v.category,
        inventoryGroup: v.inventoryGroup,
        source: v.source,
        // Every unit in the workshop makes the item under-repair (saveItem also lifts it when they come back).
        status: v.quantity > 0 && v.unitsUnderRepair === v.quantity ? "under-repair" : v.status,
        price: v.price,
        priceUnit: v.priceUnit,
        rateStructureId: v.rateStructureId ? v.rateStructureId.toLowerCase() : null,
        sdRatePercent: v.sdRatePercent,
        pricingHint: v.pricingHint || null,
        size: v.size || null,
        quantity: v.quantity,
        unitsUnderRepair: v.unitsUnderRepair,
        repairReturnDate: v.unitsUnderRepair > 0 && v.repairReturnDate ? v.repairReturnDate : null,
        tags: v.tags,
        imageUrls: v.imageUrls,
        variations: v.variations,
        // Supplier details belong to outsourced items only.
        supplierInfo: v.source === "outsourced" && Object.keys(supplier).length > 0 ? supplier : null,
        purchaseRate: v.purchaseRate,
        paidAmount: v.paidAmount,
        parts: v.parts,
      };
    });
}

/** The form's own rules (browser and server): the input to store, or one message per field. */
export function parseItemForm(
  values: ItemFormValues,
  newImageCount = 0,
): { ok: true; input: ItemInput } | { ok: false; errors: Record<string, string> } {
  const parsed = itemSchema(newImageCount).safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
