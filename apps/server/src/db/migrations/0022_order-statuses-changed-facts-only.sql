-- Decision 0335: an update of a requisition or a workflow row makes its order's kept status stale only when it changes
-- a column the status is derived from (packages/domain listedOrderStatus, read by orderRowsStatement): a row trigger
-- whose WHEN compares those columns costs nothing when they are unchanged, where a statement trigger kept every
-- updated row in a transition table and ran its function for every update (a test selection, instructions, a dx code).
-- Inserts and deletes still mark stale by statement: a row more or less is always a change of the facts.
CREATE FUNCTION "order_statuses_stale_by_changed_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_statuses_stale"(ARRAY[OLD."order_id", NEW."order_id"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "requisitions_status_facts_update" ON "requisitions";
--> statement-breakpoint
DROP TRIGGER "workflow_steps_status_facts_update" ON "workflow_steps";
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_update" AFTER UPDATE ON "requisitions" FOR EACH ROW WHEN (
  OLD."order_id" IS DISTINCT FROM NEW."order_id" OR OLD."canceled" IS DISTINCT FROM NEW."canceled"
  OR OLD."billing_method" IS DISTINCT FROM NEW."billing_method"
  OR OLD."date_last_sample_collected" IS DISTINCT FROM NEW."date_last_sample_collected"
) EXECUTE FUNCTION "order_statuses_stale_by_changed_row"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_update" AFTER UPDATE ON "workflow_steps" FOR EACH ROW WHEN (
  OLD."order_id" IS DISTINCT FROM NEW."order_id" OR OLD."step_id" IS DISTINCT FROM NEW."step_id"
  OR OLD."completed" IS DISTINCT FROM NEW."completed" OR OLD."not_applicable" IS DISTINCT FROM NEW."not_applicable"
  OR OLD."step_date" IS DISTINCT FROM NEW."step_date"
) EXECUTE FUNCTION "order_statuses_stale_by_changed_row"();
