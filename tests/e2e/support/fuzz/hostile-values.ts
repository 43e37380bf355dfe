// The hostile values the fuzz of every action (tests/e2e/fuzz-every-action.spec.ts, issue 38) puts in each field:
// what a person can type or a script can post, each of which once got past a form or broke a screen later.

export interface HostileValue {
  /** Names the value in a failure's report. */
  label: string;
  value: string;
}

const hostile = (label: string, value: string): HostileValue => ({ label, value });

/** Every field gets these, whatever it holds. */
export const ANY_FIELD: readonly HostileValue[] = [
  hostile("empty", ""),
  hostile("10,000 characters", "x".repeat(10_000)),
  hostile("NUL", "a\u0000b"),
];

/** A date, a month or a period bound. */
export const DATE_FIELD: readonly HostileValue[] = [
  hostile("year 0000", "0000-01-01"),
  hostile("year 9999", "9999-12-31"),
  hostile("year +275760", "+275760-09-13"),
  hostile("month 9999-12", "9999-12"),
  hostile("30 February", "2026-02-30"),
];

/** An amount, a quantity, a rate or a count. */
export const NUMBER_FIELD: readonly HostileValue[] = [
  hostile("1e308", "1e308"),
  hostile("-0", "-0"),
  hostile("NaN", "NaN"),
  hostile("400 digits", "9".repeat(400)),
  hostile("৳999,999,999,999.99", "999999999999.99"),
  hostile("-1", "-1"),
];

/** A record's id. */
export const ID_FIELD: readonly HostileValue[] = [
  hostile("malformed UUID", "00000000-0000-0000-0000-00000000000g"),
  hostile("UUID of nothing", "7b0f5c8e-0000-4000-8000-000000000000"),
];

/** Text a person types (names, descriptions, references, notes). */
export const TEXT_FIELD: readonly HostileValue[] = [
  hostile("zero-width space", "Tanvir Rahman\u200b"),
  hostile("bidi override", "\u202Eexe.fdp"),
  hostile("full-width formula", '＝HYPERLINK("http://x.example","x")'),
  hostile("formula", "=1+1"),
];

/** The intent no action knows. */
export const UNKNOWN_INTENT = hostile("unknown intent", "fuzz-unknown-intent");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_NAME = /(date|Date|Month|From|To|Start|End|Until)$|^(from|to|month|until|since|period|start|end|lockDate)$/;
const NUMBER_NAME =
  /(amount|price|rate|qty|quantity|count|total|salary|percent|cost|debit|credit|value|units|days|budget|limit|year)$/i;

/** What kind of value a field holds, from its input type, its name and the value the form gave it. */
export function fieldKind(field: { name: string; type: string; value: string }): "date" | "number" | "id" | "text" {
  const leaf = field.name.split(".").pop() ?? field.name;
  if (/^(date|month|datetime-local|week)$/.test(field.type) || /^\d{4}-\d{2}(-\d{2})?$/.test(field.value))
    return "date";
  if (UUID.test(field.value) || /(^id$|Id$|^party$)/.test(leaf)) return "id";
  if (field.type === "number" || /^-?\d+(\.\d+)?$/.test(field.value) || NUMBER_NAME.test(leaf)) return "number";
  if (DATE_NAME.test(leaf)) return "date";
  return "text";
}

/** The hostile values for one field: every field's, then its kind's. */
export function hostileValuesFor(field: { name: string; type: string; value: string }): HostileValue[] {
  const kind = fieldKind(field);
  const own = kind === "date" ? DATE_FIELD : kind === "number" ? NUMBER_FIELD : kind === "id" ? ID_FIELD : TEXT_FIELD;
  return [...ANY_FIELD, ...own];
}
