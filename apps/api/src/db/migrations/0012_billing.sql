CREATE TABLE "billing_runs" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"invoices_created" integer DEFAULT 0 NOT NULL,
	"started_by" bigint,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "billing_runs_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "billing_runs_period_chk" CHECK ("billing_runs"."period_end" >= "billing_runs"."period_start")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"last_invoice_number" integer DEFAULT 0 NOT NULL,
	"invoice_prefix" varchar(10) DEFAULT 'INV' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"unpaid_ladder" text[] DEFAULT '{G,F,S,L}'::text[] NOT NULL,
	"unpaid_interval_days" integer DEFAULT 14 NOT NULL,
	"billing_day" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_number_chk" CHECK ("billing_settings"."last_invoice_number" >= 0),
	CONSTRAINT "billing_settings_terms_chk" CHECK ("billing_settings"."payment_terms_days" between 0 and 365),
	CONSTRAINT "billing_settings_day_chk" CHECK ("billing_settings"."billing_day" between 1 and 28)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_id" bigint,
	"client_product_id" bigint,
	"billing_plan_id" bigint,
	"description" varchar(300) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"vat_rate_bps" integer DEFAULT 0 NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	CONSTRAINT "invoice_lines_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "invoice_lines_qty_chk" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_price_chk" CHECK ("invoice_lines"."unit_price_cents" >= 0),
	CONSTRAINT "invoice_lines_vat_chk" CHECK ("invoice_lines"."vat_rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" integer,
	"client_id" bigint NOT NULL,
	"bill_to_client_id" bigint NOT NULL,
	"affiliate_client_id" bigint,
	"practitioner_id" bigint,
	"appointment_id" bigint,
	"client_product_id" bigint,
	"billing_plan_id" bigint,
	"billing_run_id" bigint,
	"billing_period" date,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"invoiced" date NOT NULL,
	"due" date NOT NULL,
	"use_tax_rate" varchar(1) DEFAULT 'N' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "invoices_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "invoices_status_chk" CHECK ("invoices"."status" in ('draft','active','paid','archived','cancelled')),
	CONSTRAINT "invoices_number_chk" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null)),
	CONSTRAINT "invoices_due_chk" CHECK ("invoices"."due" >= "invoices"."invoiced"),
	CONSTRAINT "invoices_tax_chk" CHECK ("invoices"."use_tax_rate" in ('Y','N')),
	CONSTRAINT "invoices_amounts_chk" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."vat_cents" and "invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" varchar(20) NOT NULL,
	"reference" varchar(100),
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payments_amount_chk" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_method_chk" CHECK ("payments"."method" in ('cash','card','eft','medical_aid','other','write_off'))
);
--> statement-breakpoint
CREATE TABLE "unpaid_notice_invoices" (
	"company_id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"outstanding_cents" bigint NOT NULL,
	CONSTRAINT "unpaid_notice_invoices_company_id_notice_id_invoice_id_pk" PRIMARY KEY("company_id","notice_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "unpaid_notices" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "unpaid_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"unpaid_type" varchar(1) NOT NULL,
	"amount_outstanding_cents" bigint NOT NULL,
	"unpaid_run_id" bigint,
	"message_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unpaid_notices_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "unpaid_notices_type_chk" CHECK ("unpaid_notices"."unpaid_type" in ('M','G','F','S','L','C')),
	CONSTRAINT "unpaid_notices_amount_chk" CHECK ("unpaid_notices"."amount_outstanding_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "unpaid_runs" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "unpaid_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"notices_created" integer DEFAULT 0 NOT NULL,
	"started_by" bigint,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "unpaid_runs_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_to_fk" FOREIGN KEY ("company_id","bill_to_client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_run_fk" FOREIGN KEY ("company_id","billing_run_id") REFERENCES "public"."billing_runs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_notice_invoices" ADD CONSTRAINT "unpaid_notice_invoices_notice_fk" FOREIGN KEY ("company_id","notice_id") REFERENCES "public"."unpaid_notices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_notice_invoices" ADD CONSTRAINT "unpaid_notice_invoices_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_notices" ADD CONSTRAINT "unpaid_notices_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_notices" ADD CONSTRAINT "unpaid_notices_run_fk" FOREIGN KEY ("company_id","unpaid_run_id") REFERENCES "public"."unpaid_runs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_id_key" ON "billing_runs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "billing_runs_company_idx" ON "billing_runs" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_id_key" ON "invoice_lines" USING btree ("id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("company_id","invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_id_key" ON "invoices" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("company_id","number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_billing_period_key" ON "invoices" USING btree ("company_id","client_product_id","billing_period") WHERE "invoices"."billing_period" is not null and "invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_company_invoiced_idx" ON "invoices" USING btree ("company_id","invoiced","id");--> statement-breakpoint
CREATE INDEX "invoices_company_status_idx" ON "invoices" USING btree ("company_id","status","due");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("company_id","client_id","invoiced");--> statement-breakpoint
CREATE INDEX "invoices_bill_to_idx" ON "invoices" USING btree ("company_id","bill_to_client_id");--> statement-breakpoint
CREATE INDEX "invoices_practitioner_idx" ON "invoices" USING btree ("company_id","practitioner_id","invoiced");--> statement-breakpoint
CREATE INDEX "invoices_affiliate_idx" ON "invoices" USING btree ("company_id","affiliate_client_id");--> statement-breakpoint
CREATE INDEX "invoices_billing_run_idx" ON "invoices" USING btree ("company_id","billing_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_id_key" ON "payments" USING btree ("id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "unpaid_notice_invoices_invoice_idx" ON "unpaid_notice_invoices" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unpaid_notices_id_key" ON "unpaid_notices" USING btree ("id");--> statement-breakpoint
CREATE INDEX "unpaid_notices_client_idx" ON "unpaid_notices" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "unpaid_notices_run_idx" ON "unpaid_notices" USING btree ("company_id","unpaid_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unpaid_runs_id_key" ON "unpaid_runs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "unpaid_runs_company_idx" ON "unpaid_runs" USING btree ("company_id","started_at");