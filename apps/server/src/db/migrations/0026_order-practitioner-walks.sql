-- Decision 0343: one practitioner's orders are walked newest first by this index, so that one plan serves every
-- practitioner whatever the size of their practice, and PostgreSQL keeps it.
DROP INDEX "orders_practitioner_gsdl_no_index";--> statement-breakpoint
CREATE INDEX "orders_practitioner_gsdl_no_id_index" ON "orders" USING btree ("practitioner_gsdl_no","id");