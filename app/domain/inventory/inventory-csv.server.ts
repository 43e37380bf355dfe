import { CsvError, parse } from "csv-parse/sync";
import { isUniqueViolation } from "../../db/errors.server";
import { and, asc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { inventoryItems, inventoryPackageParts } from "../../db/schema";
import { invalidatePublicData } from "../../lib/cache.server";
import { fieldErrors } from "../../lib/form-errors";
import type { StateOf } from "../../lib/list-params";
import { csvStream, keysetAfterSql, keysetCsv, sortKeysSql, type KeysetAfter } from "../../lib/csv-stream.server";
import { listOrder } from "../../lib/list-query.server";
import { freeSlug, isSlug, slugFromName } from "../../lib/slug";
import type { Storage } from "../../lib/storage/storage";
import { diffFields, recordAudits, type AuditActor } from "../audit/audit.server";
import type { StoredImageRecord } from "../media/stored-image";
import { formatBytes } from "../media/upload";
import {
  csvColumnOf,
  csvHeaderOf,
  csvRowToFormValues,
  CSV_IMPORT_LIMITS,
  importedMessage,
  INVENTORY_CSV_COLUMNS,
  itemToCsvCells,
  itemToFormValues,
  REQUIRED_CSV_COLUMNS,
  type CsvCells,
  type CsvColumnKey,
  type CsvSourceItem,
} from "./inventory-csv";
import { type INVENTORY_LIST } from "./inventory-list";
import { inventorySortColumns, inventoryWhere } from "./inventory-list.server";
import { EMPTY_ITEM_FORM, itemSchema, type ItemFormValues, type ItemInput } from "./item-form";
import { discardImages, uploadedUrl } from "../media/form-uploads.server";
import { refuse, type Done, type Refused } from "../use-case";
import { auditView, columnsOf, nextSortOrderSql, pickShown } from "./save-item.server";

// Inventory import and export as CSV (issue 9). The export streams what the list shows (its search, filters and
// sort, every page) a thousand rows at a time (app/lib/csv-stream.server.ts: keyset batches), so 100,000 items never
// sit in memory at once. The import is read and judged whole before anything is written: the
// preview names every bad row and field; the import judges the file again inside its transaction and writes all
// rows or none, with one audit line per item it adds or changes.
//
// Public ids on import: a row whose Public ID is an existing item's updates that item (archived ones stay
// archived); a row with a new Public ID adds an item under that id; a row without one adds an item whose id is
// made from its name (uniqueSlug). A column missing from the file keeps each updated item's value; a blank cell
// of Group, Source, Status, Price Unit, SD Rate, Units Owned or Units Under Repair does too (and is the form's
// default for an added item); any other blank cell clears that field.

const t = inventoryItems;
type ItemRow = typeof inventoryItems.$inferSelect;
type ListState = StateOf<typeof INVENTORY_LIST>;

// ---------------------------------------------------------------------------------------------------- export

/**
 * The SQL types of each sort's keys (inventorySortColumns: the column, then the lower-cased name), so the last
 * row's keys (read back as text) compare as they sorted.
 */
const SORT_KEY_TYPES: Record<ListState["sort"], readonly string[]> = {
  name: ["text"],
  category: ["integer", "text"],
  source: ["text", "text"],
  status: ["text", "text"],
  price: ["numeric", "text"],
};

/** One page of the export: up to `limit` items after `after` in the list's order. */
function exportPage(
  db: DbOrTx,
  state: Pick<ListState, "q" | "filters" | "sort" | "dir">,
  after: KeysetAfter | null,
  limit: number,
) {
  const keys = inventorySortColumns(state.sort);
  return db
    .select({
      id: t.id,
      sortKeys: sortKeysSql(keys),
      slug: t.slug,
      name: t.name,
      description: t.description,
      category: t.category,
      inventoryGroup: t.inventoryGroup,
      source: t.source,
      status: t.status,
      price: t.price,
      priceUnit: t.priceUnit,
      sdRatePercent: t.sdRatePercent,
      pricingHint: t.pricingHint,
      size: t.size,
      quantity: t.quantity,
      unitsUnderRepair: t.unitsUnderRepair,
      repairReturnDate: t.repairReturnDate,
      tags: t.tags,
      imageUrls: t.imageUrls,
      variations: t.variations,
      supplierInfo: t.supplierInfo,
      purchaseRate: t.purchaseRate,
      paidAmount: t.paidAmount,
      parts: sql<unknown>`(select coalesce(json_agg(json_build_object('slug', part.slug, 'quantity', pp.quantity)
                order by pp.position), '[]'::json)
              from inventory_package_parts pp join inventory_items part on part.id = pp.part_item_id
              where pp.package_item_id = inventory_items.id)`,
    })
    .from(t)
    .where(and(inventoryWhere(state), keysetAfterSql(keys, SORT_KEY_TYPES[state.sort], t.id, state.dir, after)))
    .orderBy(...listOrder(keys, state.dir, t.id))
    .limit(limit);
}

/**
 * The CSV of the items a list state matches, in its order, as chunks: the header row (after a byte order mark,
 * so spreadsheets read the file as UTF-8), then one chunk per thousand items.
 */
export function exportInventoryCsv(
  db: DbOrTx,
  state: Pick<ListState, "q" | "filters" | "sort" | "dir">,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  return keysetCsv({
    header: INVENTORY_CSV_COLUMNS.map((c) => c.header),
    page: (after, limit) => exportPage(db, state, after, limit),
    cells: (row) => {
      const parts = (typeof row.parts === "string" ? JSON.parse(row.parts) : row.parts) as CsvSourceItem["parts"];
      return itemToCsvCells(row.slug, itemToFormValues({ ...row, parts }));
    },
    batchSize: options.batchSize,
  });
}

/** The export as a byte stream for a Response; the database is read as the client takes the bytes. */
export function inventoryCsvStream(db: DbOrTx, state: Pick<ListState, "q" | "filters" | "sort" | "dir">) {
  return csvStream(exportInventoryCsv(db, state), "the inventory");
}

// ---------------------------------------------------------------------------------------------------- import

/** What the file asked for one row, and what is wrong with it. */
export interface CsvImportRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** What importing does with it; null while it has errors. */
  action: "add" | "update" | "unchanged" | null;
  /** The public id given, lower-cased ("" when it will be made from the name). */
  slug: string;
  name: string;
  /** An update of an archived item (it stays archived). */
  archived: boolean;
  /** The cells as typed, by column. */
  cells: CsvCells;
  /** One message per bad field; "row" for the row as a whole. */
  errors: Partial<Record<CsvColumnKey | "row", string>>;
  /** For an update: the fields it changes. */
  changes: string[];
}

export interface CsvImportPreview {
  /** Nothing is wrong: importing writes every row. */
  ok: boolean;
  /** Problems with the file as a whole (nothing else is judged then). */
  fileErrors: string[];
  /** The file's columns, in its order. */
  columns: CsvColumnKey[];
  rows: CsvImportRow[];
  counts: { rows: number; added: number; updated: number; unchanged: number; bad: number };
}

interface ReadFile {
  fileErrors: string[];
  columns: CsvColumnKey[];
  records: { row: number; cells: CsvCells; rowError?: string }[];
}

export const CSV_IMPORT_TOO_BIG = `The file is larger than ${formatBytes(CSV_IMPORT_LIMITS.bytes)}, the most one import takes. Split it into smaller files.`;

/** The delimiter of the header line: a comma, or a semicolon or tab where a spreadsheet's locale used one. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(",")) return ",";
  if (firstLine.includes(";")) return ";";
  if (firstLine.includes("\t")) return "\t";
  return ",";
}

function csvErrorMessage(error: CsvError & { lines?: number; records?: number }): string {
  const where = `row ${(error.records ?? 0) + 1} (line ${error.lines ?? "?"})`;
  if (error.code === "CSV_INVALID_CLOSING_QUOTE")
    return `The file is not valid CSV at ${where}: a quoted cell goes on after its closing quote (a quote inside a quoted cell is written "")`;
  if (error.code === "CSV_QUOTE_NOT_CLOSED")
    return `The file is not valid CSV: a quote opened before ${where} is never closed`;
  return `The file is not valid CSV at ${where}: ${error.message}`;
}

/** Reads the file's header and rows; file-level problems stop there. */
function readCsv(text: string): ReadFile {
  const none = (error: string): ReadFile => ({ fileErrors: [error], columns: [], records: [] });
  if (Buffer.byteLength(text, "utf8") > CSV_IMPORT_LIMITS.bytes) return none(CSV_IMPORT_TOO_BIG);
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return none("The file is empty.");
  if (body.includes("\u0000"))
    return none("This is not a CSV file (a spreadsheet workbook?). Save it from the spreadsheet as CSV UTF-8.");

  let records: string[][];
  try {
    records = parse(body, {
      delimiter: delimiterOf(body),
      relax_column_count: true,
      // Header, the most rows allowed, and one more to tell that there were too many.
      to: CSV_IMPORT_LIMITS.rows + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) return none(csvErrorMessage(error));
    throw error;
  }

  const header = records[0] ?? [];
  const blank = (record: string[]) => record.every((c) => c.trim() === "");
  const data = records.slice(1).map((cells, i) => ({ row: i + 2, cells }));
  const fileErrors: string[] = [];
  const columns: (CsvColumnKey | null)[] = [];
  const seen = new Set<CsvColumnKey>();
  for (const [i, name] of header.entries()) {
    if (name.trim() === "") {
      // A spreadsheet's trailing empty column is no column at all.
      if (data.some((r) => (r.cells[i] ?? "").trim() !== ""))
        fileErrors.push(`Column ${i + 1} has values but no name in the header row.`);
      columns.push(null);
      continue;
    }
    const key = csvColumnOf(name);
    if (!key) {
      fileErrors.push(`Unknown column "${name.trim().slice(0, 60)}".`);
      columns.push(null);
    } else if (seen.has(key)) {
      fileErrors.push(`The column ${csvHeaderOf(key)} appears twice.`);
      columns.push(null);
    } else {
      seen.add(key);
      columns.push(key);
    }
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((k) => !seen.has(k));
  if (missing.length > 0)
    fileErrors.push(
      `The file has no ${missing.map(csvHeaderOf).join(", ")} ${missing.length === 1 ? "column" : "columns"}; the first row must name the columns.`,
    );
  if (fileErrors.length > 0)
    fileErrors.push(`The columns are: ${INVENTORY_CSV_COLUMNS.map((c) => c.header).join(", ")}.`);
  const filled = data.filter((r) => !blank(r.cells));
  if (records.length > CSV_IMPORT_LIMITS.rows + 1)
    fileErrors.push(
      `The file has more than ${CSV_IMPORT_LIMITS.rows.toLocaleString("en-US")} rows; import at most ${CSV_IMPORT_LIMITS.rows.toLocaleString("en-US")} at a time.`,
    );
  else if (fileErrors.length === 0 && filled.length === 0) fileErrors.push("The file has a header row but no items.");
  if (fileErrors.length > 0) return { fileErrors, columns: [], records: [] };

  const known = columns.filter((c): c is CsvColumnKey => c !== null);
  return {
    fileErrors: [],
    columns: known,
    records: filled.map(({ row, cells }) => {
      const byColumn: CsvCells = {};
      for (const [i, key] of columns.entries()) if (key) byColumn[key] = cells[i] ?? "";
      const extra = cells.slice(columns.length).some((c) => c.trim() !== "");
      return {
        row,
        cells: byColumn,
        rowError: extra
          ? `This row has ${cells.length} cells but the header names ${columns.length} columns`
          : undefined,
      };
    }),
  };
}

/** Runs `query` over `values` in chunks (one bound parameter each). */
async function inChunks<T, R>(values: T[], query: (chunk: T[]) => Promise<R[]>, size = 5000): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += size) out.push(...(await query(values.slice(i, i + size))));
  return out;
}

interface PlannedRow {
  preview: CsvImportRow;
  values: ItemFormValues;
  input?: ItemInput;
  before?: ItemRow;
  beforeParts: { slug: string; quantity: number }[];
  /** For a write: the columns to store (the public id aside). */
  columns?: ReturnType<typeof columnsOf>;
  /** Update: the audit's { field: { from, to } }; add: what was added. */
  changes?: Record<string, unknown>;
  /** Uploaded pictures an update takes out of the list (their files go after the commit). */
  removedImages: StoredImageRecord[];
  partsChanged: boolean;
}

interface ImportPlan {
  preview: CsvImportPreview;
  rows: PlannedRow[];
  /** Items the file refers to, by public id (updated ones and package parts). */
  existing: Map<string, ItemRow>;
}

/** Keeps the ids of variations whose names the item already has, so an unchanged row changes nothing. */
function withVariationIds(input: ItemInput, before: ItemRow | undefined): ItemInput["variations"] {
  const free = [...(before?.variations ?? [])];
  return input.variations.map((v) => {
    if (v.id) return v;
    const i = free.findIndex((b) => b.name.toLowerCase() === v.name.toLowerCase());
    const id = i >= 0 ? free.splice(i, 1)[0]!.id : crypto.randomUUID();
    return { ...v, id };
  });
}

/** Judges the whole file against the database (locking the items it updates when `lock`), writing nothing. */
async function planImport(
  db: DbOrTx,
  csvText: string,
  options: { lock?: boolean; storage?: Storage } = {},
): Promise<ImportPlan> {
  const file = readCsv(csvText);
  const emptyCounts = { rows: 0, added: 0, updated: 0, unchanged: 0, bad: 0 };
  if (file.fileErrors.length > 0)
    return {
      preview: { ok: false, fileErrors: file.fileErrors, columns: [], rows: [], counts: emptyCounts },
      rows: [],
      existing: new Map(),
    };

  // The items named by a public id in the file, with their parts.
  const givenSlugs = [...new Set(file.records.map((r) => (r.cells.slug ?? "").trim().toLowerCase()).filter(isSlug))];
  const existing = new Map<string, ItemRow>();
  const loadItems = async (slugs: string[], lock: boolean) => {
    const wanted = slugs.filter((s) => !existing.has(s));
    const rows = await inChunks(wanted, async (chunk) => {
      const q = db.select().from(t).where(inArray(t.slug, chunk));
      return lock ? await q.for("update") : await q;
    });
    for (const row of rows) existing.set(row.slug, row);
  };
  await loadItems(givenSlugs, options.lock ?? false);
  const dbParts = new Map<string, { slug: string; quantity: number }[]>();
  const loadParts = async (items: ItemRow[]) => {
    const ids = items.map((i) => i.id);
    const bySlug = new Map(items.map((i) => [i.id, i.slug]));
    const rows = await inChunks(ids, async (chunk) =>
      db
        .select({
          packageId: inventoryPackageParts.packageItemId,
          slug: t.slug,
          quantity: inventoryPackageParts.quantity,
        })
        .from(inventoryPackageParts)
        .innerJoin(t, eq(t.id, inventoryPackageParts.partItemId))
        .where(inArray(inventoryPackageParts.packageItemId, chunk))
        .orderBy(asc(inventoryPackageParts.packageItemId), asc(inventoryPackageParts.position)),
    );
    for (const item of items) dbParts.set(item.slug, []);
    for (const r of rows) dbParts.get(bySlug.get(r.packageId)!)!.push({ slug: r.slug, quantity: r.quantity });
  };
  await loadParts([...existing.values()]);

  // Each row as the form's values, judged by the item form's rules.
  const schema = itemSchema(0);
  const firstRowOfSlug = new Map<string, number>();
  const rows: PlannedRow[] = file.records.map(({ row, cells, rowError }) => {
    const slugCell = (cells.slug ?? "").trim().toLowerCase();
    const before = slugCell ? existing.get(slugCell) : undefined;
    const beforeParts = before ? (dbParts.get(before.slug) ?? []) : [];
    const base = before ? itemToFormValues({ ...before, parts: beforeParts }) : EMPTY_ITEM_FORM;
    const mapped = csvRowToFormValues(cells, base);
    const errors: CsvImportRow["errors"] = {};
    if (rowError) errors.row = rowError;
    if (slugCell) {
      if (!isSlug(slugCell))
        errors.slug =
          "A public id has only lower-case letters, digits and single hyphens between them (led-wall-p3), at most 120 characters";
      else if (firstRowOfSlug.has(slugCell))
        errors.slug = `The public id ${slugCell} is on row ${firstRowOfSlug.get(slugCell)} too`;
      else firstRowOfSlug.set(slugCell, row);
    }
    const parsed = schema.safeParse(mapped.values);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error)))
        errors[(field === "form" || field === "newImages" ? "row" : field) as CsvColumnKey] ??= message;
    }
    // The CSV's own messages (an unknown category by name) say more than the form's "Choose a category".
    Object.assign(errors, mapped.errors);
    return {
      preview: {
        row,
        action: null,
        slug: slugCell,
        name: mapped.values.name.trim(),
        archived: !!before?.archivedAt,
        cells,
        errors,
        changes: [],
      },
      values: mapped.values,
      input: parsed.success ? parsed.data : undefined,
      before,
      beforeParts,
      removedImages: [],
      partsChanged: false,
    };
  });

  // Packages: every part must be an item (in the database, not archived, or added by this file), not the package
  // itself, and not a package; an item that is a part of a package cannot become one. Judged on the state after
  // the import: the file's parts for its rows, the database's for the rest.
  const fileRowBySlug = new Map<string, PlannedRow>();
  for (const r of rows) if (r.preview.slug && !r.preview.errors.slug) fileRowBySlug.set(r.preview.slug, r);
  const partSlugs = [...new Set(rows.flatMap((r) => r.input?.parts.map((p) => p.slug) ?? []))];
  const missingPartSlugs = partSlugs.filter((s) => !existing.has(s) && isSlug(s));
  const before = existing.size;
  await loadItems(missingPartSlugs, false);
  if (existing.size > before) await loadParts([...existing.values()].filter((i) => !dbParts.has(i.slug)));
  const finalParts = (slug: string) =>
    fileRowBySlug.get(slug)?.input?.parts ?? fileRowBySlug.get(slug)?.values.parts ?? dbParts.get(slug) ?? [];
  const becomingPackages = rows.filter((r) => r.input && r.input.parts.length > 0 && r.before);
  const containing = new Map<string, string[]>();
  if (becomingPackages.length > 0) {
    const ids = becomingPackages.map((r) => r.before!.id);
    const found = await inChunks(ids, async (chunk) =>
      db
        .select({ partId: inventoryPackageParts.partItemId, packageSlug: t.slug })
        .from(inventoryPackageParts)
        .innerJoin(t, eq(t.id, inventoryPackageParts.packageItemId))
        .where(inArray(inventoryPackageParts.partItemId, chunk)),
    );
    for (const f of found) containing.set(f.partId, [...(containing.get(f.partId) ?? []), f.packageSlug]);
  }
  for (const r of rows) {
    if (!r.input || r.input.parts.length === 0) continue;
    for (const part of r.input.parts) {
      const stored = existing.get(part.slug);
      const inFile = fileRowBySlug.get(part.slug);
      let problem: string | null = null;
      if (r.preview.slug && part.slug === r.preview.slug) problem = "A package cannot contain itself";
      else if (stored?.archivedAt) problem = `${part.slug} is archived; restore it first`;
      else if (!stored && !inFile) problem = `No item has the public id ${part.slug}`;
      else if (finalParts(part.slug).length > 0) problem = `${part.slug} is a package itself; list its parts instead`;
      if (problem) {
        r.preview.errors.parts ??= problem;
        break;
      }
    }
    if (r.before) {
      const packages = (containing.get(r.before.id) ?? []).filter((p) => !fileRowBySlug.has(p));
      if (packages.length > 0)
        r.preview.errors.parts ??= `This item is a part of the package ${packages[0]}, so it cannot be a package itself`;
    }
  }

  // What each good row does: add, update (which fields) or nothing.
  const counts = { ...emptyCounts, rows: rows.length };
  for (const r of rows) {
    if (Object.keys(r.preview.errors).length > 0 || !r.input) {
      counts.bad++;
      continue;
    }
    const input = { ...r.input, variations: withVariationIds(r.input, r.before) };
    if (!r.before) {
      r.columns = columnsOf(input, input.imageUrls, []);
      const { uploadedImages: _bookkeeping, ...shown } = r.columns;
      r.changes = auditView(shown, input.parts);
      r.partsChanged = input.parts.length > 0;
      r.preview.action = "add";
      counts.added++;
      continue;
    }
    const b = r.before;
    // As updateItem: all units back from the workshop lifts under-repair.
    const status =
      b.status === "under-repair" &&
      b.unitsUnderRepair > 0 &&
      input.unitsUnderRepair === 0 &&
      input.status === "under-repair"
        ? "available"
        : input.status;
    const kept = b.uploadedImages.filter((rec) => input.imageUrls.includes(uploadedUrl(rec, options.storage)));
    r.removedImages = b.uploadedImages.filter((rec) => !kept.includes(rec));
    r.columns = columnsOf({ ...input, status }, input.imageUrls, kept);
    const { uploadedImages: _bookkeeping, ...shown } = r.columns;
    r.changes = diffFields(auditView(pickShown(b), r.beforeParts), auditView(shown, input.parts));
    r.partsChanged = "parts" in r.changes;
    r.preview.changes = Object.keys(r.changes);
    if (r.preview.changes.length === 0) {
      r.preview.action = "unchanged";
      counts.unchanged++;
    } else {
      r.preview.action = "update";
      counts.updated++;
    }
  }

  return {
    preview: { ok: counts.bad === 0, fileErrors: [], columns: file.columns, rows: rows.map((r) => r.preview), counts },
    rows,
    existing,
  };
}

/** What importing `csvText` would do, row by row, and every problem in it; writes nothing. */
export async function previewInventoryImport(
  db: DbOrTx,
  csvText: string,
  options: { storage?: Storage } = {},
): Promise<CsvImportPreview> {
  return (await planImport(db, csvText, options)).preview;
}

/** Refused with the file judged again, to show row by row (invalid: a bad row or file; conflict: a race). */
export type ImportInventoryResult =
  Done<{ counts: CsvImportPreview["counts"] }> | (Refused & { preview: CsvImportPreview });

/** The message of a refused import: the file's first problem, or how many rows have problems. */
export function importRefusedMessage(preview: CsvImportPreview): string {
  if (preview.fileErrors.length > 0) return `Nothing was imported: ${preview.fileErrors[0]}`;
  const bad = preview.counts.bad;
  return `Nothing was imported: ${bad} ${bad === 1 ? "row has" : "rows have"} problems`;
}

/**
 * Imports `csvText`: judges it again inside one transaction (its updated items locked) and writes every row, or
 * nothing when any row or the file is bad. One audit line (inventory_item.imported) per item added or changed.
 */
export async function importInventory(
  db: Db,
  csvText: string,
  actor: AuditActor,
  options: { storage?: Storage } = {},
): Promise<ImportInventoryResult> {
  let outcome: { written: false; preview: CsvImportPreview } | { written: true; plan: ImportPlan };
  try {
    outcome = await db.transaction(async (tx) => {
      const plan = await planImport(tx, csvText, { lock: true, storage: options.storage });
      if (!plan.preview.ok) return { written: false as const, preview: plan.preview };
      await writePlan(tx, plan, actor);
      return { written: true as const, plan };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const preview = await previewInventoryImport(db, csvText, options);
      const message =
        "Nothing was imported: someone added an item with one of these public ids meanwhile. Please try again.";
      return { ...refuse("conflict", message), preview };
    }
    // Unexpected: the transaction wrote nothing; the error handler logs it (500).
    throw error;
  }
  if (!outcome.written)
    return { ...refuse("invalid", importRefusedMessage(outcome.preview)), preview: outcome.preview };

  const { plan } = outcome;
  await discardImages(
    plan.rows.flatMap((r) => (r.preview.action === "update" ? r.removedImages : [])),
    options.storage,
  );
  if (plan.preview.counts.added + plan.preview.counts.updated > 0) invalidatePublicData();
  return { ok: true, message: importedMessage(plan.preview.counts), counts: plan.preview.counts };
}

/**
 * The public ids made from `names` (in order), as uniqueSlug makes them: the name's slug when no item has it, else
 * the first free of slug-2, slug-3... One query for all of them instead of one per row.
 */
async function slugsFromNames(tx: DbOrTx, names: string[]): Promise<string[]> {
  const bases = names.map((name) => slugFromName(name));
  const distinct = [...new Set(bases)];
  const taken = new Set<string>();
  for (let i = 0; i < distinct.length; i += 200) {
    const chunk = distinct.slice(i, i + 200);
    // Slugs have only [a-z0-9-], nothing LIKE would read as a wildcard.
    const rows = await tx
      .select({ slug: t.slug })
      .from(t)
      .where(or(inArray(t.slug, chunk), ...chunk.map((base) => like(t.slug, `${base}-%`))));
    for (const r of rows) taken.add(r.slug);
  }
  return bases.map((base) => {
    const slug = freeSlug(base, taken);
    taken.add(slug);
    return slug;
  });
}

/**
 * Writes a plan with no errors, in few statements: the updates one by one, the additions a few hundred at a time
 * (rows with a public id first, so ids made from names never take theirs), then the packages' parts and the audit
 * lines.
 */
async function writePlan(tx: DbOrTx, plan: ImportPlan, actor: AuditActor): Promise<void> {
  const idBySlug = new Map<string, string>([...plan.existing.values()].map((i) => [i.slug, i.id]));
  const written: { row: PlannedRow; id: string; slug: string }[] = [];

  for (const row of plan.rows) {
    if (row.preview.action !== "update") continue;
    await tx.update(inventoryItems).set(row.columns!).where(eq(inventoryItems.id, row.before!.id));
    written.push({ row, id: row.before!.id, slug: row.before!.slug });
  }

  const named = plan.rows.filter((r) => r.preview.action === "add" && r.preview.slug);
  const unnamed = plan.rows.filter((r) => r.preview.action === "add" && !r.preview.slug);
  await insertItems(
    tx,
    named.map((row) => ({ row, slug: row.preview.slug })),
    written,
    idBySlug,
  );
  const made = await slugsFromNames(
    tx,
    unnamed.map((r) => r.input!.name),
  );
  await insertItems(
    tx,
    unnamed.map((row, i) => ({ row, slug: made[i]! })),
    written,
    idBySlug,
  );

  // Package parts, now that every item of the file has its id.
  const packages = written.filter((w) => w.row.partsChanged);
  for (let i = 0; i < packages.length; i += 1000)
    await tx.delete(inventoryPackageParts).where(
      inArray(
        inventoryPackageParts.packageItemId,
        packages.slice(i, i + 1000).map((p) => p.id),
      ),
    );
  const parts = packages.flatMap(({ row, id }) =>
    row.input!.parts.map((p, position) => ({
      packageItemId: id,
      partItemId: idBySlug.get(p.slug)!,
      quantity: p.quantity,
      position,
    })),
  );
  for (let i = 0; i < parts.length; i += 1000) await tx.insert(inventoryPackageParts).values(parts.slice(i, i + 1000));

  // One audit line per item, in the file's order.
  written.sort((a, b) => a.row.preview.row - b.row.preview.row);
  await recordAudits(
    tx,
    actor,
    written.map(({ row, id, slug }) => ({
      action: "inventory_item.imported",
      entityType: "inventory_item",
      entityId: id,
      summary:
        row.preview.action === "add"
          ? `Imported the item "${row.input!.name}" (${slug}): added from row ${row.preview.row}`
          : `Imported the item "${row.input!.name}" (${slug}): row ${row.preview.row} changed ${row.preview.changes.join(", ")}`,
      changes: row.changes,
    })),
  );
}

async function insertItems(
  tx: DbOrTx,
  adds: { row: PlannedRow; slug: string }[],
  written: { row: PlannedRow; id: string; slug: string }[],
  idBySlug: Map<string, string>,
): Promise<void> {
  for (let i = 0; i < adds.length; i += 250) {
    const chunk = adds.slice(i, i + 250);
    const inserted = await tx
      .insert(inventoryItems)
      .values(chunk.map(({ row, slug }, j) => ({ ...row.columns!, slug, sortOrder: nextSortOrderSql(j) })))
      .returning({ id: inventoryItems.id, slug: inventoryItems.slug });
    for (const r of inserted) idBySlug.set(r.slug, r.id);
    for (const { row, slug } of chunk) written.push({ row, id: idBySlug.get(slug)!, slug });
  }
}

// ---------------------------------------------------------------------------------------------------- upload

export type CsvTextResult = { ok: true; text: string } | { ok: false; error: string };

/** The CSV posted by the import form: the chosen file when there is one, else the pasted text. */
export async function csvTextFromForm(form: FormData): Promise<CsvTextResult> {
  const file = form.get("file");
  if (file && typeof file !== "string" && !(file.size === 0 && file.name === "")) {
    if (file.size > CSV_IMPORT_LIMITS.bytes) return { ok: false, error: CSV_IMPORT_TOO_BIG };
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length === 0) return { ok: false, error: "The file is empty." };
    try {
      return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
    } catch {
      return {
        ok: false,
        error: "The file is not UTF-8 text. Save it from the spreadsheet as CSV UTF-8 (comma delimited) and try again.",
      };
    }
  }
  const pasted = form.get("csv");
  const text = typeof pasted === "string" ? pasted : "";
  if (text.trim() === "") return { ok: false, error: "Choose a CSV file or paste its text." };
  return { ok: true, text };
}
