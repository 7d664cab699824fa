CREATE TABLE "clients" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" varchar(1) DEFAULT 'N' NOT NULL,
	"name" varchar(200) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"preferred_name" varchar(100),
	"email" varchar(254),
	"mobile" varchar(30),
	"id_number" varchar(30),
	"dob" date,
	"gender" varchar(1),
	"gender_other" varchar(100),
	"category" varchar(100),
	"comm_status" varchar(1) DEFAULT 'Y' NOT NULL,
	"tax_registered" varchar(1) DEFAULT 'N' NOT NULL,
	"tax_number" varchar(40),
	"address_country" varchar(2) DEFAULT 'ZA' NOT NULL,
	"address1" varchar(200),
	"address2" varchar(200),
	"address_region" varchar(100),
	"address_state" varchar(100),
	"address_postal_code" varchar(20),
	"status" varchar(1) DEFAULT 'A' NOT NULL,
	"billing_client_id" bigint,
	"admin_client_id" bigint,
	"affiliate_client_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "clients_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "clients_type_chk" CHECK ("clients"."type" in ('N','J')),
	CONSTRAINT "clients_status_chk" CHECK ("clients"."status" in ('A','I','P'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"type" varchar(1) NOT NULL,
	"tax_registered" varchar(1) DEFAULT 'N' NOT NULL,
	"vat_number" varchar(40),
	"vat_rate_bps" integer NOT NULL,
	"country" varchar(2) NOT NULL,
	"region" varchar(2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"support_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_type_chk" CHECK ("companies"."type" in ('H','F')),
	CONSTRAINT "companies_tax_chk" CHECK ("companies"."tax_registered" in ('Y','N')),
	CONSTRAINT "companies_vat_chk" CHECK ("companies"."vat_rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"username_key" varchar(100) PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"display_name" varchar(200) NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"rights" varchar(10) DEFAULT '' NOT NULL,
	"enable_invoicing" varchar(1) DEFAULT 'Y' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "users_invoicing_chk" CHECK ("users"."enable_invoicing" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_id_key" ON "clients" USING btree ("id");--> statement-breakpoint
CREATE INDEX "clients_company_status_idx" ON "clients" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_key" ON "users" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));