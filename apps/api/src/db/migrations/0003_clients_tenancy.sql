SELECT pd_enable_tenancy('client_configs');
--> statement-breakpoint
SELECT pd_enable_tenancy('providers');
--> statement-breakpoint
SELECT pd_enable_tenancy('audit_entries');
--> statement-breakpoint
-- Shared reference data: the app reads it; only imports (system role) change it.
REVOKE INSERT, UPDATE, DELETE ON icd10_codes FROM pd_app;
--> statement-breakpoint
-- The audit trail is append-only for the application.
REVOKE UPDATE, DELETE ON audit_entries FROM pd_app;
