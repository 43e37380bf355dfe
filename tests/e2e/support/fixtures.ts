// Rows the shared e2e server's database holds besides the seed (prepared by prepare-database.ts before the
// server starts). The seed's own events are dated 2023-2024, so these give the specs upcoming events.

import { dhakaDatePlus } from "../../support/dates";

export { dhakaDatePlus };

/**
 * A fixture's date, `days` from the day the run began in Dhaka (E2E_FIXTURES_AT, set once by scripts/e2e.mjs): the
 * databases were given their dates from it, and a run crossing midnight must still expect those.
 */
export function fixtureDate(days: number): string {
  const at = process.env.E2E_FIXTURES_AT;
  return dhakaDatePlus(days, at ? new Date(at) : new Date());
}

export const UPCOMING_EVENTS = [
  {
    slug: "e2e-dhaka-fashion-week",
    title: "Dhaka Fashion Week Finale",
    description:
      "A runway with a 20 m LED backdrop, beam lighting and a line-array system for the closing night of the season's fashion week.",
    daysFromNow: 20,
    time: "19:00",
    location: "Hall of Fame, Bangabandhu International Conference Center, Dhaka",
    image: "/images/events/product-launch-smartphone-1.webp",
    images: ["/images/events/product-launch-smartphone-1.webp", "/images/events/annual-tech-summit-2024-2.webp"],
    capacity: 900,
  },
  {
    slug: "e2e-winter-wedding-showcase",
    title: "Winter Wedding Showcase",
    description:
      "Holud and reception stages, floral arches and warm uplighting, shown to couples and planners over one weekend.",
    daysFromNow: 45,
    time: "15:30",
    location: "Sena Kunja, Dhaka Cantonment, Dhaka",
    image: "/images/events/wedding-expo-dhaka-1.webp",
    images: ["/images/events/wedding-expo-dhaka-1.webp"],
    capacity: null,
  },
] as const;

/**
 * A user of each role on the shared e2e server (the administrator is the seed's, from ADMIN_EMAIL and
 * ADMIN_PASSWORD in scripts/lib/server.mjs). Specs that change a user's password or role make their own.
 */
export const E2E_USERS = {
  admin: { name: "Administrator", email: "admin@e2e.test", password: "e2e-admin-password" },
  staff: { name: "Sadia Staff", email: "staff@e2e.test", password: "e2e-staff-password" },
  accountant: { name: "Arif Accountant", email: "accountant@e2e.test", password: "e2e-accountant-password" },
  customer: { name: "Karim Customer", email: "customer@e2e.test", password: "e2e-customer-password" },
} as const;
export type E2ERole = keyof typeof E2E_USERS;

/** Users that one spec each changes (its password), so no other spec may use them. */
export const E2E_SPARE_USERS = {
  /** Created with a temporary password: must choose a new one first (admin-auth.spec.ts). */
  mustChange: { name: "Nadia New", email: "new-staff@e2e.test", password: "e2e-temporary-password" },
  /** Signed in twice; changing the password in one session ends the other (admin-auth.spec.ts). */
  twoSessions: { name: "Tanvir Two", email: "two-sessions@e2e.test", password: "e2e-two-sessions-password" },
} as const;

/** A customer created with a temporary password: must choose a new one first (customer-portal.spec.ts). */
export const E2E_PORTAL_MUST_CHANGE = {
  name: "Mina Newcustomer",
  email: "new-customer@e2e.test",
  password: "e2e-temporary-customer-password",
} as const;

/**
 * The customer portal's quotations (customer-portal.spec.ts): two of E2E_USERS.customer's (one addressed in other
 * letters' case, one sent with its revision's prices) and one of someone else's, which the customer must never see.
 * Fixed ids, so the spec and `npm run look` can open them.
 */
export const E2E_PORTAL_QUOTATIONS = {
  pending: {
    id: "e2e00001-0000-4000-8000-000000000001",
    email: "Customer@E2E.test",
    eventName: "Karim's Rooftop Reception",
    daysFromNow: 30,
  },
  sent: {
    id: "e2e00002-0000-4000-8000-000000000002",
    email: "customer@e2e.test",
    eventName: "Karim Traders Annual Dinner",
    daysFromNow: 60,
    /** Its e-mailed link's token (only the hash is stored), so `npm run look` can open /customer/link/{token}. */
    linkToken: "E2EsentQuotationLink000000000002",
  },
  other: {
    id: "e2e00003-0000-4000-8000-000000000003",
    // Long, so the quotation list shows it cut with an ellipsis (screen-fit.spec.ts).
    email: "someone-else.bookings-and-events@long-company-name-e2e.test",
    eventName: "Someone Else's Concert",
    daysFromNow: 40,
  },
  /**
   * Approved by the customer, with long item names and seven-figure amounts: the widest table the portal shows
   * (screen-fit.spec.ts). Its lines name no inventory item, so it promises no stock other specs count on.
   */
  approved: {
    id: "e2e00004-0000-4000-8000-000000000004",
    email: "customer@e2e.test",
    eventName: "Karim Traders Silver Jubilee Gala and Awards Night",
    daysFromNow: 75,
  },
} as const;

/**
 * A contact message in the inbox and the quotation e-mail in the outbox (its figures in taka, failed after its
 * attempts, so the viewer shows Retry and the error), with fixed ids so screen-fit.spec.ts and `npm run look`
 * can open them without reading (and so marking read) another spec's message.
 */
export const E2E_INBOX_MESSAGE = {
  id: "e2e00010-0000-4000-8000-000000000010",
  name: "Farhana Chowdhury-Rahman",
  email: "farhana.chowdhury.rahman@long-company-name-example.com.bd",
  subject: "Lighting and sound for a three-day trade fair at the International Convention City Bashundhara",
} as const;
export const E2E_OUTBOX_EMAIL = { id: "e2e00011-0000-4000-8000-000000000011" } as const;

/**
 * One open payable (overdue, part of nothing else), posted through the use case, so Payables & Receivables always
 * lists one with its Settle link for screen-fit.spec.ts to open; dated last month so this month's cards do not move.
 */
export const E2E_OPEN_PAYABLE = {
  party: "Dhaka Generator & Power Solutions Ltd.",
  category: "Maintenance",
  description: "E2E open payable: generator servicing for the warehouse",
  amount: "18500",
  reference: "E2E-AP-1",
} as const;

/**
 * A receivable part received (issue 36): its receipt is the settlement whose Void screen-fit.spec.ts opens
 * (/admin/accounts/settlements/:id/void), found through the receivable's details.
 */
export const E2E_PART_RECEIVED = {
  party: "Gulshan Club Events",
  category: "Service Fee",
  description: "E2E receivable part received: stage crew for the club night",
  amount: "12000",
  received: "4000",
  reference: "E2E-AR-1",
} as const;

/** The shared server's company BIN (Settings > Company): a tax invoice is refused without one (issue 37). */
export const E2E_COMPANY_BIN = "000123456-0101";

/**
 * The customer record of E2E_USERS.customer (issue 22), made before the approved quotation is invoiced so its id is
 * fixed (screen-fit.spec.ts opens /admin/customers/:id): a VAT withholding entity with a BIN and a long address.
 * Its approved quotation (E2E_PORTAL_QUOTATIONS.approved) carries a full tax invoice, part paid by a payment that
 * withheld VDS (its certificate awaited) and AIT, so the invoices, payments and Tax Management screens and the
 * portal's Your invoices have a row each, with seven-figure amounts.
 */
export const E2E_CUSTOMER_RECORD = {
  id: "e2e00020-0000-4000-8000-000000000020",
  organisation: "Karim Traders and Event Management Company Limited",
  bin: "0001234560101",
  address: "House 42, Road 11, Block F, Banani Model Town, Dhaka 1213, Bangladesh",
  /** The part payment: what it settles on the invoice, the VDS withheld and the AIT rate. */
  payment: { settles: "1000000.00", vds: "100000.00", aitRate: "2", reference: "E2E-TT-0001" },
} as const;

/**
 * The job of the approved quotation (issue 26), made by the fixtures with this id so screen-fit.spec.ts can open its
 * Overview, Pick list and Crew: long item names, a package with its parts, units sent and some back.
 */
export const E2E_JOB = {
  id: "e2e00040-0000-4000-8000-000000000040",
} as const;
