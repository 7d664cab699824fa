SELECT pd_enable_tenancy('sms_credit_accounts');
--> statement-breakpoint
SELECT pd_enable_tenancy('sms_credit_ledger');
--> statement-breakpoint
SELECT pd_enable_tenancy('bulk_sms_sends');
--> statement-breakpoint
SELECT pd_enable_tenancy('messages');
