CREATE TABLE "special_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "special_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fee" text NOT NULL,
	"price_type" text NOT NULL,
	"gsdl_no" text,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "special_fees" ADD CONSTRAINT "special_fees_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "special_fees_fee_price_type_index" ON "special_fees" USING btree ("fee","price_type");