CREATE TABLE "payment_instalments" (
	"payment_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charged_at" timestamp with time zone,
	CONSTRAINT "payment_instalments_paymentId_number_unique" UNIQUE("payment_id","number")
);
--> statement-breakpoint
CREATE TABLE "gateway_authorizations" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_authorizations_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "gateway_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_refunds_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_transaction_id_gateway_authorizations_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."gateway_authorizations"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_authorizations_token_index" ON "gateway_authorizations" USING btree ("token");