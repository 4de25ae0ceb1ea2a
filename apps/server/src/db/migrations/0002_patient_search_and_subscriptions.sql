CREATE TABLE "subscription_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"gender" text,
	"age" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "subscription_outbox_listId_email_unique" UNIQUE("list_id","email")
);
--> statement-breakpoint
CREATE INDEX "patients_last_name_search_index" ON "patients" USING btree ("gsdl_no",(lower("name_last") collate "C"),(lower("name_first") collate "C"),"date_of_birth","id");--> statement-breakpoint
CREATE INDEX "patients_first_name_search_index" ON "patients" USING btree ("gsdl_no",(lower("name_first") collate "C"),(lower("name_last") collate "C"),"date_of_birth","id");--> statement-breakpoint
CREATE INDEX "patients_chart_number_index" ON "patients" USING btree ("gsdl_no","chart_number");