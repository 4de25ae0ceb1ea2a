-- Decision 0342: the order lists keep, beside an order's status, the facts of its list row that come from its other
-- tables (requisitions with their accessions, shipments, recollections, workflow rows), so that a page reads one kept
-- row per order instead of building them from five tables. They go stale with the status: the one function that
-- marks a status stale clears the facts too, and a requisition's update now also marks it when it changes a column
-- the row shows (its numbers, product, quantity, position). An order's own columns and its payments are read live.
ALTER TABLE "order_statuses" ADD COLUMN "facts" json;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_statuses_stale"(stale_orders integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A row this transaction already wrote as stale is not written again: no other transaction can have read it since
  -- (it holds the row's lock until it commits). Looking first is much cheaper than an UPDATE that writes nothing.
  IF EXISTS (
    SELECT 1 FROM "order_statuses"
    WHERE "order_id" = ANY(stale_orders) AND NOT ("status" IS NULL AND "xmin" = pg_current_xact_id()::xid)
  ) THEN
    UPDATE "order_statuses" SET "status" = NULL, "facts" = NULL, "version" = "version" + 1
    WHERE "order_id" = ANY(stale_orders) AND NOT ("status" IS NULL AND "xmin" = pg_current_xact_id()::xid);
  END IF;
END
$$;
--> statement-breakpoint
DROP TRIGGER "requisitions_status_facts_update" ON "requisitions";
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_update" AFTER UPDATE ON "requisitions" FOR EACH ROW WHEN (
  OLD."order_id" IS DISTINCT FROM NEW."order_id" OR OLD."canceled" IS DISTINCT FROM NEW."canceled"
  OR OLD."billing_method" IS DISTINCT FROM NEW."billing_method"
  OR OLD."date_last_sample_collected" IS DISTINCT FROM NEW."date_last_sample_collected"
  OR OLD."req_number" IS DISTINCT FROM NEW."req_number" OR OLD."activation_code" IS DISTINCT FROM NEW."activation_code"
  OR OLD."orderable_item_id" IS DISTINCT FROM NEW."orderable_item_id" OR OLD."quantity" IS DISTINCT FROM NEW."quantity"
  OR OLD."position" IS DISTINCT FROM NEW."position"
) EXECUTE FUNCTION "order_statuses_stale_by_changed_row"();
