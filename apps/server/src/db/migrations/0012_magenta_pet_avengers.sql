ALTER TABLE "orders" ADD COLUMN "expedited_shipping_waived_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expedited_shipping_waived_at" timestamp with time zone;
