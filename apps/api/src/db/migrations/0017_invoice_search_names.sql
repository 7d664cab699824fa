ALTER TABLE "invoices" ADD COLUMN "search_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_search_names_trgm_idx" ON "invoices" USING gin ("search_names" gin_trgm_ops);