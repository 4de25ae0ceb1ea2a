ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "role" text DEFAULT 'anonymous' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "status" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "audit_events_user_id_index" ON "audit_events" USING btree ("user_id");--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
