ALTER TABLE "events" ADD COLUMN "uploaded_images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "image" jsonb;