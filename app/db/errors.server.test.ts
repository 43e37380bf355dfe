import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./errors.server";

describe("isUniqueViolation", () => {
  const pg = { code: "23505", constraint: "employees_email_unique", message: "duplicate key value" };

  it("finds PostgreSQL's unique_violation however deep it is wrapped, by constraint when asked", () => {
    const wrapped = new Error("Failed query", { cause: new Error("driver", { cause: pg }) });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, "employees_email_unique")).toBe(true);
    expect(isUniqueViolation(wrapped, "inventory_items_slug_unique")).toBe(false);
  });

  it("reads the constraint from the message where the driver names none, and ignores other errors", () => {
    const pglite = {
      code: "23505",
      message: 'duplicate key value violates unique constraint "inventory_items_slug_unique"',
    };
    expect(isUniqueViolation(pglite, "slug")).toBe(true);
    expect(isUniqueViolation({ code: "23503", constraint: "x" })).toBe(false);
    expect(isUniqueViolation(new Error("plain"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
