-- Decision 0337: the order searches find a patient's name from its start in a stored lower-case key, so that the name
-- indexes answer by an index-only scan: PostgreSQL answers an expression index only when the columns the expression
-- is made of are in the index, and patient_info is the whole patient. The name indexes INCLUDE what the lists filter
-- and page on; the schema cannot say INCLUDE (drizzle's index builder has no such option).
DROP INDEX "orders_patient_last_name_index";--> statement-breakpoint
DROP INDEX "orders_patient_first_name_index";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "name_last_key" text GENERATED ALWAYS AS (lower(patient_info->>'nameLast')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "name_first_key" text GENERATED ALWAYS AS (lower(patient_info->>'nameFirst')) STORED;--> statement-breakpoint
CREATE INDEX "orders_patient_last_name_index" ON "orders" USING btree ("name_last_key" text_pattern_ops) INCLUDE ("id", "practitioner_gsdl_no", "canceled", "created_at");--> statement-breakpoint
CREATE INDEX "orders_patient_first_name_index" ON "orders" USING btree ("name_first_key" text_pattern_ops) INCLUDE ("id", "practitioner_gsdl_no", "canceled", "created_at");
