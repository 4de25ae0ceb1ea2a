CREATE TABLE "submissions" (
	"order_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_order_id_idempotency_key_pk" PRIMARY KEY("order_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;