// Reverse and bank reconciliation (issue 23): an entry with a line matched to a bank statement line is not reversed
// from the General Ledger: the refusal names the statement line and says to undo the match first; nothing is
// written. Once the match is undone, the entry reverses as any other.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { seedBooks } from "../../../tests/support/invoice-fixtures";
import { BANK, BANK_ACTOR as actor, insertStatement, manualOnBank } from "../../../tests/support/bank-fixtures";
import { matchStatementLine } from "../banking/match-statement-line.server";
import { unmatchStatementLine } from "../banking/unmatch-statement-line.server";
import { REVERSE_MESSAGES, reverseEntry } from "./reverse-entry.server";

beforeAll(async () => {
  await seedBooks();
});

describe("Reverse on an entry matched to a bank statement line", () => {
  it("is refused, naming the statement line, until the match is undone", async () => {
    const posted = await manualOnBank(BANK, "2750.00", "2025-09-04", { reference: "JV-BANK-1" });
    const statement = await insertStatement(
      BANK,
      [{ date: "2025-09-05", amount: "2750.00", description: "BEFTN IN Utsab" }],
      { fileName: "city-sept.csv" },
    );
    const [line] = statement.lineIds as [string];
    expect(
      await matchStatementLine(getDb(), actor, { statementLineId: line, journalLineIds: [posted.bankLineId] }),
    ).toMatchObject({ ok: true });

    const tables = ["journal_entries", "journal_lines", "bank_matches", "audit_log"];
    const before = await tableFingerprint(tables);
    const refused = await reverseEntry(getDb(), actor, { entryId: posted.entryId, date: "2025-09-10" });
    const message = REVERSE_MESSAGES.matched(
      "1100 Bank - Current Account",
      "2025-09-05",
      "BEFTN IN Utsab",
      "city-sept.csv",
    );
    expect(refused).toEqual({ ok: false, refusal: "conflict", message, errors: {} });
    expect(message).toBe(
      "This entry's line on 1100 Bank - Current Account is matched to the bank statement line of Sep 05, 2025 (BEFTN IN Utsab, statement city-sept.csv): undo the match first in Bank Reconciliation",
    );
    expect(await tableFingerprint(tables)).toEqual(before);

    expect(await unmatchStatementLine(getDb(), actor, { statementLineId: line })).toMatchObject({ ok: true });
    expect(await reverseEntry(getDb(), actor, { entryId: posted.entryId, date: "2025-09-10" })).toMatchObject({
      ok: true,
      message: "Entry reversed: REV-JV-BANK-1 posted",
    });
  });
});
