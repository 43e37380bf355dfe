import { describe, expect, it } from "vitest";
import { ledgerRefusal } from "./ledger-refusal";

// The book's refusal as every use case answers it (create a transaction/payable/receivable, settle, the General
// Ledger's saves, reverse): the same function, its fields and its toast.

const refused = (errors: Record<string, string>) => ({ errors, message: Object.values(errors)[0]! });

describe("ledgerRefusal", () => {
  it("keeps every field's message, the first as the toast, when no fields or toast are given (Reverse)", () => {
    expect(ledgerRefusal(refused({ date: "Locked", "lines.1.accountId": "Deactivated" }))).toEqual({
      ok: false,
      refusal: "invalid",
      message: "Locked",
      errors: { date: "Locked", "lines.1.accountId": "Deactivated" },
    });
  });

  it("puts a message on the form's own field, any other on the form (the first kept), with the failed toast", () => {
    const result = ledgerRefusal(
      refused({ "lines.0.accountId": "Account 1010 Petty Cash is deactivated", date: "Locked", lines: "Unbalanced" }),
      { failed: (reason) => `Failed to settle: ${reason}`, fields: ["date"] },
    );
    expect(result).toEqual({
      ok: false,
      refusal: "invalid",
      message: "Failed to settle: Account 1010 Petty Cash is deactivated",
      errors: { form: "Account 1010 Petty Cash is deactivated", date: "Locked" },
    });
  });
});
