-- Issue 14, point 5. pd_session_principal (migration 0026) as PL/pgSQL: the same statement, the same answer,
-- but planned once per connection instead of on every call. A LANGUAGE sql function that cannot be inlined
-- (SECURITY DEFINER, a data-modifying WITH) is parsed and planned afresh each time it is called: measured with
-- pgbench on the bench server under load 9, 2.0–3.3 ms a call against 0.5–0.7 ms as PL/pgSQL, which caches
-- the plan of its query for the connection's life. Every signed-in request calls it once.
DROP FUNCTION pd_session_principal(text, integer, boolean);
--> statement-breakpoint
CREATE FUNCTION pd_session_principal(token_hash text, idle_seconds integer, touch boolean)
  RETURNS TABLE (session_id bigint, user_id bigint, company_id bigint, username varchar, roles text[],
                 rights varchar, enable_invoicing varchar, idle_seconds_left integer)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN QUERY
  WITH live AS (
    SELECT s.id AS session_id, u.id AS user_id, u.company_id, u.username, u.roles, u.rights,
           u.enable_invoicing, s.last_seen_at
      FROM public.sessions s
      JOIN public.users u ON u.company_id = s.company_id AND u.id = s.user_id
     WHERE s.token_hash = pd_session_principal.token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(secs => pd_session_principal.idle_seconds)
       AND u.active
     LIMIT 1
  ), touched AS (
    UPDATE public.sessions s SET last_seen_at = now()
      FROM live
     WHERE pd_session_principal.touch AND s.company_id = live.company_id AND s.id = live.session_id
       AND live.last_seen_at <= now() - interval '1 minute'
    RETURNING s.id
  )
  SELECT live.session_id, live.user_id, live.company_id, live.username, live.roles, live.rights,
         live.enable_invoicing,
         ceil(extract(epoch FROM
           (CASE WHEN pd_session_principal.touch AND live.last_seen_at <= now() - interval '1 minute'
                 THEN now() ELSE live.last_seen_at END)
           + make_interval(secs => pd_session_principal.idle_seconds) - now()))::integer
    FROM live;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pd_session_principal(text, integer, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pd_session_principal(text, integer, boolean) TO CURRENT_USER;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO pd_system;
--> statement-breakpoint
ALTER FUNCTION pd_session_principal(text, integer, boolean) OWNER TO pd_system;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM pd_system;
