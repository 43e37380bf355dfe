ALTER TABLE "vat_periods" DROP CONSTRAINT "vat_periods_amounts_check";--> statement-breakpoint
ALTER TABLE "vat_periods" ADD COLUMN "carried_in" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_periods" ADD COLUMN "carried_into_id" uuid;--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_carried_into_id_vat_periods_id_fk" FOREIGN KEY ("carried_into_id") REFERENCES "public"."vat_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_periods_carried_into_id_idx" ON "vat_periods" USING btree ("carried_into_id");--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_carried_into_check" CHECK ("vat_periods"."carried_into_id" is null or "vat_periods"."net_payable" < 0);--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_amounts_check" CHECK ("vat_periods"."vds_credit" >= 0 and "vat_periods"."carried_in" >= 0 and "vat_periods"."net_payable" = "vat_periods"."output_vat" - "vat_periods"."input_vat" - "vat_periods"."vds_credit" - "vat_periods"."carried_in");