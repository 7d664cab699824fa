CREATE TABLE "audit_entries" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint,
	"client_id" bigint,
	"sub_process" varchar(50) NOT NULL,
	"action" varchar(50) NOT NULL,
	"description" text NOT NULL,
	"changes" jsonb,
	CONSTRAINT "audit_entries_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "client_configs" (
	"company_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"diagnosis_code1" varchar(10),
	"diagnosis_code2" varchar(10),
	"diagnosis_code3" varchar(10),
	"diagnosis_code4" varchar(10),
	"diagnosis_code5" varchar(10),
	"provider_id" bigint,
	"medical_name" varchar(100),
	"medical_number" varchar(50),
	"medical_plan" varchar(100),
	"medical_member_firstname" varchar(100),
	"medical_member_lastname" varchar(100),
	"medical_member_initials" varchar(10),
	"medical_member_id" varchar(30),
	"medical_member_code" varchar(10),
	"medical_dependant_firstname" varchar(100),
	"medical_dependant_lastname" varchar(100),
	"medical_dependant_initials" varchar(10),
	"medical_dependant_id" varchar(30),
	"medical_dependant_code" varchar(10),
	"claim_preference" varchar(50),
	"authorisation" varchar(50),
	"in_hospital" varchar(1),
	"pmb" varchar(1),
	"referring_firstname" varchar(100),
	"referring_lastname" varchar(100),
	"referring_email" varchar(254),
	"referring_mobile" varchar(30),
	"referring_registration_number" varchar(50),
	"referring_practice_number" varchar(50),
	"referring_qualification" varchar(100),
	"raf_link_number" varchar(50),
	"region" varchar(100),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_configs_company_id_client_id_pk" PRIMARY KEY("company_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "icd10_codes" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"valid_primary" boolean DEFAULT true NOT NULL,
	"valid_asterisk" boolean DEFAULT false NOT NULL,
	"valid_dagger" boolean DEFAULT false NOT NULL,
	"age_range" varchar(50),
	"gender" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"practice_number" varchar(50),
	"kind" varchar(50),
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "providers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("clients"."id"::text || ' ' || "clients"."name" || ' ' || coalesce("clients"."email", '') || ' ' || coalesce("clients"."mobile", ''))) STORED;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_configs" ADD CONSTRAINT "client_configs_company_id_client_id_clients_company_id_id_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_id_key" ON "audit_entries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "audit_entries_client_idx" ON "audit_entries" USING btree ("company_id","client_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_company_at_idx" ON "audit_entries" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "icd10_code_prefix_idx" ON "icd10_codes" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "icd10_description_trgm_idx" ON "icd10_codes" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "providers_id_key" ON "providers" USING btree ("id");--> statement-breakpoint
CREATE INDEX "providers_name_idx" ON "providers" USING btree ("company_id",lower("name") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_billing_fk" FOREIGN KEY ("company_id","billing_client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_admin_fk" FOREIGN KEY ("company_id","admin_client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_affiliate_fk" FOREIGN KEY ("company_id","affiliate_client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_list_order_idx" ON "clients" USING btree ("company_id","last_name","first_name","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_not_own_related_chk" CHECK ("clients"."id" is distinct from "clients"."billing_client_id" and "clients"."id" is distinct from "clients"."admin_client_id" and "clients"."id" is distinct from "clients"."affiliate_client_id");