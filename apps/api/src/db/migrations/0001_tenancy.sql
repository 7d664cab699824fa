-- Tenancy: row-level security on every tenant table (ARCHITECTURE.md section 3).
-- pd_app serves tenant requests; pd_system serves the few cross-tenant paths (sign-in, session lookup,
-- seeding, background jobs). Neither owns a table nor has BYPASSRLS; the owner runs DDL only and,
-- with RLS FORCEd and no policy of its own, sees no tenant rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pd_app') THEN
    CREATE ROLE pd_app NOLOGIN NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pd_system') THEN
    CREATE ROLE pd_system NOLOGIN NOBYPASSRLS NOINHERIT;
  END IF;
  -- A non-superuser owner must be a member to SET ROLE; a superuser already may.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT pd_app, pd_system TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO pd_app, pd_system;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pd_app, pd_system;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pd_app, pd_system;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pd_app, pd_system;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pd_app, pd_system;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pd_current_company() RETURNS bigint
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.company_id', true), '')::bigint $$;
--> statement-breakpoint
-- Later migrations call this for each new tenant table.
CREATE OR REPLACE FUNCTION pd_enable_tenancy(tbl regclass, col text DEFAULT 'company_id') RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS pd_tenant ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY pd_tenant ON %s FOR ALL TO pd_app USING (%I = pd_current_company()) WITH CHECK (%I = pd_current_company())',
    tbl, col, col);
  EXECUTE format('DROP POLICY IF EXISTS pd_system ON %s', tbl);
  EXECUTE format('CREATE POLICY pd_system ON %s FOR ALL TO pd_system USING (true) WITH CHECK (true)', tbl);
END $$;
--> statement-breakpoint
SELECT pd_enable_tenancy('companies', 'id');
--> statement-breakpoint
SELECT pd_enable_tenancy('users');
--> statement-breakpoint
SELECT pd_enable_tenancy('sessions');
--> statement-breakpoint
SELECT pd_enable_tenancy('clients');
--> statement-breakpoint
-- Not a tenant table; only the system role touches it.
REVOKE ALL ON login_throttle FROM pd_app;
