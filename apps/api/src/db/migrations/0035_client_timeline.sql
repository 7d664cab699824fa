-- Issue 17, part 9 (client timeline): each kind's rows of one client, newest first, from its own index.
DROP INDEX "calls_client_idx";--> statement-breakpoint
DROP INDEX "notes_client_idx";--> statement-breakpoint
CREATE INDEX "invoices_client_created_idx" ON "invoices" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_client_idx" ON "calls" USING btree ("company_id","client_id","started_at");--> statement-breakpoint
CREATE INDEX "notes_client_idx" ON "notes" USING btree ("company_id","client_id","created_at");
