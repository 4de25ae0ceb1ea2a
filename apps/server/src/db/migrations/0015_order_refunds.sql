CREATE TABLE "carrier_scans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carrier_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"location" text,
	"description" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intake_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender" text NOT NULL,
	"sender_event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"gear_req_id" integer,
	"facts" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_events_sender_senderEventId_unique" UNIQUE("sender","sender_event_id")
);
--> statement-breakpoint
CREATE TABLE "recollections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recollections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"gear_req_id" integer NOT NULL,
	"accession_no" text,
	"recollection_order_id" integer,
	"payment_required" boolean DEFAULT false NOT NULL,
	"pending" boolean DEFAULT true NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" text NOT NULL,
	CONSTRAINT "recollections_gearReqId_unique" UNIQUE("gear_req_id")
);
--> statement-breakpoint
ALTER TABLE "accessions" ADD COLUMN "result_file_key" text;--> statement-breakpoint
ALTER TABLE "accessions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_scans" ADD CONSTRAINT "carrier_scans_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_events" ADD CONSTRAINT "intake_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_events" ADD CONSTRAINT "intake_events_gear_req_id_requisitions_id_fk" FOREIGN KEY ("gear_req_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recollections" ADD CONSTRAINT "recollections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recollections" ADD CONSTRAINT "recollections_gear_req_id_requisitions_id_fk" FOREIGN KEY ("gear_req_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recollections" ADD CONSTRAINT "recollections_recollection_order_id_orders_id_fk" FOREIGN KEY ("recollection_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_scans_shipment_id_scanned_at_index" ON "carrier_scans" USING btree ("shipment_id","scanned_at");--> statement-breakpoint
CREATE INDEX "intake_events_order_id_occurred_at_index" ON "intake_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "recollections_order_id_index" ON "recollections" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_trackingNumber_unique" UNIQUE("tracking_number");
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"gear_req_id" integer,
	"transaction_id" text NOT NULL,
	"refund_id" text,
	"refund_cents" integer NOT NULL,
	"fee_kept_cents" integer NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_transactionId_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_gear_req_id_requisitions_id_fk" FOREIGN KEY ("gear_req_id") REFERENCES "public"."requisitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_id_index" ON "order_refunds" USING btree ("order_id");
