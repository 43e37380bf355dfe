import { describe, expect, it } from "vitest";
import { summarize } from "./summary";

describe("summarize", () => {
  it("keeps short text as it is, with whitespace tidied", () => {
    expect(summarize("A  short\ntext. ")).toBe("A short text.");
  });

  it("cuts long text at a word boundary and adds an ellipsis, within the limit", () => {
    const text = "one two three four five six seven eight nine ten";
    const result = summarize(text, 20);
    expect(result).toBe("one two three four…");
    expect(result.length).toBeLessThanOrEqual(20);
  });

  it("drops a trailing comma before the ellipsis", () => {
    expect(summarize("alpha beta, gamma delta", 13)).toBe("alpha beta…");
  });

  it("cuts a single long word hard", () => {
    expect(summarize("x".repeat(30), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
