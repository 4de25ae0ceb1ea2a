CREATE INDEX "orders_created_at_index" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_patient_last_name_index" ON "orders" USING btree (lower("patient_info"->>'nameLast') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_patient_first_name_index" ON "orders" USING btree (lower("patient_info"->>'nameFirst') text_pattern_ops);
