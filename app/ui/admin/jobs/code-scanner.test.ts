import { describe, expect, it } from "vitest";
import { scanGate } from "./code-scanner";

describe("scanGate", () => {
  it("acts on a label once while it stays in front of the camera, however long", () => {
    const gate = scanGate(3);
    const reads = Array.from({ length: 40 }, () => gate("moving-head"));
    expect(reads.filter(Boolean)).toEqual(["moving-head"]);
  });

  it("acts on the same code again once it was out of sight for enough frames (the next label)", () => {
    const gate = scanGate(3);
    expect(gate("moving-head")).toBe("moving-head");
    // A frame or two without a read is the same label flickering, not a new one.
    expect([gate(null), gate(null), gate("moving-head")]).toEqual([null, null, null]);
    expect([gate(null), gate(null), gate(null), gate("moving-head")]).toEqual([null, null, null, "moving-head"]);
  });

  it("acts on a different code at once", () => {
    const gate = scanGate(3);
    expect([gate("moving-head"), gate("truss-2m"), gate("moving-head")]).toEqual([
      "moving-head",
      "truss-2m",
      "moving-head",
    ]);
  });
});
