import { listSearch, type StateOf } from "../../lib/list-params";
import {
  AVAILABILITY_STATUSES,
  CATEGORIES,
  INVENTORY_GROUPS,
  PRICE_UNITS,
  SOURCES,
  type SupplierInfo,
  type Variation,
} from "../catalogue/constants";
import { INVENTORY_LIST } from "./inventory-list";
import { EMPTY_ITEM_FORM, type ItemFormValues, type PartRowValues, type VariationRowValues } from "./item-form";

// Inventory as CSV (issue 9, Import and export): the columns of the file, and one row ↔ the item form's values.
// The export writes every column; an import names its columns in a header row (in any order, any case, spaces or
// underscores alike) and must have Name, Category and Price. The import's rules are the item form's (itemSchema):
// a row becomes the form's values here and is judged by the same schema as the dialog. Browser-safe.
//
// Cells that hold several things:
//   Tags            comma separated, as in the form: "truss, aluminium, 3m"
//   Image URLs      one per line (or separated by spaces): https://... or /images/...
//   Variations      one per line: "Name | Description | status" (description and status may be left out;
//                   a | or \ inside a name or description is written \| or \\)
//   Package Parts   one per line (or separated by ;): "<public id> x <units per package>", e.g. "stage-deck x 4"

// The rate structure is chosen in the item's dialog, not in the file (an import keeps an item's own).
export type CsvColumnKey = "slug" | Exclude<keyof ItemFormValues, "id" | "version" | "rateStructureId">;

export interface CsvColumn {
  key: CsvColumnKey;
  header: string;
  /** What the column takes, for the import screen's help. */
  help: string;
  /** Other header names accepted for it on import. */
  aliases?: readonly string[];
}

/** Every column, in the export's order. */
export const INVENTORY_CSV_COLUMNS: readonly CsvColumn[] = [
  {
    key: "slug",
    header: "Public ID",
    help: "The item's public id (led-wall-p3). An existing id updates that item; a new or blank one adds an item.",
    aliases: ["slug", "public id", "publicid"],
  },
  { key: "name", header: "Name", help: "Required." },
  { key: "description", header: "Description", help: "Optional." },
  {
    key: "category",
    header: "Category",
    help: `Required: ${CATEGORIES.map((c) => c.id).join(", ")} (or the category's name).`,
  },
  { key: "inventoryGroup", header: "Group", help: "STV or SLD (STV when blank).", aliases: ["inventory group"] },
  { key: "source", header: "Source", help: "in-house or outsourced (in-house when blank)." },
  { key: "status", header: "Status", help: "available, booked or under-repair (available when blank)." },
  { key: "price", header: "Price", help: "Required: taka, at most 2 decimals (1500 or 1500.50)." },
  {
    key: "priceUnit",
    header: "Price Unit",
    help: `${PRICE_UNITS.map((u) => u.id).join(", ")} (unit/day when blank).`,
  },
  {
    key: "sdRatePercent",
    header: "SD Rate",
    help: "The supplementary duty in percent, 0 to 500 (0 for rental; blank keeps the item's).",
    aliases: ["sd rate percent", "supplementary duty"],
  },
  { key: "pricingHint", header: "Pricing Note", help: "Optional.", aliases: ["pricing hint"] },
  { key: "size", header: "Size", help: "Optional." },
  { key: "quantity", header: "Units Owned", help: "A whole number (1 when blank).", aliases: ["quantity"] },
  { key: "unitsUnderRepair", header: "Units Under Repair", help: "A whole number (0 when blank)." },
  {
    key: "repairReturnDate",
    header: "Expected Back",
    help: "When the units under repair come back: YYYY-MM-DD.",
    aliases: ["repair return date"],
  },
  { key: "tags", header: "Tags", help: "Comma separated." },
  { key: "imageUrls", header: "Image URLs", help: "One per line: https://... or /images/...", aliases: ["images"] },
  {
    key: "variations",
    header: "Variations",
    help: "One per line: Name | Description | status.",
  },
  { key: "supplierName", header: "Supplier Name", help: "Outsourced items only." },
  { key: "supplierPhone", header: "Supplier Phone", help: "Outsourced items only." },
  { key: "supplierEmail", header: "Supplier E-mail", help: "Outsourced items only." },
  { key: "supplierNotes", header: "Supplier Notes", help: "Outsourced items only." },
  { key: "purchaseRate", header: "Purchase Rate", help: "Optional amount in taka." },
  { key: "paidAmount", header: "Paid Amount", help: "Optional amount in taka." },
  {
    key: "parts",
    header: "Package Parts",
    help: "For a package: one part per line, <public id> x <units>, e.g. stage-deck x 4.",
    aliases: ["parts"],
  },
];

export const REQUIRED_CSV_COLUMNS: readonly CsvColumnKey[] = ["name", "category", "price"];

export const CSV_IMPORT_LIMITS = { rows: 5_000, bytes: 2 * 1024 * 1024 } as const;

const COLUMN_BY_KEY = new Map(INVENTORY_CSV_COLUMNS.map((c) => [c.key, c]));

/** A column's header ("Row" for the row as a whole; a field of no column by its own name). */
export function csvHeaderOf(key: CsvColumnKey | "row" | (string & {})): string {
  if (key === "row") return "Row";
  if (key === "supplierInfo") return "Supplier details";
  return COLUMN_BY_KEY.get(key as CsvColumnKey)?.header ?? key;
}

const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

const HEADER_LOOKUP = new Map<string, CsvColumnKey>(
  INVENTORY_CSV_COLUMNS.flatMap((c) => [c.header, c.key, ...(c.aliases ?? [])].map((h) => [normalizeHeader(h), c.key])),
);

/** The column a header cell names ("Price Unit", "price_unit", "PRICE UNIT"), or null for none. */
export function csvColumnOf(header: string): CsvColumnKey | null {
  return HEADER_LOOKUP.get(normalizeHeader(header.replace(/^\uFEFF/, ""))) ?? null;
}

// CSV formula injection (OWASP): a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return)
// as a formula. The export puts a ' in front of such a cell (csv-stringify's escape_formulas), which spreadsheets
// show as text; the import takes that ' off again, so an exported file imports unchanged.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as typed, without the ' the export put before a formula-like start. */
export function unescapeCsvFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

const escapeVariationText = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|");

/** Variations as the Variations cell: one per line, "Name | Description | status". */
export function formatVariations(variations: readonly Pick<VariationRowValues, "name" | "description" | "status">[]) {
  return variations
    .map((v) => [escapeVariationText(v.name), escapeVariationText(v.description), v.status].join(" | "))
    .join("\n");
}

/** Splits one line at the | not written \|, and reads \| and \\ back. */
function splitVariationLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "\\" && (line[i + 1] === "|" || line[i + 1] === "\\")) {
      cell += line[++i];
    } else if (c === "|") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((s) => s.trim());
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** The Variations cell as the form's variation rows (ids left blank: the import matches them by name). */
export function parseVariations(cell: string): Parsed<VariationRowValues[]> {
  const rows: VariationRowValues[] = [];
  for (const [i, line] of cell.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const parts = splitVariationLine(line);
    if (parts.length > 3)
      return {
        ok: false,
        error: `Variation line ${i + 1} has more than three parts: write Name | Description | status (a | in the text as \\|)`,
      };
    const [name = "", description = "", status = ""] = parts;
    const chosen = status === "" ? "available" : choiceOf(AVAILABILITY_STATUSES, status);
    if (!chosen)
      return {
        ok: false,
        error: `Variation line ${i + 1}: unknown status "${status}" (use ${AVAILABILITY_STATUSES.join(", ")})`,
      };
    rows.push({ id: "", name, description, status: chosen });
  }
  return { ok: true, value: rows };
}

/** Package parts as the Package Parts cell: one per line, "<public id> x <units>". */
export function formatParts(parts: readonly PartRowValues[]): string {
  return parts.map((p) => `${p.slug} x ${p.quantity}`).join("\n");
}

/** The Package Parts cell as the form's part rows. */
export function parsePackageParts(cell: string): Parsed<PartRowValues[]> {
  const rows: PartRowValues[] = [];
  for (const entry of cell.split(/\r?\n|;/)) {
    const text = entry.trim();
    if (text === "") continue;
    const match = /^(\S+)\s+[x×*]\s*(\S+)$/i.exec(text) ?? /^(\S+)\s*[×*]\s*(\S+)$/.exec(text);
    if (!match)
      return {
        ok: false,
        error: `"${text.slice(0, 60)}" is not a part: write <public id> x <units per package>, e.g. stage-deck x 4`,
      };
    rows.push({ slug: match[1]!, quantity: match[2]! });
  }
  return { ok: true, value: rows };
}

const compact = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");

/** `value` as one of `choices`, whatever its case and spacing ("Under repair" is under-repair); null if none. */
function choiceOf<T extends string>(choices: readonly T[], value: string): T | null {
  const wanted = compact(value);
  return choices.find((c) => compact(c) === wanted) ?? null;
}

const CHOICES: Partial<Record<CsvColumnKey, { label: string; match: (v: string) => string | null; list: string }>> = {
  category: {
    label: "category",
    match: (v) => CATEGORIES.find((c) => compact(c.id) === compact(v) || compact(c.name) === compact(v))?.id ?? null,
    list: CATEGORIES.map((c) => c.id).join(", "),
  },
  inventoryGroup: { label: "group", match: (v) => choiceOf(INVENTORY_GROUPS, v), list: INVENTORY_GROUPS.join(", ") },
  source: { label: "source", match: (v) => choiceOf(SOURCES, v), list: SOURCES.join(", ") },
  status: { label: "status", match: (v) => choiceOf(AVAILABILITY_STATUSES, v), list: AVAILABILITY_STATUSES.join(", ") },
  priceUnit: {
    label: "price unit",
    match: (v) => PRICE_UNITS.find((u) => compact(u.id) === compact(v) || compact(u.label) === compact(v))?.id ?? null,
    list: PRICE_UNITS.map((u) => u.id).join(", "),
  },
};

/** Columns whose blank cell means "as before" (the item's value on an update, the form's default on an add). */
const DEFAULTED: ReadonlySet<CsvColumnKey> = new Set([
  "inventoryGroup",
  "source",
  "status",
  "priceUnit",
  "sdRatePercent",
  "quantity",
  "unitsUnderRepair",
]);

/** One data row's cells by column (a column the file does not have is absent). */
export type CsvCells = Partial<Record<CsvColumnKey, string>>;

export interface CsvRowValues {
  /** The public id asked for, lower-cased ("" for a new item whose id is made from its name). */
  slug: string;
  values: ItemFormValues;
  /** Problems found in the cells' shape (an unknown category, a variation line that cannot be read). */
  errors: Partial<Record<CsvColumnKey, string>>;
}

/**
 * A data row as the item form's values. `base` is what a missing column (or a blank defaulted one) keeps: the
 * item's current values on an update, EMPTY_ITEM_FORM on an add. Cells are taken as typed otherwise; the item
 * schema judges them.
 */
export function csvRowToFormValues(cells: CsvCells, base: ItemFormValues = EMPTY_ITEM_FORM): CsvRowValues {
  const values: ItemFormValues = {
    ...base,
    id: "",
    version: "",
    variations: base.variations.map((v) => ({ ...v })),
    parts: base.parts.map((p) => ({ ...p })),
  };
  const errors: CsvRowValues["errors"] = {};
  for (const [key, raw] of Object.entries(cells) as [CsvColumnKey, string | undefined][]) {
    if (raw === undefined || key === "slug") continue;
    const cell = unescapeCsvFormula(raw);
    if (DEFAULTED.has(key) && cell.trim() === "") continue;
    const choice = CHOICES[key];
    if (choice) {
      const chosen = choice.match(cell.trim());
      if (chosen) values[key as "category"] = chosen;
      else {
        values[key as "category"] = cell;
        errors[key] =
          cell.trim() === ""
            ? "Category is required"
            : `Unknown ${choice.label} "${cell.trim().slice(0, 60)}": use one of ${choice.list}`;
      }
      continue;
    }
    switch (key) {
      case "variations": {
        const parsed = parseVariations(cell);
        if (parsed.ok) values.variations = parsed.value;
        else errors.variations = parsed.error;
        break;
      }
      case "parts": {
        const parsed = parsePackageParts(cell);
        if (parsed.ok) values.parts = parsed.value;
        else errors.parts = parsed.error;
        break;
      }
      case "imageUrls":
        values.imageUrls = cell.split(/\s+/).filter(Boolean).join("\n");
        break;
      default:
        values[key] = cell;
    }
  }
  const slug = unescapeCsvFormula(cells.slug ?? "")
    .trim()
    .toLowerCase();
  return { slug, values, errors };
}

/** What the export reads of an item: its stored columns and its parts by public id. */
export interface CsvSourceItem {
  slug: string;
  name: string;
  description: string;
  category: string;
  inventoryGroup: string;
  source: string;
  status: string;
  price: string;
  priceUnit: string;
  pricingHint: string | null;
  size: string | null;
  quantity: number;
  unitsUnderRepair: number;
  repairReturnDate: string | null;
  tags: string[];
  imageUrls: string[];
  variations: Variation[];
  supplierInfo: SupplierInfo | null;
  purchaseRate: string | null;
  paidAmount: string | null;
  parts: { slug: string; quantity: number }[];
  rateStructureId?: string | null;
  /** The supplementary duty's rate (issue 37). */
  sdRatePercent: string;
}

/** A stored item as its edit form shows it, without id and version (loadItemForm adds them; the export). */
export function itemToFormValues(item: CsvSourceItem): ItemFormValues {
  const supplier = item.supplierInfo ?? {};
  return {
    ...EMPTY_ITEM_FORM,
    name: item.name,
    description: item.description,
    category: item.category,
    inventoryGroup: item.inventoryGroup,
    source: item.source,
    status: item.status,
    price: item.price,
    priceUnit: item.priceUnit,
    rateStructureId: item.rateStructureId ?? "",
    sdRatePercent: item.sdRatePercent,
    pricingHint: item.pricingHint ?? "",
    size: item.size ?? "",
    quantity: String(item.quantity),
    unitsUnderRepair: String(item.unitsUnderRepair),
    repairReturnDate: item.repairReturnDate ?? "",
    tags: item.tags.join(", "),
    imageUrls: item.imageUrls.join("\n"),
    variations: item.variations.map((v) => ({ id: v.id, name: v.name, description: v.description, status: v.status })),
    supplierName: supplier.name ?? "",
    supplierPhone: supplier.phone ?? "",
    supplierEmail: supplier.email ?? "",
    supplierNotes: supplier.notes ?? "",
    purchaseRate: item.purchaseRate ?? "",
    paidAmount: item.paidAmount ?? "",
    parts: item.parts.map((p) => ({ slug: p.slug, quantity: String(p.quantity) })),
  };
}

/** One item as the export's cells, in INVENTORY_CSV_COLUMNS order (the writer guards them from formulas). */
export function itemToCsvCells(slug: string, values: ItemFormValues): string[] {
  return INVENTORY_CSV_COLUMNS.map(({ key }) =>
    key === "slug"
      ? slug
      : key === "variations"
        ? formatVariations(values.variations)
        : key === "parts"
          ? formatParts(values.parts)
          : values[key],
  );
}

export const INVENTORY_EXPORT_PATH = "/admin/inventory/export";
export const INVENTORY_IMPORT_PATH = "/admin/inventory/import";

/** The export of what the list shows now (its search, filters and sort; every page). */
export function inventoryExportHref(state: StateOf<typeof INVENTORY_LIST>): string {
  return INVENTORY_EXPORT_PATH + listSearch(INVENTORY_LIST, { ...state, page: 1 });
}

/** The export's file name: inventory-YYYY-MM-DD.csv, the day in Dhaka. */
export function inventoryExportFileName(today: string): string {
  return `inventory-${today}.csv`;
}

/** The toast of a finished import. */
export function importedMessage(counts: { added: number; updated: number; unchanged: number }): string {
  const total = counts.added + counts.updated + counts.unchanged;
  const details = [
    counts.added && `${counts.added} added`,
    counts.updated && `${counts.updated} updated`,
    counts.unchanged && `${counts.unchanged} unchanged`,
  ].filter(Boolean);
  const plain = counts.added === total;
  return `Imported ${total} ${total === 1 ? "item" : "items"}${plain ? "" : ` (${details.join(", ")})`}`;
}
