ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "vat_registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "vat_rate_percent" numeric(5, 2) DEFAULT '15' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "hero_images" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "logos" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_handled_by_user_id_idx" ON "contact_messages" USING btree ("handled_by_user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('admin', 'staff', 'accountant', 'customer'));--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_vat_rate_check" CHECK ("company_settings"."vat_rate_percent" >= 0 and "company_settings"."vat_rate_percent" <= 100);--> statement-breakpoint
UPDATE "contact_messages" SET "status" = 'handled' WHERE "status" = 'archived';--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status_check" CHECK (status in ('new', 'read', 'handled'));