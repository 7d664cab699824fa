-- Issue 17, part 7: a call may be about an opportunity of its client (the log-a-call dialog links it).
ALTER TABLE "calls" ADD COLUMN "opportunity_id" bigint;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_opportunity_fk" FOREIGN KEY ("company_id","opportunity_id") REFERENCES "public"."opportunities"("company_id","id") ON DELETE no action ON UPDATE no action;