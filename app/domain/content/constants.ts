/** The six gallery categories (storefront.md §3). */
export const GALLERY_CATEGORIES = [
  { id: "corporate", name: "Corporate Events" },
  { id: "wedding", name: "Weddings & Celebrations" },
  { id: "concert", name: "Concerts & Festivals" },
  { id: "exhibition", name: "Exhibitions & Trade Shows" },
  { id: "product-launch", name: "Product Launches" },
  { id: "conference", name: "Conferences & Seminars" },
] as const;

export type GalleryCategoryId = (typeof GALLERY_CATEGORIES)[number]["id"];
export const GALLERY_CATEGORY_IDS = GALLERY_CATEGORIES.map((c) => c.id) as unknown as readonly [
  GalleryCategoryId,
  ...GalleryCategoryId[],
];

export const EVENT_STATUSES = ["upcoming", "completed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** new: nobody opened it yet; read: opened; handled: answered or otherwise dealt with. */
export const CONTACT_MESSAGE_STATUSES = ["new", "read", "handled"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** A line of business hours, e.g. { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" }. */
export interface BusinessHours {
  days: string;
  hours: string;
}

export interface SocialLinks {
  facebook?: string;
  instagram?: string;
  linkedin?: string;
  youtube?: string;
}
