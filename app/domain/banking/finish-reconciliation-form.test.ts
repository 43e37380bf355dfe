import { describe, expect, it } from "vitest";
import {
  FINISH_MESSAGES,
  finishBlockers,
  parseFinishForm,
  parseReopenForm,
  REOPEN_MESSAGES,
} from "./finish-reconciliation-form";

// What keeps a statement from being finished (shown beside a disabled Finish, and the finish's refusal), and the
// reopen form's reason (3 to 500 characters, line breaks allowed, controls not).

const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("finishing", () => {
  it("is blocked by unmatched lines and by a difference, each named", () => {
    expect(finishBlockers({ difference: "0.00", unmatchedLines: 0, asOfDate: "2026-04-30" })).toEqual([]);
    expect(finishBlockers({ difference: "-12.50", unmatchedLines: 1, asOfDate: "2026-04-30" })).toEqual([
      "1 statement line up to Apr 30, 2026 is not matched yet: match it first",
      "The difference is −৳12.50: it must be ৳0.00 to finish",
    ]);
    expect(FINISH_MESSAGES.unmatched(3, "2026-04-30")).toBe(
      "3 statement lines up to Apr 30, 2026 are not matched yet: match them first",
    );
  });

  it("names the statement by its id", () => {
    expect(parseFinishForm({ statementId: ID.toUpperCase() })).toEqual({ ok: true, input: { statementId: ID } });
    expect(parseFinishForm({ statementId: "1" })).toEqual({
      ok: false,
      errors: { statementId: FINISH_MESSAGES.statementRequired },
    });
  });
});

describe("reopening", () => {
  it("keeps a reason of 3 to 500 characters, trimmed, line breaks and Bengali allowed", () => {
    expect(parseReopenForm({ reconciliationId: ID, reason: "  abc " })).toEqual({
      ok: true,
      input: { reconciliationId: ID, reason: "abc" },
    });
    expect(parseReopenForm({ reconciliationId: ID, reason: "ব্যাংক\r\nভুল" })).toMatchObject({
      ok: true,
      input: { reason: "ব্যাংক\nভুল" },
    });
    expect(parseReopenForm({ reconciliationId: ID, reason: "x".repeat(500) }).ok).toBe(true);
  });

  it.each([
    ["", REOPEN_MESSAGES.reasonRequired],
    ["ab", REOPEN_MESSAGES.reasonShort],
    ["x".repeat(501), REOPEN_MESSAGES.reasonLong],
    ["bad\u202ereason", REOPEN_MESSAGES.reasonControl],
  ])("refuses the reason %j", (reason, message) => {
    expect(parseReopenForm({ reconciliationId: ID, reason })).toEqual({ ok: false, errors: { reason: message } });
  });

  it("refuses a missing reconciliation", () => {
    expect(parseReopenForm({ reconciliationId: "", reason: "Fine reason" })).toEqual({
      ok: false,
      errors: { reconciliationId: REOPEN_MESSAGES.reconciliationRequired },
    });
  });
});
