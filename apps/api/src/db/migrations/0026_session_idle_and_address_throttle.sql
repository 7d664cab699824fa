-- Issue 12, point 12. Sessions end after SESSION_IDLE_MINUTES without a request, beside their 12-hour
-- lifetime: last_seen_at is moved on at most once a minute, so a busy user costs one write a minute.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Failed sign-ins count per username and address (a stranger elsewhere cannot lock a colleague out) and
-- per address across usernames (one address cannot spray usernames).
ALTER TABLE "login_throttle" ADD COLUMN "address" varchar(64) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey";
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_username_key_address_pk" PRIMARY KEY("username_key","address");
--> statement-breakpoint
CREATE TABLE "login_address_throttle" (
	"address" varchar(64) PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
DROP FUNCTION pd_session_principal(text);
--> statement-breakpoint
-- The session lookup (migration 0011) now also ends an idle session and, unless the request is background
-- work (touch false), notes the activity when the last note is a minute old or more. idle_seconds_left tells
-- the web app when the session will end unless there is activity before (relative: clocks differ).
CREATE FUNCTION pd_session_principal(token_hash text, idle_seconds integer, touch boolean)
  RETURNS TABLE (session_id bigint, user_id bigint, company_id bigint, username varchar, roles text[],
                 rights varchar, enable_invoicing varchar, idle_seconds_left integer)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  WITH live AS (
    SELECT s.id AS session_id, u.id AS user_id, u.company_id, u.username, u.roles, u.rights,
           u.enable_invoicing, s.last_seen_at
      FROM public.sessions s
      JOIN public.users u ON u.company_id = s.company_id AND u.id = s.user_id
     WHERE s.token_hash = pd_session_principal.token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(secs => idle_seconds)
       AND u.active
     LIMIT 1
  ), touched AS (
    UPDATE public.sessions s SET last_seen_at = now()
      FROM live
     WHERE pd_session_principal.touch AND s.company_id = live.company_id AND s.id = live.session_id
       AND live.last_seen_at <= now() - interval '1 minute'
    RETURNING s.id
  )
  SELECT session_id, user_id, company_id, username, roles, rights, enable_invoicing,
         ceil(extract(epoch FROM
           (CASE WHEN touch AND last_seen_at <= now() - interval '1 minute' THEN now() ELSE last_seen_at END)
           + make_interval(secs => idle_seconds) - now()))::integer
    FROM live
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
