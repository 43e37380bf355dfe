import { z } from "zod";
import { nameField } from "../../lib/name-text";

// Rental pricing by period (issue 19, ADR 0019): a line priced per day is charged for the rental's chargeable
// days, which a rate structure decides, as Booqable and Current RMS do. A structure says how many days are
// charged for a rental of 1 to 7 days, and how many for each further week. Items pick one; an item without one
// uses the default, which charges every day. Browser-safe: the panel's live totals use the same rules.

/** A structure's figures: days charged for a rental of 1..7 days (index 0 is 1 day), and per further week. */
export interface RateStructureDays {
  daysCharged: readonly number[];
  extraWeekDays: number;
}

/** The default structure: every day of the rental is charged. Built in (not a row): items without one use it. */
export const DAILY_RATE_STRUCTURE = {
  name: "Daily (every day charged)",
  daysCharged: [1, 2, 3, 4, 5, 6, 7],
  extraWeekDays: 7,
} as const satisfies RateStructureDays & { name: string };

/**
 * The days charged for a rental of `length` days (1 or more).
 *
 * Up to 7 days the structure's table answers. Beyond, the first week costs the table's 7-day figure, each further
 * full week `extraWeekDays`, and a partial further week of r days (1..6) the table's r-day figure but never more
 * than a further week: min(daysCharged[r], extraWeekDays). So 9 days under "3 days a week, 3 per further week"
 * are 3 + min(2, 3) = 5, and a longer rental never costs less than a shorter one.
 */
export function chargeableDays(length: number, structure: RateStructureDays): number {
  if (!Number.isSafeInteger(length) || length < 1) throw new Error(`a rental lasts at least 1 day, not ${length}`);
  const table = structure.daysCharged;
  if (length <= 7) return table[length - 1]!;
  const further = length - 7;
  const weeks = Math.floor(further / 7);
  const rest = further % 7;
  const partial = rest === 0 ? 0 : Math.min(table[rest - 1]!, structure.extraWeekDays);
  return table[6]! + weeks * structure.extraWeekDays + partial;
}

/** Days from the event date to the last rental day, both included; a one-day rental when there is no last day. */
export function rentalLength(eventDate: string, rentalEndDate: string | null): number {
  if (!rentalEndDate || rentalEndDate <= eventDate) return 1;
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((day(rentalEndDate) - day(eventDate)) / 86_400_000) + 1;
}

/** Whether a price is per day ("sqm/day"): such a line is charged for the chargeable days, others once. */
export function isPricePerDay(priceUnit: string | null | undefined): boolean {
  return !!priceUnit && /\/day$/.test(priceUnit);
}

/** The days a line is charged: the structure's for a price per day, null (charged once) otherwise. */
export function lineDays(
  priceUnit: string | null | undefined,
  length: number,
  structure: RateStructureDays | null | undefined,
): number | null {
  return isPricePerDay(priceUnit) ? chargeableDays(length, structure ?? DAILY_RATE_STRUCTURE) : null;
}

const UNIT_WORDS: Record<string, [one: string, many: string]> = {
  sqm: ["sqm", "sqm"],
  set: ["set", "sets"],
  meter: ["meter", "meters"],
};

/**
 * A line's charge in words, for the panel, the PDF, the e-mails and the portal: "24 sqm × ৳5,000.00 × 2 days",
 * "3 × ৳1,500.00" (a price per unit or per event). `formatMoney` is the caller's (lib/format).
 */
export function chargeText(
  line: { quantity: number; unitPrice: string; priceUnit?: string | null; days?: number | null },
  formatMoney: (amount: string) => string,
): string {
  const unit = line.priceUnit?.replace(/\/day$/, "") ?? "";
  // "24 sqm", "2 sets", "1 meter"; a unit, an event or an hour is the bare number.
  const counted = UNIT_WORDS[unit];
  const quantity = counted ? `${line.quantity} ${line.quantity === 1 ? counted[0] : counted[1]}` : `${line.quantity}`;
  const days = line.days == null ? "" : ` × ${line.days} ${line.days === 1 ? "day" : "days"}`;
  return `${quantity} × ${formatMoney(line.unitPrice)}${days}`;
}

// ---- The Settings form for a structure (browser and server).

export const RATE_STRUCTURE_LIMITS = { name: 60 } as const;

export const RATE_STRUCTURE_MESSAGES = {
  created: "Rate structure added",
  updated: "Rate structure saved",
  deleted: "Rate structure deleted",
  notFound: "This rate structure no longer exists",
  confirmDelete: "Are you sure you want to delete this rate structure?",
  nameTaken: "Another rate structure already has this name",
  inUse: (count: number) =>
    `This rate structure is used by ${count} ${count === 1 ? "item" : "items"}; choose another structure for ${
      count === 1 ? "it" : "them"
    } in Inventory first`,
  fieldsInvalid: "Please correct the highlighted fields",
} as const;

/** The form's values as typed (days1..days7 and extraWeekDays as text). */
export interface RateStructureFormValues {
  id: string;
  name: string;
  days: string[];
  extraWeekDays: string;
}

export const EMPTY_RATE_STRUCTURE_FORM: RateStructureFormValues = {
  id: "",
  name: "",
  days: ["1", "2", "3", "4", "5", "6", "7"],
  extraWeekDays: "7",
};

export function readRateStructureForm(form: FormData): RateStructureFormValues {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    id: text("id"),
    name: text("name"),
    days: Array.from({ length: 7 }, (_, i) => text(`days${i + 1}`)),
    extraWeekDays: text("extraWeekDays"),
  };
}

const dayCount = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d+$/, `${label} must be a whole number of days`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${label} must be from 1 to ${max}`);

const schema = z.object({
  // Invisible or direction-changing characters make two names look alike: the one rule for names.
  name: nameField("Name", { max: RATE_STRUCTURE_LIMITS.name }),
  days: z.tuple([
    dayCount("Days charged for 1 day", 1),
    dayCount("Days charged for 2 days", 2),
    dayCount("Days charged for 3 days", 3),
    dayCount("Days charged for 4 days", 4),
    dayCount("Days charged for 5 days", 5),
    dayCount("Days charged for 6 days", 6),
    dayCount("Days charged for 7 days", 7),
  ]),
  extraWeekDays: dayCount("Days charged per further week", 7),
});

export interface RateStructureInput {
  name: string;
  daysCharged: number[];
  extraWeekDays: number;
}

/**
 * The form's rules: each figure from 1 to the rental's length (a structure never charges more days than rented),
 * and never fewer days for a longer rental. Errors are keyed `name`, `days.3`, `extraWeekDays`.
 */
export function parseRateStructureForm(
  values: RateStructureFormValues,
): { ok: true; input: RateStructureInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
    return { ok: false, errors };
  }
  const days = [...parsed.data.days];
  days.forEach((d, i) => {
    if (i > 0 && d < days[i - 1]!)
      errors[`days.${i}`] = `Days charged for ${i + 1} days cannot be fewer than for ${i} ${i === 1 ? "day" : "days"}`;
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: { name: parsed.data.name, daysCharged: days, extraWeekDays: parsed.data.extraWeekDays } };
}

/** "1, 2, 2, 3, 3, 3, 3 · 3 per further week": a structure's figures in one line, for lists and choices. */
export function describeRateStructure(s: RateStructureDays): string {
  return `${s.daysCharged.join(", ")} · ${s.extraWeekDays} per further week`;
}
