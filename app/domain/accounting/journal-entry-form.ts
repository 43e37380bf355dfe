import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, normalizeMoney, optionalMoneyField, toPaisa } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import { JOURNAL_STATUSES, type ControlPartyKind, type JournalStatus } from "./constants";
import {
  entryLineErrors,
  entryTotals,
  JOURNAL_MESSAGES,
  parsePartyValue,
  partyValue,
  type EntryLine,
  type PartyRef,
} from "./journal";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// The New Journal Entry / Edit draft form of the General Ledger (backoffice.md §2, §5; issue 21): one schema for the
// browser's messages and the use cases' decision (ADR 0022). The lines editor posts `lines.N.accountId`,
// `lines.N.debit`, `lines.N.credit`, `lines.N.description` and, on a control account's line, `lines.N.party` (issue 36:
// journal.ts's partyValue, "customer:<uuid>"); the lines' own rules (one side each, balanced, not
// zero, within the columns) are journal.ts's entryLineErrors, the book's. Browser-safe.

/** The spec's texts (backoffice.md §8) word for word, and ours beside them. */
export const JOURNAL_ENTRY_MESSAGES = {
  created: "Journal entry created successfully",
  createFailed: (reason: string) => `Failed to create journal entry: ${reason}`,
  updated: "Journal entry updated successfully",
  updatedAndPosted: "Journal entry updated and posted successfully",
  updateFailed: (reason: string) => `Failed to update journal entry: ${reason}`,
  posted: "Journal entry posted successfully",
  postFailed: (reason: string) => `Failed to post journal entry: ${reason}`,
  deleted: "Journal entry deleted successfully",
  deleteFailed: (reason: string) => `Failed to delete journal entry: ${reason}`,
  reverseFailed: (reason: string) => `Failed to reverse journal entry: ${reason}`,
  confirmDelete: "Are you sure you want to delete this journal entry?",
  entryDateRequired: "Entry date is required",
  entryDateInvalid: "Entry date must be a date",
  statusInvalid: "Choose a status: Draft or Posted",
  tooManyLines: (max: number) => `An entry can have at most ${max} lines`,
  referenceTaken: "Another journal entry has this reference",
  referenceReserved: "References starting with REV- are kept for reversals",
  notFound: "This journal entry no longer exists",
  postedFixed: "This entry is posted: it cannot be edited or deleted, only reversed",
  alreadyPosted: "This entry is already posted",
  changedMeanwhile:
    "Someone else changed this entry while you were looking at it. Nothing was saved; the form now shows their version.",
  idRequired: "No journal entry was chosen",
  partyInvalid: "Choose the line's party from the list: a customer, a supplier or an employee",
  partyUnknown: "This customer, supplier or employee is no longer in the books: choose another",
  partyRequired: (kind: ControlPartyKind) =>
    `Choose the ${kind === "any" ? "customer, supplier or employee" : kind} of this line`,
} as const;

/** The Party select's label on a control account's line, by the account's kind (issue 36). */
export const PARTY_FIELD_LABELS: Record<ControlPartyKind, string> = {
  customer: "Customer",
  supplier: "Supplier",
  employee: "Employee",
  any: "Party",
};

/** The control accounts' party kinds by account id (party-choices.server.ts's controlAccountKinds). */
export type ControlKinds = Readonly<Record<string, ControlPartyKind>>;

export const JOURNAL_ENTRY_LIMITS = { reference: 40, description: 500, lineDescription: 200, lines: 100 } as const;

export const JOURNAL_STATUS_LABELS: Record<JournalStatus, string> = { draft: "Draft", posted: "Posted" };

export interface JournalLineValues {
  accountId: string;
  debit: string;
  credit: string;
  description: string;
  /** partyValue of the line's party; "" for none (a line on an account that is not a control account has none). */
  party: string;
}

export interface JournalEntryFormValues {
  /** The draft's id when editing; "" for a new entry. */
  id: string;
  /** The draft's updated_at as the form was opened (ISO); "" for a new entry. */
  version: string;
  entryDate: string;
  reference: string;
  description: string;
  status: string;
  lines: JournalLineValues[];
}

export const EMPTY_JOURNAL_LINE: JournalLineValues = {
  accountId: "",
  debit: "",
  credit: "",
  description: "",
  party: "",
};

/** A new entry's form: dated `today`, a draft, with one empty line (backoffice.md §9). */
export function emptyJournalEntryForm(today: string): JournalEntryFormValues {
  return {
    id: "",
    version: "",
    entryDate: today,
    reference: "",
    description: "",
    status: "draft",
    lines: [{ ...EMPTY_JOURNAL_LINE }],
  };
}

const LINE_FIELD = /^lines\.(\d{1,4})\.(accountId|debit|credit|description|party)$/;

/**
 * The form exactly as typed. Lines are read in the order of their numbers and numbered again from 0, so a line
 * removed in the middle leaves no gap; the messages name the lines by these numbers.
 */
export function readJournalEntryForm(form: FormData): JournalEntryFormValues {
  const byIndex = new Map<number, JournalLineValues>();
  for (const [name, value] of form.entries()) {
    const match = LINE_FIELD.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const line = byIndex.get(index) ?? { ...EMPTY_JOURNAL_LINE };
    line[match[2] as keyof JournalLineValues] = typeof value === "string" ? value : "";
    byIndex.set(index, line);
  }
  const lines = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
  return { ...formFields(form, ["id", "version", "entryDate", "reference", "description", "status"]), lines };
}

/** What the lines editor's buttons ask without JavaScript: add a line, or remove line N (never the first). */
export type LinesChange = { kind: "add" } | { kind: "remove"; index: number };

export function readLinesChange(form: FormData): LinesChange | null {
  const value = form.get("linesChange");
  if (value === "add") return { kind: "add" };
  const remove = typeof value === "string" ? /^remove-(\d{1,4})$/.exec(value) : null;
  return remove ? { kind: "remove", index: Number(remove[1]) } : null;
}

/** The lines after an Add line or a Remove: the first line always stays (backoffice.md §5). */
export function changeLines(lines: readonly JournalLineValues[], change: LinesChange): JournalLineValues[] {
  if (change.kind === "add")
    return lines.length >= JOURNAL_ENTRY_LIMITS.lines ? [...lines] : [...lines, { ...EMPTY_JOURNAL_LINE }];
  if (change.index < 1 || change.index >= lines.length) return [...lines];
  return lines.filter((_, i) => i !== change.index);
}

/** A typed amount in paisa, 0 for an empty or unreadable one: what the editor's running totals count. */
export function typedPaisa(amount: string): bigint {
  const normalized = normalizeMoney(amount);
  return normalized === null ? 0n : toPaisa(normalized);
}

/**
 * The totals the editor shows as one types, and whether Save may be pressed: total debit equal to total credit
 * and not zero (backoffice.md §5).
 */
export function typedTotals(lines: readonly Pick<JournalLineValues, "debit" | "credit">[]): {
  debits: bigint;
  credits: bigint;
  balanced: boolean;
} {
  const { debits, credits } = entryTotals(
    lines.map((l) => ({ debit: typedPaisa(l.debit), credit: typedPaisa(l.credit) })),
  );
  return { debits, credits, balanced: debits === credits && debits > 0n };
}

const lineSchema = z.object({
  accountId: z
    .string()
    .trim()
    .refine((v) => isUuid(v), JOURNAL_MESSAGES.lineAccount)
    .transform((v) => v.toLowerCase()),
  debit: optionalMoneyField("Debit"),
  credit: optionalMoneyField("Credit"),
  description: nameField("Line description", { max: JOURNAL_ENTRY_LIMITS.lineDescription, optional: true }),
  party: z
    .string()
    .optional()
    .transform((v, ctx): PartyRef | null => {
      const party = parsePartyValue(v);
      if (party !== "invalid") return party;
      ctx.addIssue({ code: "custom", message: JOURNAL_ENTRY_MESSAGES.partyInvalid });
      return z.NEVER;
    }),
});

const entrySchema = z.object({
  entryDate: z
    .string()
    .trim()
    .min(1, JOURNAL_ENTRY_MESSAGES.entryDateRequired)
    .refine(isRealDate, { error: JOURNAL_ENTRY_MESSAGES.entryDateInvalid, abort: true })
    .refine(isBusinessDate, businessDateRangeMessage("Entry date")),
  reference: nameField("Reference", { max: JOURNAL_ENTRY_LIMITS.reference, optional: true })
    .refine((v) => !/^rev-/i.test(v), JOURNAL_ENTRY_MESSAGES.referenceReserved)
    .transform((v) => v || null),
  description: nameField("Description", { max: JOURNAL_ENTRY_LIMITS.description, optional: true }),
  status: z
    .string()
    .refine(
      (v): v is JournalStatus => (JOURNAL_STATUSES as readonly string[]).includes(v),
      JOURNAL_ENTRY_MESSAGES.statusInvalid,
    ),
  lines: z
    .array(lineSchema)
    .min(1, JOURNAL_MESSAGES.tooFewLines)
    .max(JOURNAL_ENTRY_LIMITS.lines, JOURNAL_ENTRY_MESSAGES.tooManyLines(JOURNAL_ENTRY_LIMITS.lines)),
});

export interface JournalEntryInput {
  entryDate: string;
  reference: string | null;
  description: string;
  status: JournalStatus;
  lines: EntryLine[];
}

/** A zod issue's field: "lines.2.debit" for a line's, "lines" for the lines as a whole, "form" for none. */
function fieldOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "form";
  if (path[0] === "lines") return path.slice(0, 3).map(String).join(".");
  return String(path[0]);
}

/**
 * The form's own rules: the entry to write (amounts in paisa), or one message per field. The same rules hold for a
 * draft as for a posted entry, so a draft can be posted as it is: each line an account and one side, total debit
 * equal to total credit and not zero. Given the control accounts' kinds (`controlKinds`; the dialog has them, and the
 * use cases read them), a control account's line must name its party and another line's party is dropped (the editor
 * posts none there); the ledger checks the party's kind as it writes (ledger.server.ts).
 */
export function parseJournalEntryForm(
  values: JournalEntryFormValues,
  controlKinds?: ControlKinds,
): { ok: true; input: JournalEntryInput } | { ok: false; errors: Record<string, string> } {
  const parsed = entrySchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
    return { ok: false, errors };
  }
  const lines: EntryLine[] = parsed.data.lines.map((line) => ({
    accountId: line.accountId,
    debit: line.debit === null ? 0n : toPaisa(line.debit),
    credit: line.credit === null ? 0n : toPaisa(line.credit),
    description: line.description || null,
    party: controlKinds && !controlKinds[line.accountId] ? null : line.party,
  }));
  const lineErrors = { ...entryLineErrors(lines), ...(controlKinds ? partyErrors(lines, controlKinds) : {}) };
  if (Object.keys(lineErrors).length > 0) return { ok: false, errors: lineErrors };
  return {
    ok: true,
    input: {
      entryDate: parsed.data.entryDate,
      reference: parsed.data.reference,
      description: parsed.data.description,
      status: parsed.data.status,
      lines,
    },
  };
}

/** A party missing on a control account's line, by field ("lines.2.party"). */
function partyErrors(lines: readonly EntryLine[], controlKinds: ControlKinds): Record<string, string> {
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    const kind = controlKinds[line.accountId];
    if (kind && !line.party) errors[`lines.${i}.party`] = JOURNAL_ENTRY_MESSAGES.partyRequired(kind);
  });
  return errors;
}

/** A stored entry's lines as the form shows them ("" for a side that is 0). */
export function lineValuesOf(lines: readonly EntryLine[]): JournalLineValues[] {
  return lines.map((l) => ({
    accountId: l.accountId,
    debit: l.debit === 0n ? "" : fromPaisa(l.debit),
    credit: l.credit === 0n ? "" : fromPaisa(l.credit),
    description: l.description ?? "",
    party: partyValue(l.party),
  }));
}
