CREATE TABLE "patient_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
