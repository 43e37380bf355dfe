DROP INDEX "tasks_due_date_idx";--> statement-breakpoint
DROP INDEX "tasks_created_at_idx";--> statement-breakpoint
DROP INDEX "quotations_created_at_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_at_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_subject_trgm_idx" ON "contact_messages" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_message_trgm_idx" ON "contact_messages" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_stock_idx" ON "inventory_items" USING btree ("id","quantity","units_under_repair","repair_return_date","status") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_in_repair_idx" ON "inventory_items" USING btree ("id") WHERE "inventory_items"."archived_at" is null and ("inventory_items"."status" = 'under-repair' or "inventory_items"."units_under_repair" > 0);--> statement-breakpoint
CREATE INDEX "quotation_events_approved_at_idx" ON "quotation_events" USING btree ("created_at","quotation_id") WHERE to_status = 'approved';--> statement-breakpoint
CREATE INDEX "quotation_events_approved_quotation_idx" ON "quotation_events" USING btree ("quotation_id","created_at") WHERE to_status = 'approved';--> statement-breakpoint
CREATE INDEX "quotations_approved_rental_idx" ON "quotations" USING gist (daterange("event_date", coalesce("rental_end_date", "event_date"), '[]')) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "quotations_customer_name_trgm_idx" ON "quotations" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_email_trgm_idx" ON "quotations" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_event_name_trgm_idx" ON "quotations" USING gin ("event_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_approved_changed_idx" ON "quotations" USING btree (greatest("responded_at", "updated_at")) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "audit_log_actor_label_trgm_idx" ON "audit_log" USING gin ("actor_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_summary_trgm_idx" ON "audit_log" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_trgm_idx" ON "audit_log" USING gin ("entity_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_to_sort_idx" ON "email_outbox" USING btree (lower("to_address"),"id");--> statement-breakpoint
CREATE INDEX "email_outbox_subject_sort_idx" ON "email_outbox" USING btree (lower("subject"),"id");--> statement-breakpoint
CREATE INDEX "email_outbox_attempts_sort_idx" ON "email_outbox" USING btree ("attempts","id");--> statement-breakpoint
CREATE INDEX "email_outbox_to_trgm_idx" ON "email_outbox" USING gin ("to_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_subject_trgm_idx" ON "email_outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_due_date_idx" ON "tasks" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_created_at_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_created_at_idx" ON "quotations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox" USING btree ("created_at","id");