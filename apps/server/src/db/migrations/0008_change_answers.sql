CREATE TABLE "change_answers" (
	"order_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"call" smallint NOT NULL,
	"request_hash" text NOT NULL,
	"order" jsonb NOT NULL,
	"new_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_answers_order_id_idempotency_key_call_pk" PRIMARY KEY("order_id","idempotency_key","call")
);
--> statement-breakpoint
ALTER TABLE "change_answers" ADD CONSTRAINT "change_answers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;