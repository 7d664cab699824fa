CREATE INDEX "invoices_company_due_idx" ON "invoices" USING btree ("company_id","due","id");--> statement-breakpoint
CREATE INDEX "invoices_company_total_idx" ON "invoices" USING btree ("company_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_company_outstanding_idx" ON "invoices" USING btree ("company_id",("total_cents" - "paid_cents"),"id");