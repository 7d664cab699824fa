CREATE TABLE "appointment_series" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "appointment_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"frequency" varchar(12) NOT NULL,
	"rule" varchar(200) NOT NULL,
	"occurrences" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "appointment_series_frequency_chk" CHECK ("appointment_series"."frequency" in ('weekly','fortnightly','monthly')),
	CONSTRAINT "appointment_series_occurrences_chk" CHECK ("appointment_series"."occurrences" between 1 and 52)
);
--> statement-breakpoint
CREATE TABLE "appointment_type_practitioners" (
	"company_id" bigint NOT NULL,
	"type_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "appointment_type_practitioners_company_id_type_id_user_id_pk" PRIMARY KEY("company_id","type_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_types" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "appointment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"min_minutes" integer NOT NULL,
	"max_minutes" integer NOT NULL,
	"colour" varchar(7) NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"product_id" bigint,
	"billing_plan_id" bigint,
	"tariff_code" varchar(20),
	"no_show_fee_cents" bigint,
	"late_cancel_fee_cents" bigint,
	"active" varchar(1) DEFAULT 'Y' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "appointment_types_length_chk" CHECK ("appointment_types"."min_minutes" > 0 and "appointment_types"."min_minutes" <= "appointment_types"."duration_minutes" and "appointment_types"."duration_minutes" <= "appointment_types"."max_minutes" and "appointment_types"."max_minutes" <= 720),
	CONSTRAINT "appointment_types_buffer_chk" CHECK ("appointment_types"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "appointment_types_source_chk" CHECK ("appointment_types"."product_id" is null or "appointment_types"."billing_plan_id" is null),
	CONSTRAINT "appointment_types_fees_chk" CHECK (coalesce("appointment_types"."no_show_fee_cents", 0) >= 0 and coalesce("appointment_types"."late_cancel_fee_cents", 0) >= 0),
	CONSTRAINT "appointment_types_active_chk" CHECK ("appointment_types"."active" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"practitioner_id" bigint NOT NULL,
	"room_id" bigint,
	"type_id" bigint NOT NULL,
	"series_id" bigint,
	"series_index" integer,
	"span" "tstzrange" NOT NULL,
	"starts_at" timestamp with time zone GENERATED ALWAYS AS (lower("appointments"."span")) STORED NOT NULL,
	"ends_at" timestamp with time zone GENERATED ALWAYS AS (upper("appointments"."span")) STORED NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'booked' NOT NULL,
	"cancel_reason" varchar(10),
	"notes" text,
	"allow_overlap" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "appointments_status_chk" CHECK ("appointments"."status" in ('booked','arrived','fulfilled','cancelled','noshow','entered-in-error')),
	CONSTRAINT "appointments_cancel_reason_chk" CHECK (("appointments"."status" = 'cancelled') = ("appointments"."cancel_reason" is not null) and coalesce("appointments"."cancel_reason", 'client') in ('client','practice','late')),
	CONSTRAINT "appointments_span_chk" CHECK (not isempty("appointments"."span") and lower_inc("appointments"."span") and not upper_inc("appointments"."span") and upper("appointments"."span") - lower("appointments"."span") <= interval '12 hours'),
	CONSTRAINT "appointments_buffer_chk" CHECK ("appointments"."buffer_minutes" between 0 and 240)
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "availability_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"kind" varchar(10) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"note" varchar(200),
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exceptions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "availability_exceptions_kind_chk" CHECK ("availability_exceptions"."kind" in ('leave','training','closed','other')),
	CONSTRAINT "availability_exceptions_dates_chk" CHECK ("availability_exceptions"."end_date" >= "availability_exceptions"."start_date"),
	CONSTRAINT "availability_exceptions_times_chk" CHECK (("availability_exceptions"."start_time" is null and "availability_exceptions"."end_time" is null) or ("availability_exceptions"."start_time" is not null and "availability_exceptions"."end_time" > "availability_exceptions"."start_time"))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "practitioner_hours" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "practitioner_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "practitioner_hours_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "practitioner_hours_weekday_chk" CHECK ("practitioner_hours"."weekday" between 1 and 7),
	CONSTRAINT "practitioner_hours_order_chk" CHECK ("practitioner_hours"."end_time" > "practitioner_hours"."start_time")
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"active" varchar(1) DEFAULT 'Y' NOT NULL,
	"colour" varchar(7) DEFAULT '#1e88e5' NOT NULL,
	"practice_number" varchar(30),
	"registration_number" varchar(30),
	"default_room_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practitioners_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "practitioners_active_chk" CHECK ("practitioners"."active" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"description" text,
	"active" varchar(1) DEFAULT 'Y' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "rooms_active_chk" CHECK ("rooms"."active" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_practitioners" ADD CONSTRAINT "appointment_type_practitioners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_practitioners" ADD CONSTRAINT "appointment_type_practitioners_type_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."appointment_types"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_practitioners" ADD CONSTRAINT "appointment_type_practitioners_practitioner_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."practitioners"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_plan_fk" FOREIGN KEY ("company_id","billing_plan_id") REFERENCES "public"."billing_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_fk" FOREIGN KEY ("company_id","practitioner_id") REFERENCES "public"."practitioners"("company_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_room_fk" FOREIGN KEY ("company_id","room_id") REFERENCES "public"."rooms"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_type_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."appointment_types"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_fk" FOREIGN KEY ("company_id","series_id") REFERENCES "public"."appointment_series"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_practitioner_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."practitioners"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_hours" ADD CONSTRAINT "practitioner_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_hours" ADD CONSTRAINT "practitioner_hours_practitioner_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."practitioners"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_room_fk" FOREIGN KEY ("company_id","default_room_id") REFERENCES "public"."rooms"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_series_id_key" ON "appointment_series" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_types_id_key" ON "appointment_types" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_id_key" ON "appointments" USING btree ("id");--> statement-breakpoint
CREATE INDEX "appointments_start_idx" ON "appointments" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_practitioner_start_idx" ON "appointments" USING btree ("company_id","practitioner_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_room_start_idx" ON "appointments" USING btree ("company_id","room_id","starts_at") WHERE "appointments"."room_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_client_start_idx" ON "appointments" USING btree ("company_id","client_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("company_id","series_id","series_index") WHERE "appointments"."series_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_exceptions_id_key" ON "availability_exceptions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "availability_exceptions_range_idx" ON "availability_exceptions" USING btree ("company_id","end_date","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_id_key" ON "calendar_feeds" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_key" ON "calendar_feeds" USING btree ("company_id","user_id") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "practitioner_hours_id_key" ON "practitioner_hours" USING btree ("id");--> statement-breakpoint
CREATE INDEX "practitioner_hours_user_idx" ON "practitioner_hours" USING btree ("company_id","user_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_id_key" ON "rooms" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_name_key" ON "rooms" USING btree ("company_id",lower("name"));