import { describe, expect, it } from "vitest";
import { can, viewPermission } from "~/domain/auth/permissions";
import type { UserRole } from "~/domain/auth/roles";
import { ADMIN_MENU, isMenuGroup, menuFor } from "./menu";

const labels = (role: UserRole) =>
  menuFor((path) => {
    const p = viewPermission(path);
    return p !== null && p !== "public" && can(role, p);
  }).flatMap((e) => (isMenuGroup(e) ? [e.label, ...e.links.map((l) => l.label)] : [e.label]));

describe("the admin side menu", () => {
  it("keeps the spec's order", () => {
    // Jobs (issue 26) sits beside the quotations that open them; the spec's entries keep their order around it.
    const top = ADMIN_MENU.map((e) => e.label).filter((label) => label !== "Jobs");
    expect(ADMIN_MENU.map((e) => e.label).indexOf("Jobs")).toBe(2);
    expect(top.slice(0, 11)).toEqual([
      "Dashboard",
      "Quotations",
      "Inventory",
      "Events",
      "Employees",
      "Tasks",
      "Leave Management",
      "Accounts",
      "Logos",
      "Hero Images",
      "Settings",
    ]);
    const accounts = ADMIN_MENU.find((e) => e.label === "Accounts");
    expect(accounts && isMenuGroup(accounts) && accounts.links.map((l) => l.label)).toEqual([
      "General Ledger",
      "Payables & Receivables",
      "Financial Reports",
      "Budgeting",
      "Tax Management",
      "Payroll",
      "Salary Disbursement",
      "Bank Reconciliation",
      "Transactions",
      "Chart of accounts",
    ]);
  });

  it("shows each role only what it may open", () => {
    expect(labels("admin")).toContain("Audit Log");
    expect(labels("staff")).not.toContain("Accounts");
    expect(labels("staff")).not.toContain("Settings");
    expect(labels("staff")).toContain("Contact Messages");
    expect(labels("staff")).toContain("Gallery");
    // Staff keep the customers up to date; the invoices and payments are the accountant's (issue 22).
    expect(labels("staff")).toContain("Customers");
    expect(labels("staff")).not.toContain("Invoices");
    // The suppliers and what they are owed are the books' (issue 36).
    expect(labels("staff")).not.toContain("Suppliers");
    expect(labels("staff")).not.toContain("Customer payments");
    // The accountant sees the employees (and their pay) for payroll, and changes none of them.
    expect(labels("accountant")).toEqual([
      "Dashboard",
      "Quotations",
      "Quotations",
      "Customers",
      "Suppliers",
      "Invoices",
      "Customer payments",
      // The jobs behind the invoices, read only (issue 26).
      "Jobs",
      "Jobs",
      "Job calendar",
      "Warehouse day",
      "Employees",
      "Accounts",
      "General Ledger",
      "Payables & Receivables",
      "Financial Reports",
      "Budgeting",
      "Tax Management",
      "Payroll",
      "Salary Disbursement",
      "Bank Reconciliation",
      "Transactions",
      "Chart of accounts",
    ]);
    expect(labels("customer")).toEqual([]);
  });
});
