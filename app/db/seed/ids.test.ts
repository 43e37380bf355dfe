import { describe, expect, it } from "vitest";
import { seedId } from "./ids";

describe("seedId", () => {
  it("gives the same uuid for the same name and different ones for different names", () => {
    expect(seedId("inventory:led-wall-p3")).toBe(seedId("inventory:led-wall-p3"));
    expect(seedId("inventory:led-wall-p3")).not.toBe(seedId("inventory:moving-head-beam"));
  });

  it("is a well-formed version 5 uuid", () => {
    expect(seedId("x")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
