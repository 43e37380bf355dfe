import { formatMonthYear } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { parsePayrollMonth } from "./payroll-form";
import type { TaxSlab } from "./payroll-formula";

// Settings > Accounting's income-tax slab tables (issue 25; DESIGN §10): the messages, the two forms' rules (put a
// preset in force from a month on; withdraw a table put in force), a table's bands in words and the months each
// table is in force for. Browser-safe: the page and the use cases share them.

export const SLAB_TABLE_MESSAGES = {
  putInForce: (name: string, month: string) => `${name} is in force from ${formatMonthYear(month)}`,
  putInForceFailed: (reason: string) =>
    reason ? `Failed to put the slab table in force: ${reason}` : "Failed to put the slab table in force",
  withdrawn: (name: string) => `${name} withdrawn: it is a preset again`,
  withdrawFailed: (reason: string) =>
    reason ? `Failed to withdraw the slab table: ${reason}` : "Failed to withdraw the slab table",
  tableRequired: "Slab table is required",
  tableInvalid: "Slab table must be one of the tables listed",
  tableNotFound: "This slab table does not exist",
  alreadyInForce: (name: string, from: string) =>
    `${name} is already in force from ${formatMonthYear(from.slice(0, 7))}: withdraw it first to change its month`,
  monthTaken: (name: string, month: string) =>
    `Month is taken: ${name} is already in force from ${formatMonthYear(month)}; choose another month or withdraw it first`,
  processedFrom: (month: string) =>
    `Month must be after ${formatMonthYear(month)}: its payroll is already processed with the table in force then (undo that payroll first to work its tax out again)`,
  notInForce: (name: string) => `${name} is a preset, not in force: there is nothing to withdraw`,
  usedBy: (name: string, month: string) =>
    `${name} worked out the tax of the payroll for ${formatMonthYear(month)}: a table a payroll used stays in force`,
  onlyOne: (name: string) => `${name} is the only table in force: payroll needs one`,
  earliest: (name: string, next: string) =>
    `${name} is the earliest table in force: withdrawn, the months before ${formatMonthYear(next.slice(0, 7))} would have no table`,
} as const;

export interface SlabTableFormValues {
  tableId: string;
  month: string;
}

function parseTableId(value: unknown): { ok: true; id: string } | { ok: false; message: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return { ok: false, message: SLAB_TABLE_MESSAGES.tableRequired };
  if (!isUuid(text)) return { ok: false, message: SLAB_TABLE_MESSAGES.tableInvalid };
  return { ok: true, id: text.toLowerCase() };
}

/** Put in force: the table and the month (YYYY-MM); one message per field. */
export function parsePutInForceForm(values: {
  tableId?: unknown;
  month?: unknown;
}): { ok: true; tableId: string; month: string } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const table = parseTableId(values.tableId);
  if (!table.ok) errors.tableId = table.message;
  const month = parsePayrollMonth(values.month);
  if (!month.ok) errors.month = month.message;
  if (!table.ok || !month.ok) return { ok: false, errors };
  return { ok: true, tableId: table.id, month: month.month };
}

/** Withdraw: the table; one message per field. */
export function parseWithdrawForm(values: {
  tableId?: unknown;
}): { ok: true; tableId: string } | { ok: false; errors: Record<string, string> } {
  const table = parseTableId(values.tableId);
  return table.ok ? { ok: true, tableId: table.id } : { ok: false, errors: { tableId: table.message } };
}

const wholeTaka = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function rateText(rate: string): string {
  return `${Number(rate)}%`;
}

/** The bands in words: "first ৳300,000 at 0%, next ৳100,000 at 5%, …, the rest at 25%". */
export function slabBandsText(slabs: readonly TaxSlab[]): string {
  const parts = slabs.map((slab, i) => {
    if (slab.bandAmount === null) return `the rest at ${rateText(slab.rate)}`;
    return `${i === 0 ? "first" : "next"} ৳${wholeTaka.format(Number(slab.bandAmount))} at ${rateText(slab.rate)}`;
  });
  return parts.join(", ");
}

export interface SlabTableSummary {
  id: string;
  name: string;
  assessmentYear: string | null;
  source: string;
  /** First day of the first month in force; null: a preset. */
  inForceFrom: string | null;
  slabs: TaxSlab[];
  /** The months of the payroll runs (not undone) worked out with it, YYYY-MM, earliest first. */
  usedBy: string[];
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
}

/**
 * When a table is in force, in words: "In force from July 2026", "In force from July 2026 until June 2027" when a
 * later one starts, "Preset — not in force".
 */
export function slabTablePeriodText(
  table: { inForceFrom: string | null },
  all: readonly { inForceFrom: string | null }[],
) {
  if (!table.inForceFrom) return "Preset — not in force";
  const from = table.inForceFrom.slice(0, 7);
  const next = all
    .map((t) => t.inForceFrom)
    .filter((d): d is string => d !== null && d > table.inForceFrom!)
    .sort()[0];
  const start = `In force from ${formatMonthYear(from)}`;
  return next ? `${start} until ${formatMonthYear(previousMonth(next.slice(0, 7)))}` : start;
}

/** The table in force for `month` (YYYY-MM) among `tables`: the latest in force on or before its first day. */
export function tableInForceFor<T extends { inForceFrom: string | null }>(
  tables: readonly T[],
  month: string,
): T | null {
  const first = `${month}-01`;
  let found: T | null = null;
  for (const t of tables)
    if (t.inForceFrom !== null && t.inForceFrom <= first && (!found || t.inForceFrom > found.inForceFrom!)) found = t;
  return found;
}
