import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, text, time, timestamp, uuid } from "drizzle-orm/pg-core";
import type { StoredImageRecord } from "../../domain/media/stored-image";
import {
  CONTACT_MESSAGE_STATUSES,
  EVENT_STATUSES,
  GALLERY_CATEGORY_IDS,
  type BusinessHours,
  type SocialLinks,
} from "../../domain/content/constants";
import {
  DEFAULT_QUOTATION_TERMS,
  QUOTATION_TERM_FIELDS,
  QUOTATION_TERM_MAX_LENGTH,
} from "../../domain/settings/quotation-terms";
import { createdAt, id, sqlList, updatedAt } from "./columns";
import { users } from "./auth";
import { employees } from "./people";

/** The company's own details. Exactly one row: its id is the fixed integer 1 (noted exception to uuid ids). */
export const companySettings = pgTable(
  "company_settings",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    tagline: text("tagline").notNull().default(""),
    address: text("address").notNull(),
    phones: text("phones")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emails: text("emails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    businessHours: jsonb("business_hours").$type<BusinessHours[]>().notNull().default([]),
    supportNote: text("support_note").notNull().default(""),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    /** Where quotation and contact notifications go. */
    notificationEmail: text("notification_email").notNull(),
    /** The company's VAT registration number (BIN), printed on quotations; blank until set. */
    vatRegistrationNumber: text("vat_registration_number").notNull().default(""),
    /** VAT charged on quotations, in percent (15 standard; may be 0). */
    vatRatePercent: numeric("vat_rate_percent", { precision: 5, scale: 2 }).notNull().default("15"),
    /** The terms printed on every quotation (domain/settings/quotation-terms.ts), in the form's order. */
    termsValidity: text("terms_validity").notNull().default(DEFAULT_QUOTATION_TERMS.termsValidity),
    termsAdvance: text("terms_advance").notNull().default(DEFAULT_QUOTATION_TERMS.termsAdvance),
    termsPayment: text("terms_payment").notNull().default(DEFAULT_QUOTATION_TERMS.termsPayment),
    termsCancellation: text("terms_cancellation").notNull().default(DEFAULT_QUOTATION_TERMS.termsCancellation),
    termsDamage: text("terms_damage").notNull().default(DEFAULT_QUOTATION_TERMS.termsDamage),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("company_settings_single_row", sql`id = 1`),
    check("company_settings_vat_rate_check", sql`${t.vatRatePercent} >= 0 and ${t.vatRatePercent} <= 100`),
    // Every term is printed: none blank, none beyond the form's limit.
    check(
      "company_settings_terms_check",
      sql.join(
        QUOTATION_TERM_FIELDS.map(
          (field) => sql`char_length(btrim(${t[field]})) between 1 and ${sql.raw(String(QUOTATION_TERM_MAX_LENGTH))}`,
        ),
        sql` and `,
      ),
    ),
  ],
);

export const logos = pgTable(
  "logos",
  {
    id: id(),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull(),
    /** The uploaded picture's files (null for pictures shipped under /images/): deleted with the row. */
    image: jsonb("image").$type<StoredImageRecord>(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("logos_sort_order_idx").on(t.sortOrder)],
);

export const heroImages = pgTable(
  "hero_images",
  {
    id: id(),
    imageUrl: text("image_url").notNull(),
    /** Text alternative for screen readers; the spec's hero images had none. */
    alt: text("alt").notNull().default(""),
    /** The uploaded picture's files (null for pictures shipped under /images/): deleted with the row. */
    image: jsonb("image").$type<StoredImageRecord>(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("hero_images_sort_order_idx").on(t.sortOrder)],
);

export const galleryItems = pgTable(
  "gallery_items",
  {
    id: id(),
    title: text("title").notNull(),
    imageUrl: text("image_url").notNull(),
    category: text("category", { enum: GALLERY_CATEGORY_IDS }).notNull(),
    /** The uploaded picture's files (null for pictures shipped under /images/): deleted with the row. */
    image: jsonb("image").$type<StoredImageRecord>(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("gallery_items_category_idx").on(t.category),
    index("gallery_items_sort_order_idx").on(t.sortOrder),
    check("gallery_items_category_check", sql.raw(`category in (${sqlList(GALLERY_CATEGORY_IDS)})`)),
  ],
);

export const events = pgTable(
  "events",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    date: date("date").notNull(),
    time: time("time"),
    location: text("location").notNull(),
    imageUrl: text("image_url"),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The files of the pictures uploaded for it (cover and photos), deleted when no longer shown. */
    uploadedImages: jsonb("uploaded_images").$type<StoredImageRecord[]>().notNull().default([]),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("upcoming"),
    capacity: integer("capacity"),
    organizerId: uuid("organizer_id").references(() => employees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_date_idx").on(t.date),
    index("events_status_date_idx").on(t.status, t.date),
    index("events_organizer_id_idx").on(t.organizerId),
    check("events_status_check", sql.raw(`status in (${sqlList(EVENT_STATUSES)})`)),
    check("events_capacity_check", sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: CONTACT_MESSAGE_STATUSES }).notNull().default("new"),
    ipAddress: text("ip_address"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledByUserId: uuid("handled_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    index("contact_messages_status_idx").on(t.status),
    index("contact_messages_handled_by_user_id_idx").on(t.handledByUserId),
    // The inbox's search (name, e-mail, subject, message) by substring (issue 19).
    index("contact_messages_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("contact_messages_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("contact_messages_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
    index("contact_messages_message_trgm_idx").using("gin", sql`${t.message} gin_trgm_ops`),
    check("contact_messages_status_check", sql.raw(`status in (${sqlList(CONTACT_MESSAGE_STATUSES)})`)),
  ],
);
