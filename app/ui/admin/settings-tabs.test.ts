import { describe, expect, it } from "vitest";
import { settingsTabsFor } from "./settings-tabs";

describe("settings tabs", () => {
  it("shows an administrator all six, accountants Accounting and My account, and staff My account only", () => {
    expect(settingsTabsFor("admin").map((t) => t.label)).toEqual([
      "Company",
      "Users",
      "Rate structures",
      "Accounting",
      "Export",
      "My account",
    ]);
    expect(settingsTabsFor("staff").map((t) => t.label)).toEqual(["My account"]);
    expect(settingsTabsFor("accountant").map((t) => t.label)).toEqual(["Accounting", "My account"]);
    expect(settingsTabsFor("customer")).toEqual([]);
  });
});
