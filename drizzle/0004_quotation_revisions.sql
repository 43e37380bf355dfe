CREATE TABLE "quotation_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"event_date" date NOT NULL,
	"rental_end_date" date NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"sent_by_user_id" uuid,
	"sent_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_revisions_quotation_revision_unique" UNIQUE("quotation_id","revision"),
	CONSTRAINT "quotation_revisions_revision_check" CHECK ("quotation_revisions"."revision" > 0),
	CONSTRAINT "quotation_revisions_money_check" CHECK ("quotation_revisions"."subtotal" >= 0 and "quotation_revisions"."discount" >= 0 and "quotation_revisions"."vat_amount" >= 0 and "quotation_revisions"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "rental_end_date" date;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "vat_rate_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The link's token is kept only as its SHA-256 from now on (nothing was sent before this version).
ALTER TABLE "quotations" DROP COLUMN "secure_link_token";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "secure_link_token_hash" text;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_revisions_sent_by_user_id_idx" ON "quotation_revisions" USING btree ("sent_by_user_id");--> statement-breakpoint
CREATE INDEX "quotations_approved_period_idx" ON "quotations" USING btree ("event_date",coalesce("rental_end_date", "event_date")) WHERE status = 'approved';--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_secure_link_token_hash_unique" UNIQUE("secure_link_token_hash");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_discount_check" CHECK ("quotations"."discount" >= 0);--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_vat_rate_check" CHECK ("quotations"."vat_rate_percent" >= 0 and "quotations"."vat_rate_percent" <= 100);--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_rental_period_check" CHECK ("quotations"."rental_end_date" is null or "quotations"."rental_end_date" >= "quotations"."event_date");