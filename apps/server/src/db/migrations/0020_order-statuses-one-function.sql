-- Decision 0331: marking a kept status stale writes only when a row needs it (a row this transaction already wrote as
-- stale, such as a new order's, costs one index probe, not an UPDATE), and one trigger function serves the statement
-- triggers of requisitions, shipments and workflow steps.
CREATE OR REPLACE FUNCTION "order_statuses_stale"(stale_orders integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A row this transaction already wrote as stale is not written again: no other transaction can have read it since
  -- (it holds the row's lock until it commits). Looking first is much cheaper than an UPDATE that writes nothing.
  IF EXISTS (
    SELECT 1 FROM "order_statuses"
    WHERE "order_id" = ANY(stale_orders) AND NOT ("status" IS NULL AND "xmin" = pg_current_xact_id()::xid)
  ) THEN
    UPDATE "order_statuses" SET "status" = NULL, "version" = "version" + 1
    WHERE "order_id" = ANY(stale_orders) AND NOT ("status" IS NULL AND "xmin" = pg_current_xact_id()::xid);
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger's transition tables: new_rows for an insert, old_rows for a delete, both for an update.
  IF TG_OP = 'INSERT' THEN
    PERFORM "order_statuses_stale"(ARRAY(SELECT DISTINCT "order_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "order_statuses_stale"(ARRAY(SELECT DISTINCT "order_id" FROM old_rows));
  ELSE
    PERFORM "order_statuses_stale"(ARRAY(SELECT "order_id" FROM old_rows UNION SELECT "order_id" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "requisitions_status_facts_insert" ON "requisitions";
--> statement-breakpoint
DROP TRIGGER "requisitions_status_facts_update" ON "requisitions";
--> statement-breakpoint
DROP TRIGGER "requisitions_status_facts_delete" ON "requisitions";
--> statement-breakpoint
DROP TRIGGER "shipments_status_facts_insert" ON "shipments";
--> statement-breakpoint
DROP TRIGGER "shipments_status_facts_update" ON "shipments";
--> statement-breakpoint
DROP TRIGGER "shipments_status_facts_delete" ON "shipments";
--> statement-breakpoint
DROP TRIGGER "workflow_steps_status_facts_insert" ON "workflow_steps";
--> statement-breakpoint
DROP TRIGGER "workflow_steps_status_facts_update" ON "workflow_steps";
--> statement-breakpoint
DROP TRIGGER "workflow_steps_status_facts_delete" ON "workflow_steps";
--> statement-breakpoint
DROP FUNCTION "order_statuses_stale_by_new_rows"();
--> statement-breakpoint
DROP FUNCTION "order_statuses_stale_by_changed_rows"();
--> statement-breakpoint
DROP FUNCTION "order_statuses_stale_by_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_insert" AFTER INSERT ON "requisitions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_update" AFTER UPDATE ON "requisitions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_delete" AFTER DELETE ON "requisitions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "shipments_status_facts_insert" AFTER INSERT ON "shipments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "shipments_status_facts_update" AFTER UPDATE ON "shipments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "shipments_status_facts_delete" AFTER DELETE ON "shipments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_insert" AFTER INSERT ON "workflow_steps" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_update" AFTER UPDATE ON "workflow_steps" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_delete" AFTER DELETE ON "workflow_steps" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_rows"();
