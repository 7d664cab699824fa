-- Appointments (issue 15): row-level security on the new tenant tables, and the database's guarantee of no
-- double booking. drizzle-kit cannot express exclusion constraints, so they are written here by hand.
SELECT pd_enable_tenancy('rooms');
--> statement-breakpoint
SELECT pd_enable_tenancy('practitioners');
--> statement-breakpoint
SELECT pd_enable_tenancy('practitioner_hours');
--> statement-breakpoint
SELECT pd_enable_tenancy('availability_exceptions');
--> statement-breakpoint
SELECT pd_enable_tenancy('appointment_types');
--> statement-breakpoint
SELECT pd_enable_tenancy('appointment_type_practitioners');
--> statement-breakpoint
SELECT pd_enable_tenancy('appointment_series');
--> statement-breakpoint
SELECT pd_enable_tenancy('appointments');
--> statement-breakpoint
SELECT pd_enable_tenancy('calendar_feeds');
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- The time an appointment holds: its own span plus the buffer after it. Adding whole minutes to an instant
-- does not depend on the session's time zone, so the function is truly immutable (an index may use it).
CREATE OR REPLACE FUNCTION pd_blocked_span(span tstzrange, buffer_minutes integer) RETURNS tstzrange
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT tstzrange(lower(span), upper(span) + make_interval(mins => buffer_minutes), '[)') $$;
--> statement-breakpoint
-- No two live appointments of one practitioner overlap (half-open: back-to-back is allowed); cancelled,
-- no-show and entered-in-error ones drop out, and so does a deliberate double-booking (allow_overlap,
-- audited), which the service checks the other way round. Deferrable (checked per statement unless a
-- transaction defers them) so a whole series can move in one transaction past its own old times.
ALTER TABLE appointments ADD CONSTRAINT appointments_practitioner_no_overlap
  EXCLUDE USING gist (company_id WITH =, practitioner_id WITH =, pd_blocked_span(span, buffer_minutes) WITH &&)
  WHERE (status in ('booked','arrived','fulfilled') and not allow_overlap)
  DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_room_no_overlap
  EXCLUDE USING gist (company_id WITH =, room_id WITH =, pd_blocked_span(span, buffer_minutes) WITH &&)
  WHERE (room_id is not null and status in ('booked','arrived','fulfilled') and not allow_overlap)
  DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
-- At most one live invoice per appointment (its visit, or its no-show or late-cancellation fee).
CREATE UNIQUE INDEX invoices_appointment_live_key ON invoices (company_id, appointment_id)
  WHERE appointment_id is not null and status not in ('cancelled','draft');
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_appointment_fk FOREIGN KEY (company_id, appointment_id)
  REFERENCES appointments (company_id, id);
