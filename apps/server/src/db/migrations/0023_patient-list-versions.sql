-- Decision 0336: a number per practitioner raised by every change of the name order of their patient list, in the
-- writer's transaction, so that a process may keep positions in the list (every 200th patient's name keys) while the
-- number stays and find a page deep in the list from the nearest one. Inserts and deletes raise it by statement; an
-- update only when it changes a key of the order (the names, the date of birth, the practitioner).
CREATE TABLE "patient_list_versions" (
	"gsdl_no" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "patient_list_versions_raise"("gsdl_numbers" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "patient_list_versions" ("gsdl_no", "version")
  SELECT DISTINCT "n", 1 FROM unnest("gsdl_numbers") AS "n" WHERE "n" IS NOT NULL ORDER BY "n"
  ON CONFLICT ("gsdl_no") DO UPDATE SET "version" = "patient_list_versions"."version" + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_list_versions_by_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_list_versions_raise"(ARRAY(SELECT "gsdl_no" FROM "changed"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_list_versions_by_changed_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_list_versions_raise"(ARRAY[OLD."gsdl_no", NEW."gsdl_no"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "patients_list_version_insert" AFTER INSERT ON "patients" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_list_versions_by_statement"();
--> statement-breakpoint
CREATE TRIGGER "patients_list_version_delete" AFTER DELETE ON "patients" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_list_versions_by_statement"();
--> statement-breakpoint
CREATE TRIGGER "patients_list_version_update" AFTER UPDATE ON "patients" FOR EACH ROW WHEN (
  OLD."gsdl_no" IS DISTINCT FROM NEW."gsdl_no" OR OLD."name_last" IS DISTINCT FROM NEW."name_last"
  OR OLD."name_first" IS DISTINCT FROM NEW."name_first" OR OLD."date_of_birth" IS DISTINCT FROM NEW."date_of_birth"
) EXECUTE FUNCTION "patient_list_versions_by_changed_row"();
--> statement-breakpoint
INSERT INTO "patient_list_versions" ("gsdl_no") SELECT DISTINCT "gsdl_no" FROM "patients";
--> statement-breakpoint
CREATE FUNCTION "patient_list_versions_by_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "patient_list_versions" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "patients_list_version_truncate" AFTER TRUNCATE ON "patients"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_list_versions_by_truncate"();
