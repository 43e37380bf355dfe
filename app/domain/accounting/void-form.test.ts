import { describe, expect, it } from "vitest";
import { parseVoidForm, VOID_FORM_MESSAGES as M, voidDateDefault } from "./void-form";

// The form of every void and reversal (issue 36): the document's id, a real date, a reason of 3 to 500 characters.

const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const parse = (change: Partial<{ id: string; date: string; reason: string }>) =>
  parseVoidForm({ id: ID, date: "2025-09-07", reason: "Cheque bounced", ...change }, "Choose one");

describe("parseVoidForm", () => {
  it("takes the id in lower case, the date and the reason trimmed, its line breaks kept", () => {
    expect(parse({ id: ID.toUpperCase(), reason: "  Bounced\r\nsecond time  " })).toEqual({
      ok: true,
      input: { id: ID, date: "2025-09-07", reason: "Bounced\nsecond time" },
    });
  });

  it.each([
    [{ id: "12" }, { form: "Choose one" }],
    [{ date: "" }, { date: M.dateRequired }],
    [{ date: "2025-02-29" }, { date: M.dateInvalid }],
    [{ reason: " \n " }, { reason: M.reasonRequired }],
    [{ reason: "ab" }, { reason: M.reasonShort }],
    [{ reason: "x".repeat(501) }, { reason: M.reasonLong }],
    [{ reason: "why\u202e" }, { reason: M.reasonControl }],
  ])("refuses %o", (change, errors) => {
    expect(parse(change)).toEqual({ ok: false, errors });
  });

  it("names every field at once", () => {
    expect(parse({ id: "", date: "", reason: "" })).toEqual({
      ok: false,
      errors: { form: "Choose one", date: M.dateRequired, reason: M.reasonRequired },
    });
  });
});

describe("voidDateDefault", () => {
  it("is today, or the document's own date when later", () => {
    expect(voidDateDefault("2025-09-10", "2025-09-01")).toBe("2025-09-10");
    expect(voidDateDefault("2025-09-10", "2025-09-12")).toBe("2025-09-12");
  });
});
