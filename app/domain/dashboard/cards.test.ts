import { describe, expect, it } from "vitest";
import { can } from "../auth/permissions";
import { dashboardCards, type DashboardFigures } from "./cards";

const figures: DashboardFigures = {
  pendingQuotations: 12,
  upcomingEvents: 8,
  availableUnits: 1245,
  activeEmployees: 32,
  monthlyRevenue: "450000.50",
  itemsUnderRepair: 5,
};
const revenue = {
  caption: "Income posted this month, from the ledger",
  hint: "Credits less debits posted to income accounts this month",
  href: "/admin/accounts",
  permission: "accounts.view" as const,
};

describe("dashboardCards", () => {
  it("has the spec's six titles in order, with the figures formatted", () => {
    const cards = dashboardCards(figures, (p) => can("admin", p), revenue);
    expect(cards.map((c) => [c.title, c.value])).toEqual([
      ["Pending Quotations", "12"],
      ["Upcoming Events", "8"],
      ["Available Equipment", "1,245"],
      ["Active Employees", "32"],
      ["Monthly Revenue", "৳450,001"],
      ["Items Under Repair", "5"],
    ]);
    const revenueCard = cards.find((c) => c.key === "monthlyRevenue")!;
    expect(revenueCard.caption).toBe("Income posted this month, from the ledger");
    expect(revenueCard.hint).toBe("Credits less debits posted to income accounts this month: ৳450,000.50");
  });

  it("links each figure to the list it counts", () => {
    const cards = dashboardCards(figures, (p) => can("admin", p), revenue);
    expect(cards.map((c) => c.href)).toEqual([
      "/admin/quotations?status=pending",
      "/admin/events?status=upcoming",
      "/admin/inventory",
      "/admin/employees?status=active",
      "/admin/accounts",
      "/admin/inventory?status=under-repair",
    ]);
  });

  it("shows the accountant every card but links only the lists an accountant may open", () => {
    const cards = dashboardCards(figures, (p) => can("accountant", p), revenue);
    expect(cards).toHaveLength(6);
    expect(Object.fromEntries(cards.map((c) => [c.key, c.href]))).toEqual({
      pendingQuotations: "/admin/quotations?status=pending",
      upcomingEvents: null,
      availableUnits: null,
      activeEmployees: "/admin/employees?status=active",
      monthlyRevenue: "/admin/accounts",
      itemsUnderRepair: null,
    });
  });
});
