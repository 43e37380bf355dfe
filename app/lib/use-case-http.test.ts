import { describe, expect, it } from "vitest";
import { refuse, refuseFields } from "../domain/use-case";
import { httpStatusOf } from "./use-case-http";

describe("use-case refusals", () => {
  it("map to one HTTP status each, in one place", () => {
    expect(httpStatusOf(refuse("invalid", "x"))).toBe(400);
    expect(httpStatusOf(refuse("forbidden", "x"))).toBe(403);
    expect(httpStatusOf(refuse("not-found", "x"))).toBe(404);
    expect(httpStatusOf(refuse("conflict", "x"))).toBe(409);
  });

  it("name the first field's message in the spec's failure text, and keep every field's", () => {
    const failed = (reason: string) => `Failed to add employee: ${reason}`;
    expect(refuseFields("invalid", failed, { name: "Name is required", email: "Email is required" })).toEqual({
      ok: false,
      refusal: "invalid",
      message: "Failed to add employee: Name is required",
      errors: { name: "Name is required", email: "Email is required" },
    });
    expect(refuse("not-found", "Gone")).toEqual({ ok: false, refusal: "not-found", message: "Gone", errors: {} });
  });
});
