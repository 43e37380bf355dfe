import { formatCataloguePrice, formatMoney } from "../../lib/format";
import type { Permission } from "../auth/permissions";

// The dashboard's six cards (backoffice.md §2), with the spec's titles, each figure leading to the list it
// counts when the role may open that list. Browser-safe.

export interface DashboardFigures {
  pendingQuotations: number;
  upcomingEvents: number;
  /** Units of the inventory free today (catalogue/stock.server.ts). */
  availableUnits: number;
  activeEmployees: number;
  /** This month's income in Dhaka, a decimal string. */
  monthlyRevenue: string;
  itemsUnderRepair: number;
}

export type CardKey = keyof DashboardFigures;

export interface DashboardCard {
  key: CardKey;
  title: string;
  value: string;
  /** The list the figure counts; null when the role may not open it. */
  href: string | null;
  /** A line under the figure, and a fuller text for its tooltip. */
  caption?: string;
  hint?: string;
}

/** Where Monthly Revenue comes from (dashboard/revenue.server.ts): its words and the list behind it. */
export interface RevenueSource {
  caption: string;
  hint: string;
  href: string;
  permission: Permission;
}

const count = new Intl.NumberFormat("en-US");

export function dashboardCards(
  figures: DashboardFigures,
  may: (permission: Permission) => boolean,
  revenue: RevenueSource,
): DashboardCard[] {
  const link = (href: string, permission: Permission) => (may(permission) ? href : null);
  return [
    {
      key: "pendingQuotations",
      title: "Pending Quotations",
      value: count.format(figures.pendingQuotations),
      href: link("/admin/quotations?status=pending", "quotations.view"),
    },
    {
      key: "upcomingEvents",
      title: "Upcoming Events",
      value: count.format(figures.upcomingEvents),
      href: link("/admin/events?status=upcoming", "events.view"),
    },
    {
      key: "availableUnits",
      title: "Available Equipment",
      value: count.format(figures.availableUnits),
      href: link("/admin/inventory", "inventory.view"),
      caption: "Units free today",
      hint: "Units of every item not under repair, less those promised to approved quotations for today",
    },
    {
      key: "activeEmployees",
      title: "Active Employees",
      value: count.format(figures.activeEmployees),
      href: link("/admin/employees?status=active", "employees.view"),
    },
    {
      key: "monthlyRevenue",
      title: "Monthly Revenue",
      // Whole taka on the card, as the spec's ৳450,000; the exact amount in the tooltip.
      value: formatCataloguePrice(figures.monthlyRevenue),
      href: link(revenue.href, revenue.permission),
      caption: revenue.caption,
      hint: `${revenue.hint}: ${formatMoney(figures.monthlyRevenue)}`,
    },
    {
      key: "itemsUnderRepair",
      title: "Items Under Repair",
      value: count.format(figures.itemsUnderRepair),
      href: link("/admin/inventory?status=under-repair", "inventory.view"),
    },
  ];
}
