import { describe, expect, it } from "vitest";
import {
  changeLines,
  emptyJournalEntryForm,
  lineValuesOf,
  parseJournalEntryForm,
  readJournalEntryForm,
  readLinesChange,
  typedTotals,
  type JournalEntryFormValues,
} from "./journal-entry-form";

// The General Ledger's journal entry form (issue 21; backoffice.md §5): the lines editor's fields read back in
// order, the spec's rules (entry date required, each line an account, debit and credit 0 or more with 2 decimals,
// total debit equal to total credit and not zero) with one message per field, and the editor's buttons.

const CASH = "11111111-1111-4111-8111-111111111111";
const INCOME = "22222222-2222-4222-8222-222222222222";

const VALID: JournalEntryFormValues = {
  id: "",
  version: "",
  entryDate: "2026-03-05",
  reference: " JE-0001 ",
  description: "Cash sale",
  status: "posted",
  lines: [
    { accountId: CASH, debit: "1,500.5", credit: "", description: "", party: "" },
    { accountId: INCOME, debit: "", credit: "৳1500.50", description: "Rental", party: "" },
  ],
};

const withLine = (i: number, line: Partial<JournalEntryFormValues["lines"][number]>): JournalEntryFormValues => ({
  ...VALID,
  lines: VALID.lines.map((l, j) => (j === i ? { ...l, ...line } : l)),
});

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe("readJournalEntryForm", () => {
  it("reads the lines in the order of their numbers, numbered again from 0, whatever order they were posted in", () => {
    const values = readJournalEntryForm(
      form([
        ["entryDate", "2026-03-05"],
        ["status", "draft"],
        ["lines.7.accountId", INCOME],
        ["lines.7.credit", "10"],
        ["lines.0.accountId", CASH],
        ["lines.0.debit", "10"],
        ["lines.12.description", "only a note"],
        ["lines.x.debit", "99"],
      ]),
    );
    expect(values.entryDate).toBe("2026-03-05");
    expect(values.reference).toBe("");
    expect(values.lines).toEqual([
      { accountId: CASH, debit: "10", credit: "", description: "", party: "" },
      { accountId: INCOME, debit: "", credit: "10", description: "", party: "" },
      { accountId: "", debit: "", credit: "", description: "only a note", party: "" },
    ]);
  });

  it("a new entry's form starts with one empty line, dated today, as a draft", () => {
    expect(emptyJournalEntryForm("2026-03-05")).toMatchObject({
      entryDate: "2026-03-05",
      status: "draft",
      lines: [{ accountId: "", debit: "", credit: "", description: "", party: "" }],
    });
  });
});

describe("parseJournalEntryForm", () => {
  it("gives the entry to write: amounts in paisa, the reference trimmed, an empty line description as null", () => {
    const parsed = parseJournalEntryForm(VALID);
    expect(parsed).toEqual({
      ok: true,
      input: {
        entryDate: "2026-03-05",
        reference: "JE-0001",
        description: "Cash sale",
        status: "posted",
        lines: [
          { accountId: CASH, debit: 150_050n, credit: 0n, description: null, party: null },
          { accountId: INCOME, debit: 0n, credit: 150_050n, description: "Rental", party: null },
        ],
      },
    });
  });

  it("takes an empty reference as none", () => {
    expect(parseJournalEntryForm({ ...VALID, reference: "  " })).toMatchObject({
      ok: true,
      input: { reference: null },
    });
  });

  const refused: [string, JournalEntryFormValues, Record<string, string | RegExp>][] = [
    ["no entry date", { ...VALID, entryDate: "" }, { entryDate: "Entry date is required" }],
    ["an impossible date", { ...VALID, entryDate: "2026-02-30" }, { entryDate: "Entry date must be a date" }],
    ["a date in words", { ...VALID, entryDate: "yesterday" }, { entryDate: "Entry date must be a date" }],
    ["an unknown status", { ...VALID, status: "approved" }, { status: "Choose a status: Draft or Posted" }],
    ["a reference too long", { ...VALID, reference: "R".repeat(41) }, { reference: /at most 40/ }],
    ["a reversal's reference", { ...VALID, reference: "rev-JE-1" }, { reference: /kept for reversals/ }],
    ["a reference with a control character", { ...VALID, reference: "JE\u0007" }, { reference: /not allowed/ }],
    ["a line without an account", withLine(1, { accountId: "" }), { "lines.1.accountId": "Choose an account" }],
    ["an account that is not an id", withLine(0, { accountId: "1000" }), { "lines.0.accountId": "Choose an account" }],
    ["a negative debit", withLine(0, { debit: "-5" }), { "lines.0.debit": "Debit must be 0 or more" }],
    ["3 decimals", withLine(1, { credit: "1500.505" }), { "lines.1.credit": "Credit can have at most 2 decimals" }],
    [
      "an amount too large",
      withLine(0, { debit: "1000000000000" }),
      { "lines.0.debit": "Debit must be at most ৳99,999,999.99" },
    ],
    [
      "a credit a paisa above the typed bound",
      withLine(1, { credit: "100000000.00" }),
      { "lines.1.credit": "Credit must be at most ৳99,999,999.99" },
    ],
    ["an amount in words", withLine(0, { debit: "ten" }), { "lines.0.debit": /amount in taka/ }],
    [
      "both sides on one line",
      withLine(0, { credit: "1" }),
      { "lines.0.debit": "A line is either a debit or a credit, not both" },
    ],
    ["a line with neither side", withLine(1, { credit: "" }), { "lines.1.debit": "Enter a debit or a credit" }],
    ["unbalanced", withLine(1, { credit: "1500.49" }), { lines: /must equal total credits/ }],
    [
      "zero",
      { ...VALID, lines: [withLine(0, { debit: "0" }).lines[0]!, withLine(1, { credit: "0.00" }).lines[1]!] },
      { "lines.0.debit": "Enter a debit or a credit" },
    ],
    ["one line only", { ...VALID, lines: [VALID.lines[0]!] }, { lines: /at least two lines/ }],
    ["no lines", { ...VALID, lines: [] }, { lines: /at least two lines/ }],
    [
      "more than 100 lines",
      { ...VALID, lines: Array.from({ length: 101 }, (_, i) => VALID.lines[i % 2]!) },
      { lines: "An entry can have at most 100 lines" },
    ],
  ];

  it.each(refused)("refuses %s with the field's message", (_name, values, expected) => {
    const parsed = parseJournalEntryForm(values);
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? {} : parsed.errors;
    for (const [field, message] of Object.entries(expected)) {
      if (typeof message === "string") expect(errors[field]).toBe(message);
      else expect(errors[field]).toMatch(message);
    }
  });
});

describe("a control account's line names its party (issue 36)", () => {
  const RECEIVABLE = "33333333-3333-4333-8333-333333333333";
  const CUSTOMER = "44444444-4444-4444-8444-444444444444";
  const onReceivable = (party: string): JournalEntryFormValues => ({
    ...VALID,
    lines: [
      { accountId: RECEIVABLE, debit: "100", credit: "", description: "", party },
      { accountId: INCOME, debit: "", credit: "100", description: "", party: "" },
    ],
  });
  const errorsOf = (parsed: ReturnType<typeof parseJournalEntryForm>) => (parsed.ok ? {} : parsed.errors);

  it("takes a hundred lines at the typed bound: their total fits the column, so no total can overflow", () => {
    const at = (i: number) => ({
      accountId: i % 2 === 0 ? CASH : INCOME,
      debit: i % 2 === 0 ? "99999999.99" : "",
      credit: i % 2 === 0 ? "" : "99999999.99",
      description: "",
      party: "",
    });
    expect(parseJournalEntryForm({ ...VALID, lines: Array.from({ length: 100 }, (_, i) => at(i)) })).toMatchObject({
      ok: true,
    });
  });

  it("reads lines.N.party from the form", () => {
    const values = readJournalEntryForm(
      form([
        ["lines.0.accountId", RECEIVABLE],
        ["lines.0.party", `customer:${CUSTOMER}`],
      ]),
    );
    expect(values.lines).toEqual([
      { accountId: RECEIVABLE, debit: "", credit: "", description: "", party: `customer:${CUSTOMER}` },
    ]);
  });

  it("gives the line its party, as partyValue wrote it", () => {
    const parsed = parseJournalEntryForm(onReceivable(` Customer:${CUSTOMER.toUpperCase()} `), {
      [RECEIVABLE]: "customer",
    });
    expect(parsed).toMatchObject({ ok: true, input: { lines: [{ party: { kind: "customer", id: CUSTOMER } }, {}] } });
    if (parsed.ok) expect(parsed.input.lines[1]!.party).toBeNull();
  });

  it.each([
    ["a kind the books do not know", `vendor:${CUSTOMER}`],
    ["an id that is not one", "customer:42"],
    ["a bare id", CUSTOMER],
    ["a name", "Nadia Rahman"],
  ])("refuses %s on the line's party field, naming it", (_name, value) => {
    expect(errorsOf(parseJournalEntryForm(onReceivable(value)))).toEqual({
      "lines.0.party": "Choose the line's party from the list: a customer, a supplier or an employee",
    });
  });

  it("refuses a control account's line without a party, naming the kind its account keeps", () => {
    expect(errorsOf(parseJournalEntryForm(onReceivable(""), { [RECEIVABLE]: "customer" }))).toEqual({
      "lines.0.party": "Choose the customer of this line",
    });
    expect(errorsOf(parseJournalEntryForm(onReceivable(""), { [RECEIVABLE]: "any" }))).toEqual({
      "lines.0.party": "Choose the customer, supplier or employee of this line",
    });
    // Beside the lines' own rules, each on its field.
    const unbalanced = onReceivable("");
    unbalanced.lines[1]!.credit = "99";
    expect(errorsOf(parseJournalEntryForm(unbalanced, { [RECEIVABLE]: "supplier" }))).toEqual({
      lines: expect.stringMatching(/must equal total credits/),
      "lines.0.party": "Choose the supplier of this line",
    });
  });

  it("drops a party on a line whose account is not kept by party; without the kinds it keeps it for the ledger", () => {
    const parsed = parseJournalEntryForm(onReceivable(`customer:${CUSTOMER}`), {});
    expect(parsed).toMatchObject({ ok: true, input: { lines: [{ party: null }, { party: null }] } });
    expect(parseJournalEntryForm(onReceivable(`customer:${CUSTOMER}`))).toMatchObject({
      ok: true,
      input: { lines: [{ party: { kind: "customer", id: CUSTOMER } }, { party: null }] },
    });
  });

  it("a stored line's party shows in the form as partyValue writes it", () => {
    expect(
      lineValuesOf([
        { accountId: RECEIVABLE, debit: 100n, credit: 0n, party: { kind: "employee", id: CUSTOMER } },
        { accountId: INCOME, debit: 0n, credit: 100n, party: null },
      ]).map((l) => l.party),
    ).toEqual([`employee:${CUSTOMER}`, ""]);
  });
});

describe("the lines editor", () => {
  const line = (debit: string, credit: string) => ({ accountId: CASH, debit, credit, description: "", party: "" });

  it("Save only when total debit equals total credit and is not zero; what cannot be read counts 0", () => {
    expect(typedTotals([line("", "")])).toEqual({ debits: 0n, credits: 0n, balanced: false });
    expect(typedTotals([line("100.10", ""), line("", "100.1")])).toEqual({
      debits: 10_010n,
      credits: 10_010n,
      balanced: true,
    });
    expect(typedTotals([line("0.1", ""), line("0.2", ""), line("", "0.3")]).balanced).toBe(true);
    expect(typedTotals([line("100", ""), line("", "99.99")]).balanced).toBe(false);
    expect(typedTotals([line("abc", ""), line("", "-5")])).toMatchObject({ debits: 0n, credits: 0n, balanced: false });
  });

  it("adds a line, removes any but the first", () => {
    const one = [line("1", "")];
    const two = changeLines(one, { kind: "add" });
    expect(two).toHaveLength(2);
    expect(changeLines(two, { kind: "remove", index: 0 })).toEqual(two);
    expect(changeLines(two, { kind: "remove", index: 1 })).toEqual(one);
    expect(changeLines(two, { kind: "remove", index: 5 })).toEqual(two);
  });

  it("reads the buttons' requests without JavaScript", () => {
    expect(readLinesChange(form([["linesChange", "add"]]))).toEqual({ kind: "add" });
    expect(readLinesChange(form([["linesChange", "remove-3"]]))).toEqual({ kind: "remove", index: 3 });
    expect(readLinesChange(form([["linesChange", "drop"]]))).toBeNull();
    expect(readLinesChange(form([]))).toBeNull();
  });
});
