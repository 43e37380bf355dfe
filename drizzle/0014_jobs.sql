CREATE TABLE "job_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"job_movement_id" uuid,
	"description" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"invoice_id" uuid,
	"invoice_line_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_charges_amount_check" CHECK ("job_charges"."amount" > 0),
	CONSTRAINT "job_charges_invoiced_check" CHECK (("job_charges"."invoice_id" is null) = ("job_charges"."invoice_line_id" is null))
);
--> statement-breakpoint
CREATE TABLE "job_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"package_line_id" uuid,
	"is_package" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"dispatched" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"line_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_lines_quantity_check" CHECK ("job_lines"."quantity" > 0),
	CONSTRAINT "job_lines_dispatched_check" CHECK ("job_lines"."dispatched" >= 0 and "job_lines"."dispatched" <= "job_lines"."quantity"),
	CONSTRAINT "job_lines_checked_in_check" CHECK ("job_lines"."returned" >= 0 and "job_lines"."damaged" >= 0 and "job_lines"."lost" >= 0
          and "job_lines"."returned" + "job_lines"."damaged" + "job_lines"."lost" <= "job_lines"."dispatched"),
	CONSTRAINT "job_lines_package_check" CHECK (not "job_lines"."is_package" or ("job_lines"."dispatched" = 0 and "job_lines"."package_line_id" is null))
);
--> statement-breakpoint
CREATE TABLE "job_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"job_line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"outcome" text,
	"repair_return_date" date,
	"note" text,
	"actor_user_id" uuid,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_movements_kind_check" CHECK (kind in ('dispatched', 'returned', 'damaged', 'lost')),
	CONSTRAINT "job_movements_quantity_check" CHECK ("job_movements"."quantity" > 0),
	CONSTRAINT "job_movements_outcome_check" CHECK ((kind = 'damaged' and outcome in ('repair', 'write_off'))
        or (kind = 'lost' and outcome = 'write_off')
        or (kind in ('dispatched', 'returned') and outcome is null)),
	CONSTRAINT "job_movements_repair_date_check" CHECK ("job_movements"."repair_return_date" is null or "job_movements"."outcome" = 'repair')
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "jobs_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quotation_id" uuid NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"event_time" time NOT NULL,
	"location" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_number_unique" UNIQUE("number"),
	CONSTRAINT "jobs_quotation_id_unique" UNIQUE("quotation_id"),
	CONSTRAINT "jobs_status_check" CHECK (status in ('planned', 'out', 'returned')),
	CONSTRAINT "jobs_period_check" CHECK ("jobs"."end_date" >= "jobs"."start_date")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "job_role" text;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_job_movement_id_job_movements_id_fk" FOREIGN KEY ("job_movement_id") REFERENCES "public"."job_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_charges" ADD CONSTRAINT "job_charges_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_package_line_id_job_lines_id_fk" FOREIGN KEY ("package_line_id") REFERENCES "public"."job_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_movements" ADD CONSTRAINT "job_movements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_movements" ADD CONSTRAINT "job_movements_job_line_id_job_lines_id_fk" FOREIGN KEY ("job_line_id") REFERENCES "public"."job_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_movements" ADD CONSTRAINT "job_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_charges_job_id_idx" ON "job_charges" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_charges_movement_id_idx" ON "job_charges" USING btree ("job_movement_id");--> statement-breakpoint
CREATE INDEX "job_charges_invoice_id_idx" ON "job_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "job_charges_invoice_line_id_idx" ON "job_charges" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "job_charges_pending_idx" ON "job_charges" USING btree ("customer_id","created_at") WHERE "job_charges"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "job_charges_created_by_idx" ON "job_charges" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "job_lines_job_id_idx" ON "job_lines" USING btree ("job_id","line_no");--> statement-breakpoint
CREATE INDEX "job_lines_package_line_id_idx" ON "job_lines" USING btree ("package_line_id");--> statement-breakpoint
CREATE INDEX "job_lines_inventory_item_id_idx" ON "job_lines" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "job_lines_out_idx" ON "job_lines" USING btree ("inventory_item_id","job_id") WHERE "job_lines"."dispatched" > "job_lines"."returned" + "job_lines"."damaged" + "job_lines"."lost";--> statement-breakpoint
CREATE INDEX "job_movements_job_id_idx" ON "job_movements" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_movements_job_line_id_idx" ON "job_movements" USING btree ("job_line_id");--> statement-breakpoint
CREATE INDEX "job_movements_created_at_idx" ON "job_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_movements_actor_user_id_idx" ON "job_movements" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "jobs_start_date_idx" ON "jobs" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "jobs_status_start_date_idx" ON "jobs" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "jobs_period_idx" ON "jobs" USING gist (daterange("start_date", "end_date", '[]'));--> statement-breakpoint
CREATE INDEX "jobs_customer_id_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_event_id_idx" ON "jobs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_customer_name_trgm_idx" ON "jobs" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_job_id_idx" ON "tasks" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_job_role_check" CHECK (job_role is null or job_role in ('setup', 'operate', 'strike'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_job_check" CHECK (("tasks"."job_id" is null) = ("tasks"."job_role" is null));--> statement-breakpoint
-- Jobs for the approved quotations whose rental has not ended yet in Dhaka (issue 26): what approving them would have opened.
-- Those already over get none: nothing was tracked for them, and a job would claim equipment still out.
INSERT INTO "jobs" ("quotation_id", "customer_id", "customer_name", "phone", "email", "title", "start_date", "end_date", "event_time", "location", "notes")
SELECT q.id, q.customer_id, q.customer_name, q.phone, q.email, q.event_name, q.event_date,
       coalesce(q.rental_end_date, q.event_date), q.event_time, q.event_location, q.notes
FROM "quotations" q
WHERE q.status = 'approved' AND coalesce(q.rental_end_date, q.event_date) >= (now() AT TIME ZONE 'Asia/Dhaka')::date
ORDER BY q.event_date, q.created_at, q.id;
--> statement-breakpoint
INSERT INTO "job_lines" ("job_id", "inventory_item_id", "is_package", "name", "category", "quantity", "line_no")
SELECT j.id, ql.inventory_item_id,
       exists (SELECT 1 FROM "inventory_package_parts" pp WHERE pp.package_item_id = ql.inventory_item_id),
       i.name, i.category, ql.quantity, ql.line_no * 1000
FROM "jobs" j
JOIN "quotation_lines" ql ON ql.quotation_id = j.quotation_id
JOIN "inventory_items" i ON i.id = ql.inventory_item_id;
--> statement-breakpoint
INSERT INTO "job_lines" ("job_id", "inventory_item_id", "package_line_id", "name", "category", "quantity", "line_no")
SELECT pl.job_id, pp.part_item_id, pl.id, i.name, i.category, pl.quantity * pp.quantity, pl.line_no + pp.position + 1
FROM "job_lines" pl
JOIN "inventory_package_parts" pp ON pp.package_item_id = pl.inventory_item_id
JOIN "inventory_items" i ON i.id = pp.part_item_id
WHERE pl.is_package;
