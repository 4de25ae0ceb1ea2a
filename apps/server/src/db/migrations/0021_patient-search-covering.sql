-- Decision 0334: the name-search indexes also hold the names themselves (INCLUDE), so that a page deep in the list
-- and each way of a name search find their ids by an index-only scan: PostgreSQL answers an expression index only
-- when the columns the expressions are made of are in the index. The schema cannot say INCLUDE (drizzle's index
-- builder has no such option); the indexes keep their names and keys.
DROP INDEX IF EXISTS "patients_last_name_search_index";--> statement-breakpoint
CREATE INDEX "patients_last_name_search_index" ON "patients" USING btree ("gsdl_no",(lower("name_last") collate "C"),(lower("name_first") collate "C"),"date_of_birth","id") INCLUDE ("name_last","name_first");--> statement-breakpoint
DROP INDEX IF EXISTS "patients_first_name_search_index";--> statement-breakpoint
CREATE INDEX "patients_first_name_search_index" ON "patients" USING btree ("gsdl_no",(lower("name_first") collate "C"),(lower("name_last") collate "C"),"date_of_birth","id") INCLUDE ("name_last","name_first");
