-- Decision 0343: a practitioner's orders are walked newest first by this index, one walk per practitioner of a list,
-- the walks merged; one plan then serves every practitioner, whatever the size of their practice.
DROP INDEX "orders_practitioner_gsdl_no_index";--> statement-breakpoint
CREATE INDEX "orders_practitioner_gsdl_no_id_index" ON "orders" USING btree ("practitioner_gsdl_no","id");