import { describe, expect, it } from "vitest";
import { pickListFileName, pickListGroups, pickTotals, type PickLine } from "./pick-list";

// The pick list's grouping rules (issue 26) where the database cannot easily be made to hold them: a category no
// longer in the catalogue, a part whose package line is not among the lines.

let n = 0;
const line = (extra: Partial<PickLine>): PickLine => ({
  id: `l${++n}`,
  itemId: `i${n}`,
  slug: `item-${n}`,
  name: `Item ${n}`,
  category: "lighting",
  quantity: 1,
  dispatched: 0,
  isPackage: false,
  packageLineId: null,
  lineNo: n,
  ...extra,
});

describe("pickListGroups", () => {
  it("puts categories in the catalogue's order and ones no longer in it last, by name", () => {
    const groups = pickListGroups([
      line({ category: "zeppelins" }),
      line({ category: "fx" }),
      line({ category: "balloons" }),
      line({ category: "lighting" }),
    ]);
    expect(groups.map((g) => g.label)).toEqual(["Lighting", "Special Effects", "balloons", "zeppelins"]);
  });

  it("lists a part whose package line is missing on its own, in its category", () => {
    const groups = pickListGroups([line({ category: "sound", packageLineId: "gone", quantity: 3 })]);
    expect(groups).toMatchObject([{ label: "Sound Systems", entries: [{ kind: "item", row: { toPick: 3 } }] }]);
  });

  it("counts a package's parts, not the package, in the totals", () => {
    const pkg = line({ isPackage: true, quantity: 2, category: "stage" });
    const groups = pickListGroups([
      pkg,
      line({ packageLineId: pkg.id, quantity: 8, dispatched: 3 }),
      line({ packageLineId: pkg.id, quantity: 4 }),
    ]);
    expect(groups).toHaveLength(1);
    expect(pickTotals(groups)).toEqual({ reserved: 12, sent: 3, toPick: 9 });
  });

  it("names the PDF after the job", () => {
    expect(pickListFileName("JOB-000042")).toBe("JOB-000042-pick-list.pdf");
  });
});
