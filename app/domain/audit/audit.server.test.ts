import { describe, expect, it } from "vitest";
import { diffFields } from "./audit.server";

describe("diffFields", () => {
  it("lists each changed field with its before and after", () => {
    expect(diffFields({ a: 1, b: "x", c: [1, 2] }, { a: 2, b: "x", c: [2, 1] })).toEqual({
      a: { from: 1, to: 2 },
      c: { from: [1, 2], to: [2, 1] },
    });
  });

  it("compares only the fields given after", () => {
    expect(diffFields({ a: 1, b: 2 }, { a: 1 })).toEqual({});
  });

  it("sees no change in objects whose keys come back in another order (jsonb reorders them)", () => {
    const written = {
      supplier: { name: "A", phone: "1", email: "a@b.c" },
      rows: [{ id: "1", name: "x", status: "s" }],
    };
    const readBack = {
      supplier: { name: "A", email: "a@b.c", phone: "1" },
      rows: [{ status: "s", id: "1", name: "x" }],
    };
    expect(diffFields(readBack, written)).toEqual({});
  });

  it("still sees a changed value inside an object or array of objects", () => {
    expect(diffFields({ s: { a: 1, b: 2 } }, { s: { b: 3, a: 1 } })).toEqual({
      s: { from: { a: 1, b: 2 }, to: { b: 3, a: 1 } },
    });
    expect(diffFields({ s: null as unknown }, { s: {} })).toEqual({ s: { from: null, to: {} } });
  });
});
