-- Client search through the trigram index (issue 3; figures in docs/benchmarks.md).
-- Under row-level security PostgreSQL applies a query's own conditions only after the policy's unless they
-- are LEAKPROOF, and LIKE is not, so for pd_app the planner never uses clients_search_trgm_idx: a search
-- reads every client of the company (about 100 ms for 200,000). This function runs the LIKE as pd_system,
-- whose policy admits every row, so the index can serve it. It is pinned to the tenant of the transaction
-- (pd_current_company(), the value the pd_app policy checks) and returns row addresses only: the caller
-- reads the rows themselves, in the same statement, through row-level security and its own conditions.
CREATE OR REPLACE FUNCTION pd_client_search_tids(pattern text) RETURNS SETOF tid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- EXECUTE plans with the actual pattern: a generic plan cannot tell a selective pattern from a poor one.
  RETURN QUERY EXECUTE
    'SELECT ctid FROM public.clients WHERE company_id = $1 AND deleted_at IS NULL AND search_text LIKE $2'
    USING public.pd_current_company(), pattern;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pd_client_search_tids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pd_client_search_tids(text) TO pd_app;
--> statement-breakpoint
-- The new owner needs CREATE on the schema for the hand-over only (a superuser needs nothing).
GRANT CREATE ON SCHEMA public TO pd_system;
--> statement-breakpoint
ALTER FUNCTION pd_client_search_tids(text) OWNER TO pd_system;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM pd_system;
