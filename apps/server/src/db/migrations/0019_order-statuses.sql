CREATE TABLE "order_statuses" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"status" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_statuses" ADD CONSTRAINT "order_statuses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_statuses_status_order_id_index" ON "order_statuses" USING btree ("status","order_id");--> statement-breakpoint
CREATE INDEX "order_statuses_stale_index" ON "order_statuses" USING btree ("order_id") WHERE "order_statuses"."status" is null;--> statement-breakpoint
INSERT INTO "order_statuses" ("order_id") SELECT "id" FROM "orders";
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale"(stale_orders integer[]) RETURNS void LANGUAGE sql AS $$
  -- A row this transaction already wrote as stale is not written again: no other transaction can have read it since.
  UPDATE "order_statuses" SET "status" = NULL, "version" = "version" + 1
  WHERE "order_id" = ANY(stale_orders) AND NOT ("status" IS NULL AND "xmin" = pg_current_xact_id()::xid)
$$;
--> statement-breakpoint
CREATE FUNCTION "order_statuses_of_new_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_statuses" ("order_id") SELECT "id" FROM new_orders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_have_a_status" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_of_new_orders"();
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_statuses_stale"(ARRAY(SELECT DISTINCT "order_id" FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_statuses_stale"(ARRAY(SELECT "order_id" FROM old_rows UNION SELECT "order_id" FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_statuses_stale"(ARRAY(SELECT DISTINCT "order_id" FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_statuses_stale"(ARRAY[NEW."id"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_status_facts" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (OLD."canceled" IS DISTINCT FROM NEW."canceled" OR OLD."data_confirmed" IS DISTINCT FROM NEW."data_confirmed") EXECUTE FUNCTION "order_statuses_stale_by_order"();
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_insert" AFTER INSERT ON "requisitions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_update" AFTER UPDATE ON "requisitions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "requisitions_status_facts_delete" AFTER DELETE ON "requisitions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "shipments_status_facts_insert" AFTER INSERT ON "shipments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "shipments_status_facts_update" AFTER UPDATE ON "shipments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "shipments_status_facts_delete" AFTER DELETE ON "shipments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_insert" AFTER INSERT ON "workflow_steps" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_update" AFTER UPDATE ON "workflow_steps" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "workflow_steps_status_facts_delete" AFTER DELETE ON "workflow_steps" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_statuses_stale_by_old_rows"();
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_recollection"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "order_statuses_stale"(ARRAY[OLD."order_id", OLD."recollection_order_id"]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "order_statuses_stale"(ARRAY[NEW."order_id", NEW."recollection_order_id"]); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "recollections_status_facts" AFTER INSERT OR UPDATE OR DELETE ON "recollections" FOR EACH ROW EXECUTE FUNCTION "order_statuses_stale_by_recollection"();
--> statement-breakpoint
CREATE FUNCTION "order_statuses_stale_by_accession"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "order_statuses_stale"(ARRAY(SELECT "order_id" FROM "requisitions" WHERE "id" = OLD."gear_req_id"));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "order_statuses_stale"(ARRAY(SELECT "order_id" FROM "requisitions" WHERE "id" = NEW."gear_req_id"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accessions_status_facts" AFTER INSERT OR UPDATE OR DELETE ON "accessions" FOR EACH ROW EXECUTE FUNCTION "order_statuses_stale_by_accession"();
