import { defineList } from "../../lib/list-params";
import {
  AVAILABILITY_STATUSES,
  CATEGORY_IDS,
  INVENTORY_GROUPS,
  SOURCES,
  type AvailabilityStatus,
  type Source,
} from "../catalogue/constants";

/** The inventory list (/admin/inventory, backoffice.md §2 and §9): what its URL may ask for. Browser-safe. */
export const INVENTORY_LIST = defineList({
  sorts: { name: "asc", category: "asc", source: "asc", status: "asc", price: "asc" },
  defaultSort: "name",
  filters: {
    status: { kind: "choice", values: AVAILABILITY_STATUSES },
    category: { kind: "choice", values: CATEGORY_IDS },
    source: { kind: "choice", values: SOURCES },
    group: { kind: "choice", values: INVENTORY_GROUPS },
    /** Archived items are left out unless asked for. */
    show: { kind: "choice", values: ["archived"] },
  },
  pageSize: 10,
});

/**
 * An item's status is set by hand (the storefront shows it on the product page); the units free on a date are
 * counted from approved quotations and the workshop (stock by date, catalogue/stock.server.ts). The two can
 * disagree (Booked while every unit is free today), so the back office names them apart wherever both show.
 */
export const INVENTORY_STATUS_NAME = "Manual status";
export const INVENTORY_STATUS_HINT =
  "Set by hand and shown on the product page. Under Repair also takes the item out of stock; the units free on a date come from approved quotations.";
export const FREE_TODAY_NAME = "Free today";
export const FREE_TODAY_HINT =
  "Units neither promised to an approved quotation nor in the workshop today (Dhaka), of the units owned";

/** How the back office names each value of an item's manual status. */
export const INVENTORY_STATUS_LABELS: Record<AvailabilityStatus, string> = {
  available: "Available",
  booked: "Booked",
  "under-repair": "Under Repair",
};

export const SOURCE_LABELS: Record<Source, string> = { "in-house": "In-house", outsourced: "Outsourced" };
