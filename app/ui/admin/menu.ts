import type { AdminPath } from "~/domain/auth/permissions";

/** The side menu (backoffice.md §2 Admin layout), in the spec's order, Jobs beside Quotations; then the screens we add. */
export interface MenuLink {
  label: string;
  to: AdminPath;
  icon: MenuIcon;
}
export interface MenuGroup {
  label: string;
  icon: MenuIcon;
  links: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export type MenuIcon =
  | "dashboard"
  | "quotations"
  | "inventory"
  | "events"
  | "jobs"
  | "gallery"
  | "employees"
  | "tasks"
  | "leave"
  | "accounts"
  | "logos"
  | "hero"
  | "settings"
  | "inbox"
  | "outbox"
  | "audit";

export const ADMIN_MENU: MenuEntry[] = [
  { label: "Dashboard", to: "/admin", icon: "dashboard" },
  {
    label: "Quotations",
    icon: "quotations",
    links: [
      { label: "Quotations", to: "/admin/quotations", icon: "quotations" },
      // Not in the spec's menu: the customers, their tax invoices and payments (issue 22).
      { label: "Customers", to: "/admin/customers", icon: "quotations" },
      // The suppliers payables name, what each is owed (issue 36): for whoever sees the books.
      { label: "Suppliers", to: "/admin/suppliers", icon: "quotations" },
      { label: "Invoices", to: "/admin/invoices", icon: "quotations" },
      { label: "Customer payments", to: "/admin/payments", icon: "quotations" },
    ],
  },
  // Not in the spec's menu: the jobs approved quotations open, their calendar and the warehouse's day (issue 26).
  {
    label: "Jobs",
    icon: "jobs",
    links: [
      { label: "Jobs", to: "/admin/jobs", icon: "jobs" },
      { label: "Job calendar", to: "/admin/jobs/calendar", icon: "jobs" },
      { label: "Warehouse day", to: "/admin/jobs/day", icon: "jobs" },
    ],
  },
  { label: "Inventory", to: "/admin/inventory", icon: "inventory" },
  { label: "Events", to: "/admin/events", icon: "events" },
  { label: "Employees", to: "/admin/employees", icon: "employees" },
  { label: "Tasks", to: "/admin/tasks", icon: "tasks" },
  { label: "Leave Management", to: "/admin/leaves", icon: "leave" },
  {
    label: "Accounts",
    icon: "accounts",
    links: [
      { label: "General Ledger", to: "/admin/accounts/ledger", icon: "accounts" },
      { label: "Payables & Receivables", to: "/admin/accounts/payables", icon: "accounts" },
      { label: "Financial Reports", to: "/admin/accounts/reports", icon: "accounts" },
      { label: "Budgeting", to: "/admin/accounts/budget", icon: "accounts" },
      { label: "Tax Management", to: "/admin/accounts/tax", icon: "accounts" },
      { label: "Payroll", to: "/admin/accounts/payroll", icon: "accounts" },
      { label: "Salary Disbursement", to: "/admin/accounts/salary-disbursement", icon: "accounts" },
      { label: "Bank Reconciliation", to: "/admin/accounts/reconciliation", icon: "accounts" },
      { label: "Transactions", to: "/admin/accounts", icon: "accounts" },
      // Not in the spec's menu: the accounts every screen above posts to (issue 21).
      { label: "Chart of accounts", to: "/admin/accounts/chart", icon: "accounts" },
    ],
  },
  { label: "Logos", to: "/admin/logos", icon: "logos" },
  { label: "Hero Images", to: "/admin/hero", icon: "hero" },
  { label: "Settings", to: "/admin/settings", icon: "settings" },
  // Not in the spec's menu: the storefront gallery's pictures (issue 11).
  { label: "Gallery", to: "/admin/gallery", icon: "gallery" },
  { label: "Contact Messages", to: "/admin/inbox", icon: "inbox" },
  { label: "E-mail Outbox", to: "/admin/outbox", icon: "outbox" },
  { label: "Audit Log", to: "/admin/audit", icon: "audit" },
];

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => "links" in entry;

/** The menu a role may use: links it cannot open are left out, and a group with none left disappears. */
export function menuFor(allowed: (path: AdminPath) => boolean): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of ADMIN_MENU) {
    if (isMenuGroup(entry)) {
      const links = entry.links.filter((l) => allowed(l.to));
      if (links.length) out.push({ ...entry, links });
    } else if (allowed(entry.to)) out.push(entry);
  }
  return out;
}
