CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY("bucket","key"),
	CONSTRAINT "rate_limit_counters_count_check" CHECK ("rate_limit_counters"."count" >= 1),
	CONSTRAINT "rate_limit_counters_window_check" CHECK ("rate_limit_counters"."window_ends_at" > "rate_limit_counters"."window_started_at")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "email_outbox_kind_recipient_created_idx" ON "email_outbox" USING btree ("kind",lower("to_address"),"created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_kind_created_idx" ON "email_outbox" USING btree ("kind","created_at");