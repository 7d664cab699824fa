-- Billing runs: statistics for the invoices a large run has just written, before their lines are inserted.
-- Without them (a company's first large run on a fresh table) the lines' foreign-key checks run a plan made
-- for an empty table that reads all of the company's invoices per line: 76 s instead of 15 s for 10,000
-- (docs/benchmarks.md, "Billing runs"). ANALYZE counts the run's own uncommitted rows; only the table's owner
-- may run it, hence SECURITY DEFINER (owned by the migrating role, which owns the table). It only acts when
-- the run added at least 1,000 invoices and the table's estimate is below twice that: a table with current
-- statistics is left alone, so runs do not queue behind each other's ANALYZE lock.
CREATE OR REPLACE FUNCTION pd_refresh_invoice_statistics(added bigint) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF added < 1000 OR (SELECT reltuples FROM pg_class WHERE oid = 'public.invoices'::regclass) >= added * 2 THEN
    RETURN false;
  END IF;
  ANALYZE public.invoices;
  RETURN true;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pd_refresh_invoice_statistics(bigint) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pd_refresh_invoice_statistics(bigint) TO pd_app;
