-- Issue 19 (debtors' age analysis): the payments made after an "as at" day, found by date.
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("company_id","paid_on");
