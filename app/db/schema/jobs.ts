import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, text, time, uuid } from "drizzle-orm/pg-core";
import { DAMAGE_OUTCOMES, JOB_MOVEMENT_KINDS, JOB_STATUSES } from "../../domain/jobs/constants";
import { users } from "./auth";
import { inventoryItems } from "./catalogue";
import { events } from "./content";
import { quotations } from "./quotations";
import { customers, invoiceLines, invoices } from "./sales";
import { createdAt, id, money, sqlList, updatedAt } from "./columns";

/**
 * A job (issue 26, ADR 0030): what an approved quotation sets going, opened in the approval's transaction: its
 * equipment (job_lines, packages with their parts), the event's place and time, the crew (tasks.job_id), what left
 * and came back (job_movements) and any damage or loss charged (job_charges). One per quotation.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    /** Shown as JOB-000042 (jobReference). */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity(),
    quotationId: uuid("quotation_id")
      .notNull()
      .unique()
      .references(() => quotations.id, { onDelete: "restrict" }),
    customerId: uuid("customer_id").references((): AnyPgColumn => customers.id, { onDelete: "restrict" }),
    /** The quotation's contact and event as approved (snapshots: the quotation is never edited after approval). */
    customerName: text("customer_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    title: text("title").notNull(),
    /** The rental period: the equipment leaves on or before start_date and is due back after end_date. */
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    eventTime: time("event_time").notNull(),
    location: text("location").notNull(),
    notes: text("notes"),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("planned"),
    /** The Event Management event made from the job (one step, from its crew tab). */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_start_date_idx").on(t.startDate, t.id),
    index("jobs_status_start_date_idx").on(t.status, t.startDate),
    // The calendar and the day view: the jobs whose period overlaps a month, a week or a day.
    index("jobs_period_idx").using("gist", sql`daterange(${t.startDate}, ${t.endDate}, '[]')`),
    index("jobs_customer_id_idx").on(t.customerId),
    index("jobs_event_id_idx").on(t.eventId),
    index("jobs_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("jobs_customer_name_trgm_idx").using("gin", sql`${t.customerName} gin_trgm_ops`),
    check("jobs_status_check", sql.raw(`status in (${sqlList(JOB_STATUSES)})`)),
    check("jobs_period_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * What a job takes, as the quotation's lines were approved: a package is a line of its own (is_package, never
 * dispatched itself) whose parts are lines with package_line_id, each part's quantity = packages × units per
 * package. Counts of units: dispatched (left), and of those returned, damaged or lost (checked in).
 */
export const jobLines = pgTable(
  "job_lines",
  {
    id: id(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    /** The package line this is a part of; null for a line of the quotation itself. */
    packageLineId: uuid("package_line_id").references((): AnyPgColumn => jobLines.id, { onDelete: "cascade" }),
    isPackage: boolean("is_package").notNull().default(false),
    /** Snapshots for the pick list: the item's name and category when the job was opened. */
    name: text("name").notNull(),
    category: text("category").notNull(),
    quantity: integer("quantity").notNull(),
    dispatched: integer("dispatched").notNull().default(0),
    returned: integer("returned").notNull().default(0),
    damaged: integer("damaged").notNull().default(0),
    lost: integer("lost").notNull().default(0),
    lineNo: integer("line_no").notNull().default(0),
  },
  (t) => [
    index("job_lines_job_id_idx").on(t.jobId, t.lineNo),
    index("job_lines_package_line_id_idx").on(t.packageLineId),
    index("job_lines_inventory_item_id_idx").on(t.inventoryItemId),
    // Stock by date: the units still out of each item, after their job's period (catalogue/stock.server.ts).
    index("job_lines_out_idx")
      .on(t.inventoryItemId, t.jobId)
      .where(sql`${t.dispatched} > ${t.returned} + ${t.damaged} + ${t.lost}`),
    check("job_lines_quantity_check", sql`${t.quantity} > 0`),
    check("job_lines_dispatched_check", sql`${t.dispatched} >= 0 and ${t.dispatched} <= ${t.quantity}`),
    check(
      "job_lines_checked_in_check",
      sql`${t.returned} >= 0 and ${t.damaged} >= 0 and ${t.lost} >= 0
          and ${t.returned} + ${t.damaged} + ${t.lost} <= ${t.dispatched}`,
    ),
    check("job_lines_package_check", sql`not ${t.isPackage} or (${t.dispatched} = 0 and ${t.packageLineId} is null)`),
  ],
);

/**
 * Every dispatch and check-in of a job line, with who and when: what left (dispatched), came back (returned), came
 * back damaged (damaged: to the workshop until repair_return_date, or written off) or did not come back (lost:
 * written off), with the note typed.
 */
export const jobMovements = pgTable(
  "job_movements",
  {
    id: id(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    jobLineId: uuid("job_line_id")
      .notNull()
      .references(() => jobLines.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: JOB_MOVEMENT_KINDS }).notNull(),
    quantity: integer("quantity").notNull(),
    outcome: text("outcome", { enum: DAMAGE_OUTCOMES }),
    repairReturnDate: date("repair_return_date"),
    note: text("note"),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_movements_job_id_idx").on(t.jobId, t.createdAt),
    index("job_movements_job_line_id_idx").on(t.jobLineId),
    // The day view: what left or came back on a day.
    index("job_movements_created_at_idx").on(t.createdAt),
    index("job_movements_actor_user_id_idx").on(t.actorUserId),
    check("job_movements_kind_check", sql.raw(`kind in (${sqlList(JOB_MOVEMENT_KINDS)})`)),
    check("job_movements_quantity_check", sql`${t.quantity} > 0`),
    check(
      "job_movements_outcome_check",
      sql.raw(`(kind = 'damaged' and outcome in (${sqlList(DAMAGE_OUTCOMES)}))
        or (kind = 'lost' and outcome = 'write_off')
        or (kind in ('dispatched', 'returned') and outcome is null)`),
    ),
    check("job_movements_repair_date_check", sql`${t.repairReturnDate} is null or ${t.outcome} = 'repair'`),
  ],
);

/**
 * A damage or loss charge to the job's customer, added as a line to the customer's next invoice: pending while
 * invoice_id is null, then the invoice and its line that carry it.
 */
export const jobCharges = pgTable(
  "job_charges",
  {
    id: id(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    customerId: uuid("customer_id")
      .notNull()
      .references((): AnyPgColumn => customers.id, { onDelete: "restrict" }),
    /** The movement (damaged or lost units) it charges for, when made from a check-in. */
    jobMovementId: uuid("job_movement_id").references(() => jobMovements.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amount: money("amount").notNull(),
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    invoiceLineId: uuid("invoice_line_id").references((): AnyPgColumn => invoiceLines.id, { onDelete: "restrict" }),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_charges_job_id_idx").on(t.jobId),
    index("job_charges_movement_id_idx").on(t.jobMovementId),
    index("job_charges_invoice_id_idx").on(t.invoiceId),
    index("job_charges_invoice_line_id_idx").on(t.invoiceLineId),
    // The customer's next invoice: their charges not yet invoiced.
    index("job_charges_pending_idx")
      .on(t.customerId, t.createdAt)
      .where(sql`${t.invoiceId} is null`),
    index("job_charges_created_by_idx").on(t.createdByUserId),
    check("job_charges_amount_check", sql`${t.amount} > 0`),
    check("job_charges_invoiced_check", sql`(${t.invoiceId} is null) = (${t.invoiceLineId} is null)`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobLineRow = typeof jobLines.$inferSelect;
