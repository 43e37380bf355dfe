import { z } from "zod";
import { formText } from "../../lib/form-data";
import { moneyField } from "../../lib/money";
import { DAMAGE_OUTCOMES, type DamageOutcome } from "./constants";

// The forms of a job's Overview (issue 26): Dispatch (everything, per line with quantities, or one item by its code,
// typed or scanned), Check in (per line with units out: returned, damaged, lost, where the damaged go, a note, a
// charge) and Add charge. The forms' own rules are here, for the page and the use cases alike; what only the
// database knows (how many are reserved, sent, out; the item's stock) the use cases check under their locks.
// Browser-safe.

export const JOB_MESSAGES = {
  jobNotFound: "This job does not exist",
  lineNotFound: "This line is not on the job",

  dispatched: (units: number, reference: string) =>
    `${units} ${units === 1 ? "unit" : "units"} dispatched on ${reference}`,
  dispatchFailed: (reason: string) => `Failed to dispatch: ${reason}`,
  modeRequired: "Choose what to dispatch",
  codeRequired: "Item code is required",
  codeUnknown: (code: string) => `No item has the code ${code}`,
  codeNotOnJob: (name: string) => `${name} is not on this job`,
  quantityInvalid: (label: string) => `${label} must be a whole number more than 0`,
  countInvalid: (label: string) => `${label} must be a whole number, 0 or more`,
  overDispatch: (left: number, name: string, reserved: number, sent: number) =>
    `Only ${left} more of ${name} can leave: ${reserved} reserved, ${sent} sent`,
  nothingToDispatch: "Everything on this job has left already",
  nothingChosen: "Enter how many units of at least one line leave",

  checkedIn: (units: number, reference: string) =>
    `${units} ${units === 1 ? "unit" : "units"} checked in on ${reference}`,
  checkInFailed: (reason: string) => `Failed to check in: ${reason}`,
  nothingOut: "Nothing of this job is out to check in",
  nothingCheckedIn: "Enter what came back, was damaged or lost on at least one line",
  overCheckIn: (name: string, asked: number, out: number) =>
    `${name}: returned, damaged and lost come to ${asked}, but only ${out} ${out === 1 ? "is" : "are"} out`,
  outcomeRequired: (name: string) => `Choose Send to repair or Write off for the damaged ${name}`,
  noteRequired: (name: string) => `A note is required for damaged or lost ${name}`,
  noteTooLong: (max: number) => `Note must be at most ${max} characters`,
  repairDateInvalid: "Expected back must be a date",
  repairDateOnlyForRepair: "An expected return date is only for units sent to repair",
  writeOffTooMany: (name: string, units: number, quantity: number, inRepair: number) =>
    `Cannot write off ${units} of ${name}: it has ${quantity} ${quantity === 1 ? "unit" : "units"}, ${inRepair} of them under repair`,
  chargeWithoutUnits: "A charge is for damaged or lost units: enter them first",

  chargeAdded: (reference: string) => `Charge added to ${reference}; it waits for the customer's next invoice`,
  chargeFailed: (reason: string) => `Failed to add charge: ${reason}`,
  descriptionRequired: "Description is required",
  descriptionTooLong: (max: number) => `Description must be at most ${max} characters`,
  amountPositive: "Amount must be more than 0",
  noCustomer: "This job has no customer record to charge: the quotation was approved without one",
} as const;

export const NOTE_MAX = 1000;
export const CHARGE_DESCRIPTION_MAX = 300;

/** The default description of a charge made at check-in: "Damage to 2 × LED Wall (JOB-000042)". */
export function defaultChargeDescription(kind: "damage" | "loss", units: number, name: string, reference: string) {
  return `${kind === "damage" ? "Damage to" : "Loss of"} ${units} × ${name} (${reference})`;
}

// ---- The item code (public id = the item's slug; its QR code encodes the slug exactly)

/** The item code in a scanned or typed text: trimmed and lower-cased; null when nothing usable is left. */
export function codeFromScan(text: string): string | null {
  const code = text.trim().toLowerCase();
  if (code === "" || code.length > 200 || /\s/.test(code)) return null;
  return code;
}

/** A count typed into a form: "" → `empty`; null when not a whole number (0 or more). */
export function parseCount(raw: string, empty: number | null = 0): number | null {
  const text = raw.trim();
  if (text === "") return empty;
  if (!/^\d{1,7}$/.test(text)) return null;
  return Number(text);
}

type Parsed<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

// ---- Dispatch

/** The field of a line's quantity in the per-line dispatch form. */
export const dispatchField = (lineId: string) => `dispatch.${lineId}`;

export type DispatchInput =
  | { mode: "all" }
  | { mode: "lines"; quantities: ReadonlyArray<{ lineId: string; quantity: number }> }
  | { mode: "code"; code: string; quantity: number };

export interface DispatchFormValues {
  mode: string;
  code: string;
  quantity: string;
  /** Per line id, what was typed. */
  lines: Record<string, string>;
}

export function readDispatchForm(form: FormData): DispatchFormValues {
  const lines: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (key.startsWith("dispatch.") && typeof value === "string") lines[key.slice("dispatch.".length)] = value;
  return { mode: formText(form, "mode"), code: formText(form, "code"), quantity: formText(form, "quantity"), lines };
}

export function parseDispatchForm(values: DispatchFormValues): Parsed<DispatchInput> {
  if (values.mode === "all") return { ok: true, input: { mode: "all" } };
  if (values.mode === "code") {
    const errors: Record<string, string> = {};
    const code = codeFromScan(values.code);
    if (!code) errors.code = JOB_MESSAGES.codeRequired;
    const quantity = parseCount(values.quantity, 1);
    if (quantity === null || quantity < 1) errors.quantity = JOB_MESSAGES.quantityInvalid("Quantity");
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, input: { mode: "code", code: code!, quantity: quantity! } };
  }
  if (values.mode === "lines") {
    const errors: Record<string, string> = {};
    const quantities: Array<{ lineId: string; quantity: number }> = [];
    for (const [lineId, raw] of Object.entries(values.lines)) {
      const quantity = parseCount(raw);
      if (quantity === null) errors[dispatchField(lineId)] = JOB_MESSAGES.quantityInvalid("Quantity");
      else if (quantity > 0) quantities.push({ lineId, quantity });
    }
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    if (quantities.length === 0) return { ok: false, errors: { form: JOB_MESSAGES.nothingChosen } };
    return { ok: true, input: { mode: "lines", quantities } };
  }
  return { ok: false, errors: { form: JOB_MESSAGES.modeRequired } };
}

// ---- Check-in

export const CHECK_IN_FIELDS = [
  "returned",
  "damaged",
  "lost",
  "outcome",
  "repairDate",
  "note",
  "chargeAmount",
  "chargeDescription",
] as const;
export type CheckInField = (typeof CHECK_IN_FIELDS)[number];

/** The field of one line's value in the check-in form: "returned.<line id>". */
export const checkInField = (field: CheckInField, lineId: string) => `${field}.${lineId}`;

export interface CheckInLineInput {
  lineId: string;
  returned: number;
  damaged: number;
  lost: number;
  /** Where the damaged units go; null when none are damaged. */
  outcome: DamageOutcome | null;
  /** YYYY-MM-DD, repair only; null when not known. */
  repairDate: string | null;
  note: string | null;
  /** A charge to the customer for this line's damaged or lost units. */
  charge: { amount: string; description: string | null } | null;
}

export type CheckInInput = { mode: "all" } | { mode: "lines"; lines: readonly CheckInLineInput[] };

export interface CheckInFormValues {
  mode: string;
  /** Per line id, its fields as typed. */
  lines: Record<string, Partial<Record<CheckInField, string>>>;
}

export function readCheckInForm(form: FormData): CheckInFormValues {
  const lines: Record<string, Partial<Record<CheckInField, string>>> = {};
  for (const [key, value] of form.entries()) {
    const dot = key.indexOf(".");
    if (dot < 0 || typeof value !== "string") continue;
    const field = key.slice(0, dot) as CheckInField;
    if (!CHECK_IN_FIELDS.includes(field)) continue;
    (lines[key.slice(dot + 1)] ??= {})[field] = value;
  }
  return { mode: formText(form, "mode"), lines };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The form's own rules per line; `names` gives each line's item name for the messages. */
export function parseCheckInForm(values: CheckInFormValues, names: ReadonlyMap<string, string>): Parsed<CheckInInput> {
  if (values.mode === "all") return { ok: true, input: { mode: "all" } };
  if (values.mode !== "lines") return { ok: false, errors: { form: JOB_MESSAGES.modeRequired } };
  const errors: Record<string, string> = {};
  const lines: CheckInLineInput[] = [];
  for (const [lineId, v] of Object.entries(values.lines)) {
    const name = names.get(lineId) ?? "this line";
    const f = (field: CheckInField) => checkInField(field, lineId);
    const counts = { returned: 0, damaged: 0, lost: 0 };
    for (const field of ["returned", "damaged", "lost"] as const) {
      const n = parseCount(v[field] ?? "");
      if (n === null) errors[f(field)] = JOB_MESSAGES.countInvalid(field[0]!.toUpperCase() + field.slice(1));
      else counts[field] = n;
    }
    const rawOutcome = (v.outcome ?? "").trim();
    const outcome = (DAMAGE_OUTCOMES as readonly string[]).includes(rawOutcome) ? (rawOutcome as DamageOutcome) : null;
    if (counts.damaged > 0 && !outcome) errors[f("outcome")] = JOB_MESSAGES.outcomeRequired(name);
    const rawDate = (v.repairDate ?? "").trim();
    let repairDate: string | null = null;
    if (rawDate !== "") {
      if (!isIsoDate(rawDate)) errors[f("repairDate")] = JOB_MESSAGES.repairDateInvalid;
      else if (counts.damaged > 0 && outcome === "repair") repairDate = rawDate;
      else if (counts.damaged > 0 && outcome === "write_off")
        errors[f("repairDate")] = JOB_MESSAGES.repairDateOnlyForRepair;
    }
    const note = (v.note ?? "").trim();
    if ((counts.damaged > 0 || counts.lost > 0) && note === "") errors[f("note")] = JOB_MESSAGES.noteRequired(name);
    if (note.length > NOTE_MAX) errors[f("note")] = JOB_MESSAGES.noteTooLong(NOTE_MAX);
    let charge: CheckInLineInput["charge"] = null;
    const rawAmount = (v.chargeAmount ?? "").trim();
    if (rawAmount !== "") {
      const parsed = chargeSchema.shape.amount.safeParse(rawAmount);
      if (!parsed.success) errors[f("chargeAmount")] = parsed.error.issues[0]!.message;
      else if (counts.damaged + counts.lost === 0) errors[f("chargeAmount")] = JOB_MESSAGES.chargeWithoutUnits;
      const description = (v.chargeDescription ?? "").trim();
      if (description.length > CHARGE_DESCRIPTION_MAX)
        errors[f("chargeDescription")] = JOB_MESSAGES.descriptionTooLong(CHARGE_DESCRIPTION_MAX);
      if (parsed.success) charge = { amount: parsed.data, description: description || null };
    }
    if (counts.returned + counts.damaged + counts.lost === 0) continue;
    lines.push({
      lineId,
      ...counts,
      outcome: counts.damaged > 0 ? outcome : null,
      repairDate,
      note: note || null,
      charge,
    });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (lines.length === 0) return { ok: false, errors: { form: JOB_MESSAGES.nothingCheckedIn } };
  return { ok: true, input: { mode: "lines", lines } };
}

// ---- Add charge

export const chargeSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, JOB_MESSAGES.descriptionRequired)
    .max(CHARGE_DESCRIPTION_MAX, JOB_MESSAGES.descriptionTooLong(CHARGE_DESCRIPTION_MAX)),
  amount: moneyField("Amount").refine((amount) => amount !== "0.00", JOB_MESSAGES.amountPositive),
});

export type ChargeInput = z.output<typeof chargeSchema>;
export interface ChargeFormValues {
  description: string;
  amount: string;
}

export function readChargeForm(form: FormData): ChargeFormValues {
  return { description: formText(form, "description"), amount: formText(form, "amount") };
}

export function parseChargeForm(values: ChargeFormValues): Parsed<ChargeInput> {
  const parsed = chargeSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, errors };
}
