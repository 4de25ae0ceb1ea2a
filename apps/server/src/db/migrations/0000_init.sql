CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_orderId_type_unique" UNIQUE("order_id","type")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bundle_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bundle_id" integer NOT NULL,
	"position" integer NOT NULL,
	"orderable_item_id" integer NOT NULL,
	"panel" integer,
	"components" integer[] DEFAULT '{}' NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing_method" text
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gsdl_no" text NOT NULL,
	"name" text NOT NULL,
	"billing_method" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards_on_file" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_on_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gsdl_no" text NOT NULL,
	"purpose" text NOT NULL,
	"gateway_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"code" text PRIMARY KEY NOT NULL,
	"discount_type" text NOT NULL,
	"discount_amount" integer NOT NULL,
	"max_discount_cents" integer,
	"gsdl_no" text,
	"practicum_testing" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gsdl_no" text NOT NULL,
	"name_first" text NOT NULL,
	"name_last" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"gender" text,
	"chart_number" text,
	"source" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"gear_req_id" integer,
	"payment_type" text NOT NULL,
	"payment_from" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"full_payment_amount_cents" integer,
	"card_auth_amount_cents" integer,
	"card_last4" text,
	"card_brand" text,
	"check_no" text,
	"prepay_code" text,
	"token_id" text,
	"transaction_id" text,
	"installment_interval_type" text,
	"installment_count" integer,
	"installment_interval" integer,
	"discount_code" text,
	"discount_cents" integer,
	"status" text NOT NULL,
	"idempotency_key" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "prepay_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"orderable_item_id" integer,
	"redeemed_by_payment_id" integer,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"login_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" text NOT NULL,
	"gsdl_no" text,
	"on_behalf_of" text[] DEFAULT '{}' NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_loginName_unique" UNIQUE("login_name")
);
--> statement-breakpoint
CREATE TABLE "catalogue_requisitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_requisitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"req_number" text,
	"activation_code" text,
	"orderable_item_id" integer NOT NULL,
	"paperless" boolean DEFAULT false NOT NULL,
	"gsdl_no" text,
	"removed" boolean DEFAULT false NOT NULL,
	"removed_notice" text,
	"preselection" jsonb,
	CONSTRAINT "catalogue_requisitions_reqNumber_unique" UNIQUE("req_number"),
	CONSTRAINT "catalogue_requisitions_activationCode_unique" UNIQUE("activation_code")
);
--> statement-breakpoint
CREATE TABLE "icd10_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"short_description" text,
	"billable" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 10 NOT NULL,
	"release" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "input_fields" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"input_type" text NOT NULL,
	"parent_id" integer,
	"cpt_code" text,
	"cpt_quantity" text,
	"display_only" boolean DEFAULT false NOT NULL,
	"gdx_item_id" text,
	"accession_key" text,
	"disclaimer" text,
	"is_add_on" boolean DEFAULT false NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orderable_item_diagnosis_codes" (
	"orderable_item_id" integer NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "orderable_item_diagnosis_codes_orderable_item_id_code_pk" PRIMARY KEY("orderable_item_id","code")
);
--> statement-breakpoint
CREATE TABLE "orderable_item_input_fields" (
	"orderable_item_id" integer NOT NULL,
	"input_field_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "orderable_item_input_fields_orderable_item_id_input_field_id_pk" PRIMARY KEY("orderable_item_id","input_field_id")
);
--> statement-breakpoint
CREATE TABLE "orderable_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"specimen_type" text,
	"notice" text,
	"gbf_name" text,
	"drop_ship_only" boolean DEFAULT false NOT NULL,
	"mcr_eligible" boolean DEFAULT false NOT NULL,
	"paperless" boolean DEFAULT false NOT NULL,
	"mixed_component_pricing" boolean DEFAULT false NOT NULL,
	"contains_cpt_code_quantity" boolean DEFAULT false NOT NULL,
	"nutritional" boolean DEFAULT false NOT NULL,
	"covid" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"orderable_item_id" integer NOT NULL,
	"input_field_id" integer,
	"price_type" text NOT NULL,
	"gsdl_no" text,
	"price_cents" integer NOT NULL,
	"max_out_of_pocket_cents" integer
);
--> statement-breakpoint
CREATE TABLE "accessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gear_req_id" integer NOT NULL,
	"accession_no" text NOT NULL,
	"product_name" text NOT NULL,
	"requisition_status_id" integer,
	"due_date" text,
	"discarded_specimen" boolean DEFAULT false NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "accessions_accessionNo_unique" UNIQUE("accession_no")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text NOT NULL,
	"delivery_date" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"order_form_id" text,
	"practitioner_gsdl_no" text,
	"on_behalf_of" text,
	"pract_agreement" boolean,
	"pract_agreement_date" timestamp with time zone,
	"data_confirmed" boolean DEFAULT false NOT NULL,
	"date_medical_necessity_acknowledged" timestamp with time zone,
	"simplified_client_billing" boolean DEFAULT false NOT NULL,
	"patient_registration" boolean DEFAULT false NOT NULL,
	"government_payor" boolean DEFAULT false NOT NULL,
	"bundle_template" boolean DEFAULT false NOT NULL,
	"my_gdx_kit_order" boolean DEFAULT false NOT NULL,
	"covid_registration" boolean DEFAULT false NOT NULL,
	"physician_in_the_loop" boolean DEFAULT false NOT NULL,
	"recollection_for" integer,
	"patient_info" jsonb,
	"insurance" jsonb,
	"secondary_insurance" jsonb,
	"shipping_method" text DEFAULT 'FedEx Ground' NOT NULL,
	"shipping_information" jsonb,
	"patient_agreement" boolean DEFAULT false NOT NULL,
	"nsa_acknowledged" boolean DEFAULT false NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requisitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requisitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 700001 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"catalogue_requisition_id" integer,
	"req_number" text,
	"activation_code" text,
	"billing_method" text,
	"orderable_item_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"panel" integer,
	"components" integer[] DEFAULT '{}' NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"component_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"add_on_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_collection_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile_specific_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_last_sample_collected" text,
	"drop_ship" boolean DEFAULT false NOT NULL,
	"ship_to_office" boolean DEFAULT false NOT NULL,
	"covid_registration" boolean DEFAULT false NOT NULL,
	"paperless" boolean DEFAULT false NOT NULL,
	"physician_in_the_loop" boolean DEFAULT false NOT NULL,
	"patient_instructions" text,
	"clinical_findings" text,
	"route_number" text,
	"x_com_id" text,
	"no_card_activation" boolean DEFAULT false NOT NULL,
	"repurposed_collection_pack" jsonb,
	"icd_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"gear_req_id" integer,
	"status_id" integer DEFAULT 1 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"not_applicable" boolean DEFAULT false NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"user_type" text,
	"step_date" timestamp with time zone,
	CONSTRAINT "workflow_steps_orderId_stepId_gearReqId_unique" UNIQUE NULLS NOT DISTINCT("order_id","step_id","gear_req_id")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text NOT NULL,
	"phone_number" text NOT NULL,
	"req_layout_id" integer,
	"shipping_card_on_file" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"gsdl_no" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"degree" text NOT NULL,
	"authorizing_doctor_gsdl_no" text,
	"billing_methods" text[] DEFAULT '{}' NOT NULL,
	"credit_status" text,
	"cap_authorized" boolean DEFAULT false NOT NULL,
	"ship_to_office_permitted" boolean DEFAULT false NOT NULL,
	"covid_registration_account" boolean DEFAULT false NOT NULL,
	"do_not_quote_prices" boolean DEFAULT false NOT NULL,
	"cloud_site_service_key" text,
	"card_on_file" boolean DEFAULT false NOT NULL,
	"cms_attributes" integer[] DEFAULT '{}' NOT NULL,
	"office_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards_on_file" ADD CONSTRAINT "cards_on_file_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gear_req_id_requisitions_id_fk" FOREIGN KEY ("gear_req_id") REFERENCES "public"."requisitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_codes" ADD CONSTRAINT "prepay_codes_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_codes" ADD CONSTRAINT "prepay_codes_redeemed_by_payment_id_payments_id_fk" FOREIGN KEY ("redeemed_by_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_requisitions" ADD CONSTRAINT "catalogue_requisitions_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_requisitions" ADD CONSTRAINT "catalogue_requisitions_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orderable_item_diagnosis_codes" ADD CONSTRAINT "orderable_item_diagnosis_codes_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orderable_item_input_fields" ADD CONSTRAINT "orderable_item_input_fields_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orderable_item_input_fields" ADD CONSTRAINT "orderable_item_input_fields_input_field_id_input_fields_id_fk" FOREIGN KEY ("input_field_id") REFERENCES "public"."input_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_input_field_id_input_fields_id_fk" FOREIGN KEY ("input_field_id") REFERENCES "public"."input_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessions" ADD CONSTRAINT "accessions_gear_req_id_requisitions_id_fk" FOREIGN KEY ("gear_req_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_practitioner_gsdl_no_practitioners_gsdl_no_fk" FOREIGN KEY ("practitioner_gsdl_no") REFERENCES "public"."practitioners"("gsdl_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_catalogue_requisition_id_catalogue_requisitions_id_fk" FOREIGN KEY ("catalogue_requisition_id") REFERENCES "public"."catalogue_requisitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_orderable_item_id_orderable_items_id_fk" FOREIGN KEY ("orderable_item_id") REFERENCES "public"."orderable_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_gear_req_id_requisitions_id_fk" FOREIGN KEY ("gear_req_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_order_id_index" ON "audit_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "patients_gsdl_no_name_last_name_first_index" ON "patients" USING btree ("gsdl_no","name_last","name_first");--> statement-breakpoint
CREATE INDEX "patients_gsdl_no_date_of_birth_index" ON "patients" USING btree ("gsdl_no","date_of_birth");--> statement-breakpoint
CREATE INDEX "payments_order_id_index" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "prices_orderable_item_id_price_type_index" ON "prices" USING btree ("orderable_item_id","price_type");--> statement-breakpoint
CREATE INDEX "accessions_gear_req_id_index" ON "accessions" USING btree ("gear_req_id");--> statement-breakpoint
CREATE INDEX "shipments_order_id_index" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_practitioner_gsdl_no_index" ON "orders" USING btree ("practitioner_gsdl_no");--> statement-breakpoint
CREATE INDEX "requisitions_order_id_index" ON "requisitions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "requisitions_req_number_index" ON "requisitions" USING btree ("req_number");--> statement-breakpoint
CREATE INDEX "requisitions_activation_code_index" ON "requisitions" USING btree ("activation_code");--> statement-breakpoint
CREATE INDEX "workflow_steps_order_id_index" ON "workflow_steps" USING btree ("order_id");