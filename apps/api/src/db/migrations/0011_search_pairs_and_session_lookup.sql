-- Two-character client search (see 0004): the same as pd_client_search_tids, through
-- clients_search_pairs_trgm_idx; the caller passes the pattern with every character doubled (pd_pairs).
CREATE OR REPLACE FUNCTION pd_client_search_pairs_tids(pattern text) RETURNS SETOF tid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT ctid FROM public.clients WHERE company_id = $1 AND deleted_at IS NULL AND search_pairs LIKE $2'
    USING public.pd_current_company(), pattern;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pd_client_search_pairs_tids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pd_client_search_pairs_tids(text) TO pd_app;
--> statement-breakpoint
-- The session lookup every signed-in request makes, as one statement: before, a pd_system transaction cost
-- four round trips (begin, role, select, commit). SECURITY DEFINER runs it as pd_system, whose policy
-- admits every row; it answers only for the holder of the token's hash.
CREATE OR REPLACE FUNCTION pd_session_principal(token_hash text)
  RETURNS TABLE (session_id bigint, user_id bigint, company_id bigint, username varchar, roles text[],
                 rights varchar, enable_invoicing varchar)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT s.id, u.id, u.company_id, u.username, u.roles, u.rights, u.enable_invoicing
    FROM public.sessions s
    JOIN public.users u ON u.company_id = s.company_id AND u.id = s.user_id
   WHERE s.token_hash = pd_session_principal.token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
     AND u.active
   LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pd_session_principal(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pd_session_principal(text) TO CURRENT_USER;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO pd_system;
--> statement-breakpoint
ALTER FUNCTION pd_session_principal(text) OWNER TO pd_system;
--> statement-breakpoint
ALTER FUNCTION pd_client_search_pairs_tids(text) OWNER TO pd_system;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM pd_system;
