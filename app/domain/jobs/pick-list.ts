import { CATEGORIES, findCategory } from "../catalogue/constants";
import { itemLabelsHref } from "../inventory/item-labels";

// A job's pick list (issue 26): what the warehouse prepares, grouped by category. Browser-safe: the screen and the
// PDF both lay out what pickListGroups answers.
//
// A package is listed under its own category as a heading ("Package: Wedding stage set × 2") with its parts under
// it, each part's quantity being for all the packages; its parts are not listed again under their own categories,
// so every unit to pick appears once, where the person packing the set expects it.

/** One job line as the pick list reads it. */
export interface PickLine {
  id: string;
  itemId: string;
  /** The item's public id: what its label's QR code carries and the dispatch screen reads. */
  slug: string;
  name: string;
  /** The category snapshot of the job line (a catalogue category id). */
  category: string;
  /** Units reserved by the quotation (for a package line: the number of packages). */
  quantity: number;
  /** Units already sent out. */
  dispatched: number;
  isPackage: boolean;
  packageLineId: string | null;
  lineNo: number;
}

/** A line as the pick list shows it: reserved, sent, and still to pick (reserved − sent). */
export interface PickRow {
  id: string;
  itemId: string;
  slug: string;
  name: string;
  reserved: number;
  sent: number;
  toPick: number;
}

export type PickEntry =
  | { kind: "item"; row: PickRow }
  | { kind: "package"; id: string; itemId: string; slug: string; name: string; packages: number; parts: PickRow[] };

export interface PickGroup {
  category: string;
  /** "Lighting", or the stored id when it is no longer a catalogue category. */
  label: string;
  entries: PickEntry[];
}

export interface PickTotals {
  /** Units reserved, sent and still to pick over every pickable line (package parts included, packages not). */
  reserved: number;
  sent: number;
  toPick: number;
}

/** "Lighting" for "lighting"; the id itself when it is not a catalogue category. */
export function categoryLabel(category: string): string {
  return findCategory(category)?.name ?? category;
}

/** "Package: Wedding stage set × 2". */
export function packageHeading(name: string, packages: number): string {
  return `Package: ${name} × ${packages}`;
}

const row = (line: PickLine): PickRow => ({
  id: line.id,
  itemId: line.itemId,
  slug: line.slug,
  name: line.name,
  reserved: line.quantity,
  sent: line.dispatched,
  toPick: Math.max(line.quantity - line.dispatched, 0),
});

/**
 * The job's lines grouped by category in the catalogue's order (categories no longer in the catalogue last, by
 * name), each group in the quotation's line order; a package with its parts under it in its own category's group.
 */
export function pickListGroups(lines: readonly PickLine[]): PickGroup[] {
  const sorted = [...lines].sort((a, b) => a.lineNo - b.lineNo);
  const partsOf = new Map<string, PickLine[]>();
  for (const line of sorted)
    if (line.packageLineId) partsOf.set(line.packageLineId, [...(partsOf.get(line.packageLineId) ?? []), line]);
  const known = new Set(sorted.map((l) => l.id));

  const groups = new Map<string, PickGroup>();
  for (const line of sorted) {
    // A part goes under its package; one whose package line is missing stands on its own.
    if (line.packageLineId && known.has(line.packageLineId)) continue;
    let group = groups.get(line.category);
    if (!group) {
      group = { category: line.category, label: categoryLabel(line.category), entries: [] };
      groups.set(line.category, group);
    }
    if (line.isPackage)
      group.entries.push({
        kind: "package",
        id: line.id,
        itemId: line.itemId,
        slug: line.slug,
        name: line.name,
        packages: line.quantity,
        parts: (partsOf.get(line.id) ?? []).map(row),
      });
    else group.entries.push({ kind: "item", row: row(line) });
  }
  const order = (category: string) => {
    const index = CATEGORIES.findIndex((c) => c.id === category);
    return index === -1 ? CATEGORIES.length : index;
  };
  return [...groups.values()].sort(
    (a, b) => order(a.category) - order(b.category) || a.label.localeCompare(b.label, "en"),
  );
}

/** Every row to pick, in the order the list shows them (package parts under their package). */
export function pickRows(groups: readonly PickGroup[]): PickRow[] {
  return groups.flatMap((g) => g.entries.flatMap((e) => (e.kind === "item" ? [e.row] : e.parts)));
}

export function pickTotals(groups: readonly PickGroup[]): PickTotals {
  return pickRows(groups).reduce(
    (sum, r) => ({ reserved: sum.reserved + r.reserved, sent: sum.sent + r.sent, toPick: sum.toPick + r.toPick }),
    { reserved: 0, sent: 0, toPick: 0 },
  );
}

/** The labels PDF of the items on the list (each once, packages left out: their parts carry the labels). */
export function pickListLabelsHref(groups: readonly PickGroup[]): string | null {
  const ids = [...new Set(pickRows(groups).map((r) => r.itemId))];
  if (ids.length === 0) return null;
  return itemLabelsHref(ids);
}

/** "JOB-000042-pick-list.pdf". */
export function pickListFileName(reference: string): string {
  return `${reference}-pick-list.pdf`;
}
