import type { AvailabilityStatus } from "./constants";

/** The words the storefront shows for an item's availability (storefront.md §4). */
export function itemAvailabilityLabel(status: AvailabilityStatus): string {
  switch (status) {
    case "available":
      return "Available";
    case "booked":
      return "Currently Booked";
    case "under-repair":
      return "Under Repair";
  }
}

/** The words shown for a variation's availability: 'Booked' rather than 'Currently Booked'. */
export function variationAvailabilityLabel(status: AvailabilityStatus): string {
  return status === "booked" ? "Booked" : itemAvailabilityLabel(status);
}

export function sourceLabel(source: "in-house" | "outsourced"): string {
  return source === "in-house" ? "In-house" : "Outsourced";
}
