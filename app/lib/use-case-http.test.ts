import { describe, expect, it } from "vitest";
import { refuse, refuseFields } from "../domain/use-case";
import { httpInitOf, httpStatusOf } from "./use-case-http";

describe("use-case refusals", () => {
  it("map to one HTTP status each, in one place", () => {
    expect(httpStatusOf(refuse("invalid", "x"))).toBe(400);
    expect(httpStatusOf(refuse("unauthenticated", "x"))).toBe(401);
    expect(httpStatusOf(refuse("forbidden", "x"))).toBe(403);
    expect(httpStatusOf(refuse("not-found", "x"))).toBe(404);
    expect(httpStatusOf(refuse("conflict", "x"))).toBe(409);
    expect(httpStatusOf(refuse("too-many", "x"))).toBe(429);
    expect(httpStatusOf(refuse("unavailable", "x"))).toBe(503);
  });

  it("carry Retry-After, in whole seconds and at least one, only when the refusal says when", () => {
    expect(httpInitOf({ ...refuse("too-many", "x"), retryAfterSeconds: 12.2 })).toEqual({
      status: 429,
      headers: { "Retry-After": "13" },
    });
    expect(httpInitOf({ ...refuse("too-many", "x"), retryAfterSeconds: 0 })).toEqual({
      status: 429,
      headers: { "Retry-After": "1" },
    });
    expect(httpInitOf(refuse("invalid", "x"))).toEqual({ status: 400 });
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
