CREATE TABLE "status_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "status_emails_orderId_kind_subject_unique" UNIQUE("order_id","kind","subject")
);
--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "patient_status_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "status_emails" ADD CONSTRAINT "status_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_emails_status_next_attempt_at_index" ON "status_emails" USING btree ("status","next_attempt_at");