/** The fixed list of 14 equipment categories (storefront.md §3), in the order the site shows them. */
export const CATEGORIES = [
  {
    id: "lighting",
    name: "Lighting",
    description: "Moving heads, wash and beam fixtures, and control for every kind of stage.",
  },
  {
    id: "sound",
    name: "Sound Systems",
    description: "Line arrays, monitors, mixers and wireless microphones, tuned by our engineers.",
  },
  {
    id: "video",
    name: "Video Equipment",
    description: "Projectors, screens, cameras and switching for live and recorded shows.",
  },
  {
    id: "led",
    name: "LED Walls",
    description: "Indoor and outdoor LED screens in any size, with processing and playback.",
  },
  { id: "photo", name: "Photography", description: "Photo booths and 360 booths that give guests something to share." },
  { id: "stage", name: "Stage Setup", description: "Modular stages, risers, ramps and skirting built to your layout." },
  {
    id: "furniture",
    name: "Furniture",
    description: "Lounge sofas, cocktail tables and seating for receptions and VIP areas.",
  },
  {
    id: "decoration",
    name: "Decoration",
    description: "Floral arches, backdrops and drapery that set the mood of the venue.",
  },
  { id: "truss", name: "Trusses", description: "Aluminium box truss, ground support and rigging for safe structures." },
  {
    id: "climate",
    name: "Climate Control",
    description: "Air coolers and tent air conditioning for comfortable guests in any season.",
  },
  {
    id: "power",
    name: "Power Solutions",
    description: "Silent generators and power distribution so the show never stops.",
  },
  {
    id: "accessories",
    name: "Accessories",
    description: "Cables, clamps, stands and the many small parts a good event needs.",
  },
  { id: "branding", name: "Branding", description: "Step-and-repeat walls, banners and branded stage dressing." },
  { id: "fx", name: "Special Effects", description: "Cold sparks, haze, fog and confetti for unforgettable moments." },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]["id"];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as unknown as readonly [CategoryId, ...CategoryId[]];

export function findCategory(id: string | null | undefined) {
  return CATEGORIES.find((c) => c.id === id);
}

/** Availability of an item or a variation (storefront.md §4). */
export const AVAILABILITY_STATUSES = ["available", "booked", "under-repair"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const SOURCES = ["in-house", "outsourced"] as const;
export type Source = (typeof SOURCES)[number];

export const INVENTORY_GROUPS = ["STV", "SLD"] as const;
export type InventoryGroup = (typeof INVENTORY_GROUPS)[number];

/** What an item's price is for; the storefront shows it after the price ("৳5,000 / sqm/day"). */
export const PRICE_UNITS = [
  { id: "unit/day", label: "per unit per day" },
  { id: "set/day", label: "per set per day" },
  { id: "sqm/day", label: "per square metre per day" },
  { id: "meter/day", label: "per metre per day" },
  { id: "event", label: "per event" },
  { id: "hour", label: "per hour" },
] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number]["id"];
export const PRICE_UNIT_IDS = PRICE_UNITS.map((u) => u.id) as unknown as readonly [PriceUnit, ...PriceUnit[]];

/**
 * The highest supplementary-duty rate an item may carry, in percent (issue 37): the VAT & SD Act's Third Schedule
 * goes up to 500%. Rental carries none (0) unless an item is set otherwise.
 */
export const SD_RATE_MAX_PERCENT = 500;

/** One variation of an item, stored in inventory_items.variations. */
export interface Variation {
  id: string;
  name: string;
  description: string;
  status: AvailabilityStatus;
}

/** Supplier details for outsourced items. */
export interface SupplierInfo {
  name?: string;
  phone?: string;
  email?: string;
  notes?: string;
}
