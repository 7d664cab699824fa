-- Invoice search by name (issue 6; docs/benchmarks.md, "Invoices"): invoices.search_names holds the client's
-- name and, when someone else pays, the paying client's name, lowercased, one per line (a search cannot
-- match across the two). Kept by triggers, in the writer's own role and tenant (row-level security applies).
CREATE OR REPLACE FUNCTION pd_invoice_search_names() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.search_names := coalesce(
      (SELECT lower(c.name) FROM public.clients c WHERE c.company_id = NEW.company_id AND c.id = NEW.client_id), '')
    || CASE WHEN NEW.bill_to_client_id IS DISTINCT FROM NEW.client_id THEN E'\n' || coalesce(
      (SELECT lower(b.name) FROM public.clients b WHERE b.company_id = NEW.company_id AND b.id = NEW.bill_to_client_id), '')
       ELSE '' END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_search_names BEFORE INSERT OR UPDATE OF client_id, bill_to_client_id, search_names
  ON invoices FOR EACH ROW EXECUTE FUNCTION pd_invoice_search_names();
--> statement-breakpoint
-- A renamed client: its invoices (as client or as payer) take the new name.
CREATE OR REPLACE FUNCTION pd_client_renamed() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  UPDATE public.invoices SET search_names = ''
   WHERE company_id = NEW.company_id AND (client_id = NEW.id OR bill_to_client_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_renamed AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION pd_client_renamed();
--> statement-breakpoint
-- Invoices written before this migration (pd_system's policy admits every row, whoever migrates).
SET ROLE pd_system;
--> statement-breakpoint
UPDATE invoices SET search_names = '';
--> statement-breakpoint
RESET ROLE;
--> statement-breakpoint
-- As pd_client_search_tids (0004): LIKE is not leakproof, so under row-level security the planner never uses
-- the trigram index for pd_app; this runs the LIKE as pd_system, pinned to the transaction's tenant, and
-- returns row addresses only, which the caller reads through row-level security.
CREATE OR REPLACE FUNCTION pd_invoice_search_tids(pattern text) RETURNS SETOF tid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE 'SELECT ctid FROM public.invoices WHERE company_id = $1 AND search_names LIKE $2'
    USING public.pd_current_company(), pattern;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pd_invoice_search_tids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pd_invoice_search_tids(text) TO pd_app;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO pd_system;
--> statement-breakpoint
ALTER FUNCTION pd_invoice_search_tids(text) OWNER TO pd_system;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM pd_system;
