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

/** How the back office names an item's status. */
export const INVENTORY_STATUS_LABELS: Record<AvailabilityStatus, string> = {
  available: "Available",
  booked: "Booked",
  "under-repair": "Under Repair",
};

export const SOURCE_LABELS: Record<Source, string> = { "in-house": "In-house", outsourced: "Outsourced" };
