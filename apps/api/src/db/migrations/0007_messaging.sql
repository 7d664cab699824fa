CREATE TABLE "bulk_sms_sends" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bulk_sms_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"message" text NOT NULL,
	"recipients" integer NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint NOT NULL,
	"idempotency_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_sms_sends_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint,
	"user_id" bigint,
	"bulk_send_id" bigint,
	"channel" varchar(5) NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"attachments" text,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_ref" varchar(200),
	"last_error" text,
	"segments" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" varchar(100),
	"transport" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "messages_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "messages_channel_chk" CHECK ("messages"."channel" in ('email','sms')),
	CONSTRAINT "messages_status_chk" CHECK ("messages"."status" in ('queued','sending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_credit_accounts" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"segment_price_cents" integer DEFAULT 30 NOT NULL,
	"daily_cap" integer DEFAULT 5000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_credit_balance_chk" CHECK ("sms_credit_accounts"."balance_cents" >= 0),
	CONSTRAINT "sms_credit_price_chk" CHECK ("sms_credit_accounts"."segment_price_cents" >= 0),
	CONSTRAINT "sms_credit_cap_chk" CHECK ("sms_credit_accounts"."daily_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_credit_ledger" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"user_id" bigint,
	"message_id" bigint,
	"bulk_send_id" bigint,
	"note" text,
	"idempotency_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_credit_ledger_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "sms_credit_ledger_kind_chk" CHECK ("sms_credit_ledger"."kind" in ('topup','debit','refund')),
	CONSTRAINT "sms_credit_ledger_sign_chk" CHECK (("sms_credit_ledger"."kind" = 'debit' and "sms_credit_ledger"."amount_cents" <= 0) or ("sms_credit_ledger"."kind" <> 'debit' and "sms_credit_ledger"."amount_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_credit_accounts" ADD CONSTRAINT "sms_credit_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_credit_ledger" ADD CONSTRAINT "sms_credit_ledger_account_fk" FOREIGN KEY ("company_id") REFERENCES "public"."sms_credit_accounts"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_sms_sends_id_key" ON "bulk_sms_sends" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_sms_sends_idem_key" ON "bulk_sms_sends" USING btree ("company_id","idempotency_key") WHERE "bulk_sms_sends"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_id_key" ON "messages" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idem_key" ON "messages" USING btree ("company_id","idempotency_key") WHERE "messages"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("next_attempt_at","id") WHERE "messages"."status" in ('queued','sending');--> statement-breakpoint
CREATE INDEX "messages_company_at_idx" ON "messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_client_idx" ON "messages" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_bulk_idx" ON "messages" USING btree ("company_id","bulk_send_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_credit_ledger_id_key" ON "sms_credit_ledger" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_credit_ledger_idem_key" ON "sms_credit_ledger" USING btree ("company_id","idempotency_key") WHERE "sms_credit_ledger"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "sms_credit_ledger_company_at_idx" ON "sms_credit_ledger" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_live_idx" ON "clients" USING btree ("company_id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_id_number_idx" ON "clients" USING btree ("company_id","id_number") WHERE "clients"."deleted_at" is null and "clients"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree ("company_id",lower("email")) WHERE "clients"."deleted_at" is null and "clients"."email" is not null;